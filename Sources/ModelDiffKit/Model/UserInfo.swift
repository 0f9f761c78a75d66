/// A userInfo dictionary as Xcode writes it: string keys and values, in file order.
public struct UserInfo: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// One key and value.
    public struct Entry: Sendable, Hashable {
        /// The key.
        public let key: String
        /// The value.
        public let value: String

        /// Creates an entry.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The entries in file order.
    public let entries: [Entry]

    /// Creates a userInfo from entries.
    public init(_ entries: [Entry] = []) { self.entries = entries }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.entries = elements.map { Entry(key: $0.0, value: $0.1) }
    }

    /// The value for a key, if present.
    public subscript(key: String) -> String? { entries.first { $0.key == key }?.value }

    /// Whether there are no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// The entries as a dictionary (the last one wins for a repeated key).
    public var dictionary: [String: String] {
        Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
    }

    // Xcode's editor may reorder entries, which changes nothing for Core Data.
    public static func == (lhs: UserInfo, rhs: UserInfo) -> Bool { lhs.entries == rhs.entries || lhs.dictionary == rhs.dictionary }
    public func hash(into hasher: inout Hasher) { hasher.combine(dictionary) }
}
