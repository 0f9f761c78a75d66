import Foundation
@_spi(CLI) import ModelDiffKit

/// Renders a `MigrationTest`: text for a log, JSON for machines, JUnit XML for CI test reporters.
public enum MigrationTestReports {
    /// One line per step (`PASS`/`FAIL`), each failure indented under its step, then a summary. Every
    /// value from a model, a store or a path (version names, mapping paths, failures quoting values) is
    /// escaped (`MessageEscaping`), so a newline in one cannot start a line of its own.
    public static func text(_ test: MigrationTest) -> String {
        var out = ""
        for step in test.steps {
            let status =
                !step.passed
                ? "FAIL"
                : step.customCodeNotRun.isEmpty
                    ? "PASS" : "PASS, custom code not run: \(MessageEscaping.escaped(step.customCodeNotRun.joined(separator: ", ")))"
            out += "\(status) \(title(step, escaping: MessageEscaping.escaped))\n"
            for failure in step.failures { out += "    \(MessageEscaping.escaped(failure))\n" }
            for failure in step.acknowledged { out += "    acknowledged: \(MessageEscaping.escaped(failure))\n" }
            for attribute in step.launchDefaults {
                out +=
                    "    note: \(MessageEscaping.escaped(attribute)) has a default computed at launch: the test gave it a value of its type\n"
            }
        }
        let failed = test.steps.filter { !$0.passed }.count
        if test.steps.isEmpty { out += "no steps to test: no version comes before the current one on this path\n" }
        let custom = test.stepsWithCustomCodeNotRun.count
        out += "\(test.steps.count - failed - custom) passed, \(failed) failed"
        out += custom > 0 ? ", \(custom) passed with custom code not run (the app's policy classes)\n" : "\n"
        return out
    }

    /// `{"passed": …, "steps": [{"from", "to", "origin", "mapping", "passed", "failures", "acknowledged", "customCodeNotRun", "launchDefaults"}]}`.
    public static func json(_ test: MigrationTest) throws -> String {
        struct StepJSON: Encodable {
            let from: String, to: String, origin: String, mapping: String?, passed: Bool, failures: [String], acknowledged: [String]
            let customCodeNotRun: [String]
            let launchDefaults: [String]
        }
        struct TestJSON: Encodable { let passed: Bool, customCodeNotRun: Int, steps: [StepJSON] }
        return try CheckReports.encode(
            TestJSON(
                passed: test.passed, customCodeNotRun: test.stepsWithCustomCodeNotRun.count,
                steps: test.steps.map {
                    StepJSON(
                        from: $0.from, to: $0.to, origin: $0.origin, mapping: $0.mappingPath, passed: $0.passed, failures: $0.failures,
                        acknowledged: $0.acknowledged, customCodeNotRun: $0.customCodeNotRun,
                        launchDefaults: $0.launchDefaults)
                }))
    }

    /// JUnit XML: one test case per step, a `<failure>` per failing step with every failure in it; a step
    /// that passed without running its mapping's policy classes is `<skipped>`, counted apart.
    public static func junit(_ test: MigrationTest, bundle: String) -> String {
        let failed = test.steps.filter { !$0.passed }.count
        let skipped = test.stepsWithCustomCodeNotRun.count
        let total = test.steps.reduce(0) { $0 + $1.seconds }
        let counts = "tests=\"\(test.steps.count)\" failures=\"\(failed)\" skipped=\"\(skipped)\" time=\"\(seconds(total))\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"modeldiff test\" \(counts)>\n"
        out += "  <testsuite name=\"\(escape(bundle))\" \(counts)>\n"
        for step in test.steps {
            out += "    <testcase classname=\"\(escape(bundle))\" name=\"\(escape(title(step)))\" time=\"\(seconds(step.seconds))\""
            if step.passed && !step.customCodeNotRun.isEmpty {
                let message = "custom code not run: \(step.customCodeNotRun.joined(separator: ", "))"
                out += ">\n      <skipped message=\"\(escape(message))\"/>\n    </testcase>\n"
            } else if step.passed {
                out += "/>\n"
            } else {
                out +=
                    ">\n      <failure message=\"\(escape(step.failures[0]))\">\(escape(step.failures.joined(separator: "\n")))</failure>\n    </testcase>\n"
            }
        }
        return out + "  </testsuite>\n</testsuites>\n"
    }

    /// `V1 → V2 (seeded store, inferred mapping)`, each value passed through `e`.
    private static func title(_ step: MigrationTest.Step, escaping e: (String) -> String = { $0 }) -> String {
        let origin = step.origin == "seeded" ? "seeded store" : e(step.origin)
        return "\(e(step.from)) → \(e(step.to)) (\(origin), \(step.mappingPath.map { "mapping \(e($0))" } ?? "inferred mapping"))"
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    private static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            default:
                // XML 1.0 cannot hold other control characters at all, not even as references.
                if scalar.value < 0x20 && scalar != "\t" { out += "?" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
