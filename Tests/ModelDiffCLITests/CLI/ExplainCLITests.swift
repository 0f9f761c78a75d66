import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

@Suite struct ExplainCLITests {
    /// The CLI prints the same reference, and refuses an unknown code with one line and exit status 2.
    @Test func explainPrintsAUnitAndRefusesAnUnknownCode() throws {
        let one = try runModeldiff(["explain", "required-attribute-without-default"])
        #expect(one.status == 0)
        #expect(one.stdout == (try FindingReference.text(FindingCode.requiredAttributeWithoutDefault.unit)))
        #expect(one.stdout.contains("Fix: Give the attribute a default value, or make it optional."))
        #expect(one.stdout.contains("new.xml:5: error: `Note.priority` is a new required attribute without a default value"))
        let all = try runModeldiff(["explain", "--all", "--format", "markdown"])
        #expect(all.status == 0)
        #expect(all.stdout == (try FindingReference.markdown()))
        let unknown = try runModeldiff(["explain", "required-attribute"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: required-attribute is not a finding code; modeldiff explain --all lists them\n"))
        #expect(try runModeldiff(["explain"]).status == 2)
        // Both a code and --all: the message says that, not that one is missing (issue 44 item 9).
        let both = try runModeldiff(["explain", "required-attribute-without-default", "--all"])
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("error: give a finding code or --all, not both (required-attribute-without-default and --all)\n"))
        #expect(try runModeldiff(["explain"]).stderr.hasPrefix("error: give a finding code, or --all\n"))
    }
}
