import Foundation

/// Where a command may write its output: a path that does not exist yet, or a regular file it may
/// replace — never a folder, a device, a FIFO or a socket (a rename would turn `/dev/full` into a
/// regular file), never a symbolic link (its target could be anywhere), and never the store being
/// read or one of its companion files, however the path names it (`./src.sqlite`, an absolute path,
/// a hard link): files are compared by device and inode, not by name.
public enum OutputPath {
    /// The files SQLite keeps beside a database.
    public static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// Throws unless `output` may be written: absent, or a regular file (and then only with
    /// `overwrite`); and not the same file as any of `sources` or their companions.
    public static func check(_ output: String, overwrite: Bool, sources: [String] = [], sourceNoun: String = "the store being read") throws(Diagnostic) {
        // A companion's name is refused even before the file exists: SQLite would take a file named
        // `src.sqlite-journal` for the source's hot journal and roll it into the source.
        for source in sources {
            for suffix in companionSuffixes where sameFolderEntry(output, source + suffix) {
                throw Diagnostic(path: output, message: "the output would be the \(suffix) file of \(sourceNoun) (\(source)), which SQLite reads as part of it: give another output")
            }
        }
        var info = stat()
        guard lstat(output, &info) == 0 else {
            if errno == ENOENT { return }
            throw Diagnostic(path: output, message: "cannot use the output: \(String(cString: strerror(errno)))")
        }
        let identity = FileIdentity(info)
        let protected = sources.flatMap { source in ([""] + companionSuffixes).compactMap { FileIdentity(path: source + $0, following: true) } }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            if let target = FileIdentity(path: output, following: true), protected.contains(target) {
                throw Diagnostic(path: output, message: "the output is a symbolic link to \(sourceNoun) (\(sources[0])): give another output")
            }
            throw Diagnostic(path: output, message: "the output is a symbolic link; give the path of the file itself, or a new path")
        }
        if protected.contains(identity) {
            throw Diagnostic(path: output, message: "the output is \(sourceNoun) (\(sources[0])) or one of its files: give another output; what modeldiff reads is never written")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Diagnostic(path: output, message: "the output is a folder; give a file name (for example \((output as NSString).appendingPathComponent("out")))")
        default:
            throw Diagnostic(path: output, message: "the output is not a regular file (a device, a FIFO or a socket); modeldiff writes a new file and renames it into place, so give a file path")
        }
        guard overwrite else {
            throw Diagnostic(path: output, message: "the output already exists; pass --overwrite to replace it")
        }
    }

    /// Whether two paths name the same entry of the same folder (the folders compared by device and inode).
    static func sameFolderEntry(_ a: String, _ b: String) -> Bool {
        let (urlA, urlB) = (URL(fileURLWithPath: a), URL(fileURLWithPath: b))
        guard urlA.lastPathComponent == urlB.lastPathComponent else { return false }
        let folder = { (url: URL) in FileIdentity(path: url.deletingLastPathComponent().path, following: true) }
        guard let folderA = folder(urlA), let folderB = folder(urlB) else { return false }
        return folderA == folderB
    }

    /// A file's device and inode: the same file under any name.
    struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }

        init?(path: String, following: Bool) {
            var info = stat()
            guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
            self.init(info)
        }
    }
}
