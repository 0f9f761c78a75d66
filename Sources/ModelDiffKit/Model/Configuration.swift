/// A named configuration (`<configuration>`): a subset of the model's entities for one store.
public struct Configuration: Sendable, Hashable {
    /// The configuration's name.
    public let name: String
    /// Whether the configuration is used with CloudKit.
    public let usedWithCloudKit: Bool
    /// The names of its member entities, in file order.
    public let memberEntities: [String]
    /// XML attributes modeldiff does not interpret, kept for writing.
    public let otherAttributes: [XMLAttribute]
    /// Where it was read.
    public let line: SourceLine

    /// Creates a configuration.
    public init(
        name: String, usedWithCloudKit: Bool = false, memberEntities: [String], otherAttributes: [XMLAttribute] = [],
        line: SourceLine = .none
    ) {
        self.name = name
        self.usedWithCloudKit = usedWithCloudKit
        self.memberEntities = memberEntities
        self.otherAttributes = otherAttributes
        self.line = line
    }
}
