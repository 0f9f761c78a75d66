import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// One example of one finding code's unit, as a test argument.
struct FindingExampleCase: Sendable, CustomTestStringConvertible {
    let code: FindingCode
    let example: FindingExample
    let triggers: Bool

    var testDescription: String { "\(code) \(triggers ? "triggers" : "passes"): \(example.title)" }

    /// Every example of every unit.
    static let all: [FindingExampleCase] = FindingCode.allCases.flatMap { code in
        code.unit.triggering.map { FindingExampleCase(code: code, example: $0, triggers: true) }
            + code.unit.passing.map { FindingExampleCase(code: code, example: $0, triggers: false) }
    }
}

/// The examples of the units are their tests: each triggering example reports its code with the unit's
/// severity, each passing one does not, and the codes a title names in parentheses are reported.
@Suite struct FindingUnitTests {
    @Test func everyCodeHasItsUnitWithBothKindsOfExample() {
        for code in FindingCode.allCases {
            #expect(code.unit.code == code, "\(code)")
            #expect(!code.unit.triggering.isEmpty, "\(code) has no triggering example")
            #expect(!code.unit.passing.isEmpty, "\(code) has no passing example")
            #expect(!code.unit.why.isEmpty && !code.unit.fix.isEmpty, "\(code)")
        }
    }

    @Test(arguments: FindingExampleCase.all)
    func exampleReportsItsCodeOrNot(_ item: FindingExampleCase) throws {
        let reported = try Self.reported(item.example)
        let codes = Set(reported.map(\.code))
        if item.triggers {
            #expect(reported.contains { $0.code == item.code && $0.severity == item.code.severity }, "reported \(reported)")
        } else {
            #expect(!codes.contains(item.code), "reported \(reported)")
        }
        // "… (entity-removed, possible-rename)": the title names what the example reports instead.
        if let open = item.example.title.lastIndex(of: "("), item.example.title.hasSuffix(")") {
            let named = item.example.title[item.example.title.index(after: open)...].dropLast().split(separator: ", ")
            for name in named {
                if let code = FindingCode(rawValue: String(name)) {
                    #expect(codes.contains(code), "the title names \(code), which is not reported: \(reported)")
                }
            }
        }
    }

    /// The codes and severities an example reports: run in process for a model pair, with the built
    /// binary for a shell session (its last command's output is parsed for `severity: … [code]`).
    static func reported(_ example: FindingExample) throws -> [(code: FindingCode, severity: Diagnostic.Severity)] {
        if let findings = try example.findings() { return findings.map { ($0.code, $0.severity) } }
        guard case .session(let script) = example.input else { return [] }
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Paths.testModels.appendingPathComponent("Notes.xcdatamodeld"), to: folder.appendingPathComponent("Notes.xcdatamodeld"))
        let path = modeldiffBinary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try runProcess(["/bin/sh", "-ec", script], in: folder, environment: ["PATH": path, "NO_COLOR": "1"])
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        var found: [(code: FindingCode, severity: Diagnostic.Severity)] = []
        for line in run.stdout.split(separator: "\n") {
            for code in FindingCode.allCases where line.contains("[\(code)]") {
                for severity in [Diagnostic.Severity.error, .warning, .note] where line.contains(": \(severity.rawValue): ") {
                    found.append((code, severity))
                }
            }
        }
        return found
    }

    /// docs/findings.md is generated from the units; regenerate it with
    /// `swift run modeldiff explain --all --format markdown > docs/findings.md`.
    @Test func theFindingsPageIsGeneratedFromTheUnits() throws {
        let page = try String(contentsOf: Paths.repository.appendingPathComponent("docs/findings.md"), encoding: .utf8)
        let generated = try FindingReference.markdown()
        #expect(page == generated, "docs/findings.md is stale: run modeldiff explain --all --format markdown > docs/findings.md")
    }
}
