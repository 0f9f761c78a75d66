import Foundation
import Testing

/// Compares `actual` with the golden file `Golden/<name>`; `RECORD_GOLDEN=1` rewrites it and fails the test.
package func expectGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = Paths.golden.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded golden file \(name); run again without RECORD_GOLDEN", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("missing golden file \(name); run with RECORD_GOLDEN=1 to create it", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "differs from golden file \(name)", sourceLocation: sourceLocation)
}
