import Foundation
@_spi(CLI) import ModelDiffKit

/// Removes what a killed migration left behind: a SIGKILL gives no chance to clean up, so the next
/// run does it, for files whose name carries the id of a process that no longer exists.
enum AbandonedFiles {
    /// Partial outputs of `output` (`.NAME.modeldiff-partial-PID`, its journal and step files).
    static func removePartials(of output: String) {
        let folder = (output as NSString).deletingLastPathComponent
        removeFiles(in: folder.isEmpty ? "." : folder, prefix: ".\((output as NSString).lastPathComponent).modeldiff-partial-")
    }

    /// Private copies of WAL stores a reader made in the temporary folder (`modeldiff-read-PID-UUID`).
    static func removeReadSnapshots() {
        removeFiles(in: FileManager.default.temporaryDirectory.path, prefix: "modeldiff-read-")
    }

    private static func removeFiles(in folder: String, prefix: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let digits = rest.prefix { $0.isNumber }
            // The pid ends the name or is followed by a suffix (`-journal`, `.0`, `-UUID`).
            guard let pid = Int32(digits), [nil, "-", "."].contains(rest.dropFirst(digits.count).first), isGone(pid) else { continue }
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
    }

    /// Whether no process has this id. EPERM means one exists that we may not signal: keep its files.
    private static func isGone(_ pid: Int32) -> Bool {
        pid > 0 && pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }
}
