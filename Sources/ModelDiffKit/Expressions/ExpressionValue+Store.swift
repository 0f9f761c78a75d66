extension ExpressionValue {
    /// The expression value of a stored attribute value.
    public init(_ value: StoreValue) {
        switch value {
        case .null: self = .null
        case .integer(let n): self = .integer(n)
        case .bool(let b): self = .bool(b)
        case .double(let d): self = .double(d)
        case .decimal(let t): self = .decimal(t)
        case .string(let s), .uri(let s): self = .string(s)
        case .date(let d): self = .date(d)
        case .data(let b): self = .data(b)
        case .uuid(let u): self = .uuid(u)
        }
    }

    /// The value stored into an attribute of `type`, converting numbers as Core Data does; nil when
    /// it cannot be (`mapping validate` asks before a migration, which throws then).
    package func storedValue(for type: AttributeType) -> StoreValue? {
        switch (self, type) {
        case (.null, _): return .null
        case (.bool(let b), .boolean): return .bool(b)
        case (_, .boolean):
            guard let n = number else { break }
            return .bool(n != 0)
        case (.integer(let n), _) where type.isInteger: return .integer(n)
        case (_, _) where type.isInteger:
            guard let n = number, n.isFinite, abs(n) < 9.2e18 else { break }
            return .integer(Int64(n.rounded(.towardZero)))
        case (.decimal(let t), .decimal): return .decimal(t)
        case (_, .decimal):
            guard let n = number else { break }
            return .decimal(String(n))
        case (_, .double), (_, .float):
            guard let n = number else { break }
            return .double(n)
        case (.date(let d), .date): return .date(d)
        case (.string(let s), .string): return .string(s)
        case (.string(let s), .uri): return .string(s)
        case (.uuid(let u), .uuid): return .uuid(u)
        case (.data(let b), _) where [.binary, .transformable, .uuid].contains(type): return .data(b)
        case (.integer(let n), .string): return .string(String(n))
        case (.double(let d), .string): return .string(String(d))
        default: break
        }
        return nil
    }
}
