import Foundation

/// The rule every file modeldiff writes obeys, checked before anything is written: the output is
/// absent or a regular file, is not a symbolic link, is not one of the inputs, does not lie inside an
/// input folder (or hold an input), and, for a store, is not named as a store's companion file.
///
/// Why each part:
/// - Outputs are written beside the path and renamed onto it, and rename(2) replaces whatever the
///   name held: a device node (`/dev/full`), a FIFO or a socket would become a regular file.
/// - A final symbolic link would be replaced by the new file rather than written through, so the
///   file it points to keeps its old content while the user expects the new one; or, written
///   through, it would send the output somewhere the command line does not show. Neither is what the
///   user asked for, so a link is refused and the message says where it points. Links in the folders
///   above the file (`/tmp` on macOS) are followed as usual.
/// - Sameness is decided by device and inode, not by name, so `./a.sqlite`, an absolute path, a hard
///   link or a symbolic link to an input all count as that input; the folders above the output are
///   compared the same way, so a file inside an input folder (a version inside the `--to` bundle, a
///   file in a Swift source folder) counts as that input too. For stores, the companions (`-wal`,
///   `-shm`, `-journal`) of both sides count: a migration removes the output's old `-wal` and `-shm`
///   after the rename, and SQLite would apply a journal to the file beside it.
/// - A store output named `NAME-wal`, `NAME-shm` or `NAME-journal` is refused whether or not `NAME`
///   exists: SQLite takes such a file for the companion of the store `NAME` and, the next time that
///   store is opened (the source of `migrate src.sqlite --output src.sqlite-wal`), applies or deletes
///   it, and the written store is gone.
@_spi(CLI) public enum OutputPath {
    /// The suffixes of SQLite's companion files.
    package static let storeCompanions = StoreFiles.companions

    /// Throws a one-line diagnostic naming `output` unless it may be written.
    /// - Parameters:
    ///   - inputs: files and folders the command reads; the output must not be any of them or lie
    ///     inside one.
    ///   - companions: whether the output and the first input are SQLite stores, whose companion files
    ///     count as the store.
    @_spi(CLI) public static func check(_ output: String, notSameAs inputs: [String] = [], companions: Bool = false) throws(Diagnostic) {
        try check(output, notSameAs: inputs, storeOutput: companions, source: companions ? inputs.first : nil)
    }

    /// Throws a one-line diagnostic naming `output` unless it may be written.
    /// - Parameters:
    ///   - inputs: files and folders the command reads (`source` among them).
    ///   - storeOutput: whether the output is a SQLite store, which may not take a companion's name.
    ///   - source: the store the command reads, whose companions count as the store.
    @_spi(CLI) public static func check(_ output: String, notSameAs inputs: [String], storeOutput: Bool, source: String?) throws(Diagnostic)
    {
        try checkNotInput(output, inputs: inputs, storeOutput: storeOutput, source: source)
        var info = stat()
        guard lstat(output, &info) == 0 else { return }  // absent: the command creates it
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return
        case S_IFLNK:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: output)) ?? "?"
            throw Diagnostic(
                path: output, message: "the output is a symbolic link (to \(target)); give the path of the file itself, or remove the link")
        case S_IFDIR:
            throw Diagnostic(path: output, message: "the output is a folder; give the path of a file to write")
        default:
            throw Diagnostic(
                path: output,
                message: "the output is \(kind(of: info.st_mode)), not a regular file; modeldiff only creates or replaces regular files")
        }
    }

    /// Writes `text` to `output` after `check(_:notSameAs:)`: into a file beside it, fsynced, then
    /// renamed onto it, so a reader never sees half of it. Failures are one line with the system's
    /// reason (a full disk, the file-size limit, a missing folder).
    @_spi(CLI) public static func write(_ text: String, to output: String, notSameAs inputs: [String] = []) throws(Diagnostic) {
        try check(output, notSameAs: inputs)
        let partial = partialPath(for: output)
        let token = InterruptCleanup.register(files: [partial])
        defer { InterruptCleanup.unregister(token) }
        func fail(_ what: String) -> Diagnostic {
            let error = errno
            unlink(partial)
            let reason =
                error == EFBIG ? "the file-size limit was reached" : error == ENOSPC ? "the disk is full" : String(cString: strerror(error))
            return Diagnostic(path: output, message: "cannot write \(what): \(reason)")
        }
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw fail("the file") }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                close(descriptor)
                throw fail("the file")
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            close(descriptor)
            throw fail("the file")
        }
        close(descriptor)
        guard rename(partial, output) == 0 else { throw fail("the file into place") }
    }

    /// Refuses an output that is an input or lies inside an input folder, a folder output (`folder`)
    /// that holds an input, and a store output named as a store's companion file or sharing a file with
    /// `source` or its companions. (A file output that holds an input is a folder, refused as such.)
    package static func checkNotInput(
        _ output: String, inputs: [String], storeOutput: Bool = false, source: String? = nil, folder: Bool = false
    ) throws(Diagnostic) {
        let target = output.trimmingTrailingSlashes
        if let source {
            let suffixes = [""] + storeCompanions
            var sourceFiles: [FileID: String] = [:]
            for suffix in suffixes {
                if let id = FileID(following: source + suffix) { sourceFiles[id] = suffix }
            }
            for suffix in suffixes {
                guard let id = FileID(following: target + suffix), let inputSuffix = sourceFiles[id] else { continue }
                let what = inputSuffix.isEmpty ? "the store itself" : "the store's \(inputSuffix) file"
                let named = suffix.isEmpty ? "the output" : "the output's \(suffix) file"
                throw Diagnostic(
                    path: output,
                    message: "\(named) is the same file as \(what) (\(source)); the source is never written: choose another output")
            }
        }
        if storeOutput, let suffix = storeCompanions.first(where: { target.hasSuffix($0) && target.count > $0.count }) {
            let store = String(target.dropLast(suffix.count))
            throw Diagnostic(
                path: output,
                message:
                    """
                    the output is named as the \(suffix) file of the store \(store); SQLite applies or deletes such a file when it opens \
                    that store, and the written store would be lost: choose another output
                    """)
        }
        var inputIDs: [FileID: String] = [:]
        for input in inputs {
            if let id = FileID(following: input.trimmingTrailingSlashes) { inputIDs[id] = input }
        }
        if let id = FileID(following: target), let input = inputIDs[id] {
            throw Diagnostic(path: output, message: "the output is the same file as an input (\(input)); choose another output")
        }
        for folder in ancestors(of: target) {
            guard let id = FileID(following: folder), let input = inputIDs[id] else { continue }
            throw Diagnostic(path: output, message: "the output is inside an input (\(input)); choose another output")
        }
        if folder, let id = FileID(following: target) {
            for input in inputs where ancestors(of: input.trimmingTrailingSlashes).contains(where: { FileID(following: $0) == id }) {
                throw Diagnostic(path: output, message: "the output holds an input (\(input)); choose another output")
            }
        }
    }

    /// The folders above `path`, nearest first, up to the root: with links and `.`/`..` resolved as far
    /// as the path exists (so they are the folders the kernel would walk), the rest as written.
    private static func ancestors(of path: String) -> [String] {
        var folders: [String] = []
        var folder = (resolved(path) as NSString).deletingLastPathComponent
        while !folder.isEmpty {
            folders.append(folder)
            if folder == "/" { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return folders
    }

    /// `path` with links and `.`/`..` resolved as far as it exists, the rest appended as written.
    package static func resolved(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var existing = absolute
        var rest: [String] = []
        while !existing.isEmpty, existing != "/" {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                return ([String(cString: real)] + rest.reversed()).joined(separator: "/").replacingOccurrences(of: "//", with: "/")
            }
            rest.append((existing as NSString).lastPathComponent)
            existing = (existing as NSString).deletingLastPathComponent
        }
        return absolute
    }

    /// Where an output is written before it is renamed onto `output`: a hidden file beside it, named
    /// after this process (so `AbandonedFiles` can tell a dead run's partial file from a live one's).
    package static func partialPath(for output: String) -> String {
        let folder = (output as NSString).deletingLastPathComponent
        let base = (output as NSString).lastPathComponent
        return ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(".\(base).modeldiff-partial-\(getpid())")
    }

    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }

    /// A file's identity: the device and inode stat(2) reports, following symbolic links.
    private struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64

        init?(following path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }
}

/// write(2), outside `OutputPath`, whose `write` method would hide the C function.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
