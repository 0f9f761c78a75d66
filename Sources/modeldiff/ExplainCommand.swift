import ArgumentParser
@_spi(CLI) import ModelDiffKit

/// `modeldiff explain`: the reference of a finding code, made from its unit.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a finding code: severity, why, the fix, and examples that trigger it and that do not.",
        discussion: """
            The examples are small model pairs that the tests run, and the findings shown under them are what check \
            reports for them. With --all, every code is printed; docs/findings.md is the output of --all --format markdown.

            Examples:
              modeldiff explain required-attribute-without-default
              modeldiff explain --all --format markdown > docs/findings.md
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown
    }

    @Argument(help: "A finding code, as check prints it in brackets (attribute-type-incompatible).")
    var code: String?

    @Flag(help: "Explain every code.")
    var all = false

    @Option(help: "Output format: text or markdown (markdown needs --all).")
    var format: Format = .text

    func validate() throws {
        if all, let code { throw ValidationError("give a finding code or --all, not both (\(code) and --all)") }
        if !all && code == nil { throw ValidationError("give a finding code, or --all") }
        if format == .markdown && !all { throw ValidationError("--format markdown needs --all") }
        if let code, FindingCode(rawValue: code) == nil {
            throw ValidationError("\(code) is not a finding code; modeldiff explain --all lists them")
        }
    }

    func run() throws {
        try reportingFailures {
            if all {
                switch format {
                case .markdown: printOut(try FindingReference.markdown())
                case .text: printOut(try FindingCode.allCases.map { try FindingReference.text($0.unit) }.joined(separator: "\n"))
                }
                return
            }
            if let found = code.flatMap(FindingCode.init(rawValue:)) { printOut(try FindingReference.text(found.unit)) }
        }
    }
}
