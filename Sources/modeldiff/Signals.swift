import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

/// The signals a writing command handles.
enum Signals {
    /// Makes a write past the file-size limit (`ulimit -f`) fail with EFBIG, which the commands
    /// report as one line, instead of SIGXFSZ killing the process silently with a half-written file.
    static func ignoreFileSizeLimitSignal() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// On Ctrl-C (SIGINT) or SIGTERM, removes the migration's partial files (registered here) and
    /// the private read copies of WAL sources (registered by the library as it makes them), then
    /// exits 130. The handler only calls `InterruptCleanup.removeAll()` and `_exit`, which are
    /// async-signal-safe; the paths are prepared beforehand. Also ignores SIGXFSZ.
    static func removeOnInterrupt() {
        ignoreFileSizeLimitSignal()
        // A process inherits its parent's blocked signals (a launcher running on a libdispatch
        // thread blocks them all), and a blocked SIGINT would never reach the handler.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGINT)
        sigaddset(&unblocked, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { _ in
                InterruptCleanup.removeAll()
                _exit(130)
            }
        }
    }

    /// Registers a migration's partial files (`StoreMigration.partialPath`, one per step) and, for a
    /// dry run, the temporary output, for removal on Ctrl-C or SIGTERM.
    static func registerPartials(of output: String, steps: Int, dryRun: Bool) {
        let partial = StoreMigration.partialPath(for: output)
        let files = [partial] + (0..<steps).map { partial + ".\($0)" } + (dryRun ? [output] : [])
        InterruptCleanup.register(files: files.flatMap { [$0, $0 + "-journal"] })
    }
}
