import Foundation
import ModelDiffTestSupport
import Testing

/// A Swift source is data: a file nested past what swift-syntax's lookahead can take (exponential time,
/// or a stack overflow) is one line and exit status 2, never a hang or a crash.
@Test func swiftSourceNestedTooDeepIsOneLineAndExitTwo() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sources = folder.appendingPathComponent("Models")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    for (name, text) in [
        ("Brackets", "let x = " + String(repeating: "[(", count: 40) + String(repeating: ")]", count: 40)),
        ("Generics", "let x: " + String(repeating: "Array<", count: 20_000) + "Int" + String(repeating: ">", count: 20_000)),
    ] {
        try? FileManager.default.removeItem(at: sources.appendingPathComponent("Deep.swift"))
        try Data(text.utf8).write(to: sources.appendingPathComponent("Deep.swift"))
        let check = try runModeldiff(["check", "Models"], in: folder)
        #expect(check.status == 2, "\(name): \(check.stderr)")
        #expect(check.stdout == "")
        #expect(check.stderr.hasPrefix("Models/Deep.swift:1:"), "\(name): \(check.stderr)")
        #expect(check.stderr.contains(": error: brackets"), "\(name): \(check.stderr)")
        #expect(check.stderr.split(separator: "\n").count == 1, "\(name): \(check.stderr)")
    }
}
