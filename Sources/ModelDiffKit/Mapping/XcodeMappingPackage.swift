import Foundation

/// Writes the `NAME.xcmappingmodel` folder Xcode opens (one `xcmapping.xml` inside) so that a
/// reader sees the old folder or the new one, never half of one: the folder is built beside the
/// output and renamed onto it.
package enum XcodeMappingPackage {
    /// Writes `text` as `output/xcmapping.xml`. An existing output is replaced only with `overwrite`
    /// (else ``OutputExists``); every other failure is a `Diagnostic`.
    package static func write(_ text: String, to output: String, overwrite: Bool, notSameAs inputs: [String]) throws {
        let target = output.trimmingTrailingSlashes
        let resolvedTarget = URL(fileURLWithPath: target).standardizedFileURL.path
        for input in inputs where URL(fileURLWithPath: input.trimmingTrailingSlashes).standardizedFileURL.path == resolvedTarget {
            throw Diagnostic(path: output, message: "the output is an input (\(input)); choose another output")
        }
        var info = stat()
        let exists = lstat(target, &info) == 0
        if exists {
            guard overwrite else { throw OutputExists(path: output) }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw Diagnostic(path: output, message: "the output exists and is not a folder; an .xcmappingmodel is a folder")
            }
        }
        let staging = target + ".partial-\(getpid())"
        let old = target + ".old-\(getpid())"
        func fail(_ what: String) -> Diagnostic {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: staging)
            return Diagnostic(path: output, message: "cannot write \(what): \(reason)")
        }
        guard mkdir(staging, 0o755) == 0 else { throw fail("the folder") }
        let token = InterruptCleanup.register(files: [staging + "/xcmapping.xml"], folders: [staging])
        defer { InterruptCleanup.unregister(token) }
        do {
            try OutputPath.write(text, to: staging + "/xcmapping.xml")
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw Diagnostic(path: output, message: error.message)
        }
        if exists { guard rename(target, old) == 0 else { throw fail("the folder into place") } }
        guard rename(staging, target) == 0 else {
            let failure = fail("the folder into place")
            if exists { rename(old, target) }
            throw failure
        }
        if exists { try? FileManager.default.removeItem(atPath: old) }
    }
}
