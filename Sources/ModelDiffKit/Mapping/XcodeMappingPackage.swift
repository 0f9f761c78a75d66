import Foundation

/// Writes the `NAME.xcmappingmodel` folder Xcode opens (one `xcmapping.xml` inside) so that a
/// reader sees the old mapping or the new one, never half of one.
///
/// What may be replaced, and why: `--overwrite` replaces only an output modeldiff could have written,
/// a folder named `….xcmappingmodel` holding `xcmapping.xml` (a regular file) and nothing else. Any
/// other folder (a project, the folder of the model bundle, a bundle) would lose what it holds, so it
/// is refused, as is a symbolic link (it would send the output elsewhere) and an output that is, holds
/// or sits inside an input (`OutputPath.checkNotInput`: by device and inode, so links and `..` count). An existing package
/// keeps its folder: its `xcmapping.xml` is replaced by `OutputPath.write` (a file written beside it
/// and renamed onto it), so a failure leaves the old file as it was and nothing is moved aside. A new
/// package is built beside the output and renamed onto it.
@_spi(CLI) public enum XcodeMappingPackage {
    /// The one file modeldiff writes in the folder.
    package static let fileName = "xcmapping.xml"

    /// Writes `text` as `output/xcmapping.xml`. An existing output is replaced only with `overwrite`
    /// (else ``OutputExists``) and only when it is such a package; every other failure is a `Diagnostic`.
    @_spi(CLI) public static func write(_ text: String, to output: String, overwrite: Bool, notSameAs inputs: [String]) throws {
        let target = output.trimmingTrailingSlashes
        try OutputPath.checkNotInput(output, inputs: inputs, folder: true)
        var info = stat()
        if lstat(target, &info) == 0 {
            guard overwrite else { throw OutputExists(path: output) }
            try checkReplaceable(target, mode: info.st_mode, output: output)
            do {
                try OutputPath.write(text, to: target + "/" + fileName, notSameAs: inputs)
            } catch {
                throw Diagnostic(path: output, message: error.message)
            }
            return
        }
        let staging = target + ".partial-\(getpid())"
        func fail(_ what: String) -> Diagnostic {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: staging)
            return Diagnostic(path: output, message: "cannot write \(what): \(reason)")
        }
        guard mkdir(staging, 0o755) == 0 else { throw fail("the folder") }
        let token = InterruptCleanup.register(files: [staging + "/" + fileName], folders: [staging])
        defer { InterruptCleanup.unregister(token) }
        do {
            try OutputPath.write(text, to: staging + "/" + fileName)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw Diagnostic(path: output, message: error.message)
        }
        guard rename(staging, target) == 0 else { throw fail("the folder into place") }
    }

    /// Refuses, with what it is, an existing output that is not a package modeldiff writes.
    private static func checkReplaceable(_ target: String, mode: mode_t, output: String) throws(Diagnostic) {
        switch mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK:
            let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: target)) ?? "?"
            throw Diagnostic(
                path: output,
                message:
                    "the output is a symbolic link (to \(destination)); give the path of the .xcmappingmodel itself, or remove the link")
        default:
            throw Diagnostic(path: output, message: "the output exists and is not a folder; an .xcmappingmodel is a folder")
        }
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []).sorted()
        var file = stat()
        let onlyTheMapping = entries == [fileName] && lstat(target + "/" + fileName, &file) == 0 && file.st_mode & S_IFMT == S_IFREG
        guard target.hasSuffix(".xcmappingmodel"), onlyTheMapping else {
            let shown = entries.prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
            throw Diagnostic(
                path: output,
                message:
                    """
                    the output is a folder that is not an .xcmappingmodel holding only \(fileName) (it holds \
                    \(entries.isEmpty ? "nothing" : shown)); --overwrite replaces only such a folder: choose another output
                    """
            )
        }
    }
}
