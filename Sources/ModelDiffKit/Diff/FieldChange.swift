/// One field of a matched element that differs between the versions (`type: String → Integer 32`).
public struct FieldChange: Sendable, Hashable, Codable {
    /// The field's name, in Xcode's vocabulary (`attributeType`, `optional`, `representedClassName`).
    public let field: String
    /// The old value, as text; empty when unset.
    public let old: String
    /// The new value, as text; empty when unset.
    public let new: String

    /// Creates a field change.
    public init(field: String, old: String, new: String) {
        self.field = field
        self.old = old
        self.new = new
    }
}

/// The fields of each kind of element that the diff compares, as (field, value) pairs.
enum Fields {
    static func changes(_ old: [(String, String)], _ new: [(String, String)]) -> [FieldChange] {
        var result: [FieldChange] = []
        let newValues = Dictionary(new, uniquingKeysWith: { a, _ in a })
        let oldValues = Dictionary(old, uniquingKeysWith: { a, _ in a })
        for (field, oldValue) in old where newValues[field] != oldValue {
            result.append(FieldChange(field: field, old: oldValue, new: newValues[field] ?? ""))
        }
        for (field, newValue) in new where oldValues[field] == nil && !newValue.isEmpty {
            result.append(FieldChange(field: field, old: "", new: newValue))
        }
        return result
    }

    static func entity(_ e: Entity) -> [(String, String)] {
        [
            ("representedClassName", e.representedClassName ?? ""), ("parentEntity", e.parentEntity ?? ""),
            ("abstract", flag(e.isAbstract)), ("versionHashModifier", e.versionHashModifier ?? ""),
            ("codeGenerationType", e.codeGeneration?.rawValue ?? ""),
            ("uniquenessConstraints", e.uniquenessConstraints.map { $0.joined(separator: "+") }.joined(separator: ", ")),
            ("fetchIndexes", e.fetchIndexes.map { index in
                index.name + "(" + index.elements.map { ($0.property ?? $0.expression ?? "") + " " + $0.order }.joined(separator: ", ") + ")"
            }.joined(separator: ", ")),
            ("compoundIndexes", e.compoundIndexes.map { $0.joined(separator: "+") }.joined(separator: ", ")),
            ("userInfo", userInfo(e.userInfo)),
        ]
    }

    static func property(_ p: Property) -> [(String, String)] {
        switch p {
        case .attribute(let a): attribute(a)
        case .relationship(let r): relationship(r)
        case .fetchedProperty(let f):
            [
                ("kind", "fetched property"), ("optional", flag(f.isOptional)), ("fetchRequest.entity", f.fetchRequest.entity),
                ("fetchRequest.predicate", f.fetchRequest.predicateString ?? ""), ("userInfo", userInfo(f.userInfo)),
            ]
        }
    }

    static func attribute(_ a: Attribute) -> [(String, String)] {
        [
            ("kind", "attribute"), ("attributeType", a.type.xcodeName), ("optional", flag(a.isOptional)),
            ("transient", flag(a.isTransient)), ("defaultValue", a.defaultValueString ?? a.defaultDateTimeInterval ?? ""),
            ("versionHashModifier", a.versionHashModifier ?? ""), ("derivationExpression", a.derivationExpression ?? ""),
            ("valueTransformerName", a.valueTransformerName ?? ""), ("customClassName", a.customClassName ?? ""),
            ("allowsExternalBinaryDataStorage", flag(a.allowsExternalBinaryDataStorage)),
            ("preserveAfterDeletion", flag(a.preservesValueInHistoryOnDeletion)),
            ("minValue", a.minValueString ?? a.minDateTimeInterval ?? ""), ("maxValue", a.maxValueString ?? a.maxDateTimeInterval ?? ""),
            ("regularExpression", a.regularExpressionString ?? ""),
            ("usesScalarValueType", a.usesScalarValueType.map(flag) ?? ""), ("spotlightIndexingEnabled", flag(a.isIndexedBySpotlight)),
            ("indexed", flag(a.isIndexed)), ("allowsCloudEncryption", flag(a.allowsCloudEncryption)),
            ("userInfo", userInfo(a.userInfo)),
        ]
    }

    static func relationship(_ r: Relationship) -> [(String, String)] {
        [
            ("kind", "relationship"), ("destinationEntity", r.destinationEntity ?? ""), ("inverseName", r.inverseName ?? ""),
            ("optional", flag(r.isOptional)), ("transient", flag(r.isTransient)), ("toMany", flag(r.isToMany)),
            ("ordered", flag(r.isOrdered)), ("minCount", String(r.minCount)), ("maxCount", String(r.maxCount)),
            ("deletionRule", r.deleteRule?.rawValue ?? ""), ("versionHashModifier", r.versionHashModifier ?? ""),
            ("userInfo", userInfo(r.userInfo)),
        ]
    }

    static func flag(_ value: Bool) -> String { value ? "YES" : "NO" }

    static func userInfo(_ info: UserInfo) -> String {
        info.dictionary.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }
}
