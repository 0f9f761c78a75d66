/// One observation about a model change: whether lightweight migration can infer it, and why.
public struct Finding: Sendable, Hashable, Codable {
    /// How serious the finding is: an error makes the change not inferable.
    public let severity: Diagnostic.Severity
    /// Its code (`attribute-type-incompatible`), documented in docs/findings.md.
    public let code: FindingCode
    /// The entity concerned, by its name in the new version (old version for removals).
    public let entity: String?
    /// The property concerned, if any.
    public let property: String?
    /// The model file the line refers to.
    public let file: String
    /// The line in that file, when known.
    public let line: Int?
    /// The 1-based column on that line, when known (a Swift source's findings point at the declaration).
    public let column: Int?
    /// The message, including the fix for anything blocking.
    public let message: String

    /// Creates a finding with its code's severity.
    package init(
        _ code: FindingCode, entity: String?, property: String? = nil, file: String, line: Int?, column: Int? = nil, message: String
    ) {
        self.init(code.severity, code, entity: entity, property: property, file: file, line: line, column: column, message: message)
    }

    /// Creates a finding with another severity than its code's (an acknowledged finding is a note).
    package init(
        _ severity: Diagnostic.Severity, _ code: FindingCode, entity: String?, property: String? = nil, file: String, line: Int?,
        column: Int? = nil, message: String
    ) {
        self.severity = severity
        self.code = code
        self.entity = entity
        self.property = property
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The finding as a compiler-style diagnostic line, with its code.
    public var diagnostic: Diagnostic {
        Diagnostic(severity, path: file, line: line, column: line == nil ? nil : column, message: "\(message) [\(code)]")
    }

    /// `file:line:column` as far as known, escaped for a terminal, as the text reports print it.
    package var locationText: String {
        MessageEscaping.escaped(file) + (line.map { ":\($0)" } ?? "") + (line != nil ? column.map { ":\($0)" } ?? "" : "")
    }
}

/// Whether a store written with the old version can be migrated to the new one without a mapping model.
public enum Verdict: String, Sendable, Hashable, Codable, Comparable {
    /// Every entity version hash is equal: no migration at all.
    case identical
    /// Lightweight migration can infer the mapping.
    case inferable
    /// A mapping model in the repository covers the step, and it validates against both versions.
    case mapped
    /// Lightweight migration cannot infer the step, and the project's `.modeldiff.yml` acknowledges
    /// every error that says so (the step shipped with migration code of its own, say).
    case acknowledged
    /// A mapping model (or a model change) is needed.
    case notInferable = "not-inferable"

    private var rank: Int {
        switch self {
        case .identical: 0
        case .inferable: 1
        case .mapped: 2
        case .acknowledged: 3
        case .notInferable: 4
        }
    }

    public static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.rank < rhs.rank }
}
