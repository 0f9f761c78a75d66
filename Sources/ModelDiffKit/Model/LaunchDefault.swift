/// A default value that exists but is known only when the app runs: a SwiftData property's initializer
/// that is not a literal (`Date.now`, `UUID()`, `TimeZone.current.identifier`).
///
/// The `@Model` macro copies a stored property's initializer into the schema's property metadata as its
/// default value, and `Schema` evaluates it when it builds the Core Data model, at launch: the attribute has
/// a default (lightweight migration fills a new required column with it, CloudKit's "optional or default"
/// holds), but its value is not in the source. Core Data's version hashes leave defaults out.
public struct LaunchDefault: Sendable, Hashable, Codable {
    /// The initializer as the source writes it, on one line (`Date.now`).
    public let expression: String

    /// Creates a default computed at launch from its initializer's text.
    public init(expression: String) {
        self.expression = expression
    }

    /// How reports name it: `a default computed at launch (Date.now)`.
    public var description: String { "a default computed at launch (\(expression))" }
}
