import Foundation
import Testing

/// A program a test runs beside `modeldiff`, and the Debian package that installs it: the README's
/// install line names every one of them, and `.ci/run` installs what a machine lacks.
package enum RequiredTool: String, CaseIterable, Sendable {
    case dot, python3, git, make

    /// The Debian package that installs the program.
    package var debianPackage: String {
        switch self {
        case .dot: "graphviz"
        case .python3: "python3"
        case .git: "git"
        case .make: "make"
        }
    }

    /// The program's path on `PATH`, or nil.
    package var path: String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(rawValue)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The program's path; when it is missing, the test fails (never skips) with a line naming the
    /// package to install, and the caller stops.
    package func require(sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        guard let path else {
            Issue.record(
                "\(rawValue) is not installed: apt-get install \(debianPackage) (the README's install line has it)",
                sourceLocation: sourceLocation)
            return nil
        }
        return path
    }
}
