/// A value that differs between the versions, and what it belongs to: a field of a matched element
/// (``FieldChange``) or a named model-level element (``NamedChange``). One shape for both, so
/// reports render and encode them alike.
public struct ValueChange<Subject: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    /// What changed: a ``ModelField``, or a configuration's or fetch request's name.
    public let subject: Subject
    /// The old value, as text; empty when unset or absent.
    public let old: String
    /// The new value, as text; empty when unset or absent.
    public let new: String

    /// Creates a change.
    package init(subject: Subject, old: String, new: String) {
        self.subject = subject
        self.old = old
        self.new = new
    }

    // `diff --format json` has always called the subject `field`, for both kinds: the key stays.
    private enum CodingKeys: String, CodingKey {
        case subject = "field"
        case old, new
    }
}

/// One field of a matched element that differs between the versions (`type: String → Integer 32`).
public typealias FieldChange = ValueChange<ModelField>

/// A model-level element (a configuration, a fetch request) whose value differs between the versions.
public typealias NamedChange = ValueChange<String>

extension ValueChange where Subject == ModelField {
    /// The field, named in Xcode's vocabulary (`attributeType`, `optional`, `representedClassName`).
    public var field: ModelField { subject }

    /// Creates a field change.
    package init(field: ModelField, old: String, new: String) { self.init(subject: field, old: old, new: new) }

    /// `field: old → new`, `(none)` for an unset value: the one way every report shows a field change.
    /// The values are the model's, unescaped; each report escapes the text for its format
    /// (`MessageEscaping`) where it prints it.
    package var text: String { "\(field.rawValue): \(old.isEmpty ? "(none)" : old) → \(new.isEmpty ? "(none)" : new)" }
}

extension ValueChange where Subject == String {
    /// The configuration's or fetch request's name.
    public var name: String { subject }

    /// Creates a change of a named element.
    package init(name: String, old: String, new: String) { self.init(subject: name, old: old, new: new) }
}

/// The fields of each kind of element that the diff compares, as (field, value) pairs.
enum Fields {
    static func changes(_ old: [(ModelField, String)], _ new: [(ModelField, String)]) -> [FieldChange] {
        changes(old, new, FieldChange.init(field:old:new:))
    }

    /// The keys whose values differ, old ones first, then keys only the new side has (when not empty).
    static func changes<Key: Hashable, Change>(
        _ old: [(Key, String)], _ new: [(Key, String)], _ make: (Key, String, String) -> Change
    ) -> [Change] {
        var result: [Change] = []
        let newValues = Dictionary(new, uniquingKeysWith: { a, _ in a })
        let oldValues = Dictionary(old, uniquingKeysWith: { a, _ in a })
        for (field, oldValue) in old where newValues[field] != oldValue {
            result.append(make(field, oldValue, newValues[field] ?? ""))
        }
        for (field, newValue) in new where oldValues[field] == nil && !newValue.isEmpty {
            result.append(make(field, "", newValue))
        }
        return result
    }

    static func entity(_ e: Entity) -> [(ModelField, String)] {
        [
            (.representedClassName, e.representedClassName ?? ""), (.parentEntity, e.parentEntity ?? ""),
            (.abstract, flag(e.isAbstract)), (.versionHashModifier, e.versionHashModifier ?? ""),
            (.codeGenerationType, e.codeGeneration?.rawValue ?? ""),
            (.uniquenessConstraints, e.uniquenessConstraints.map { $0.joined(separator: "+") }.joined(separator: ", ")),
            (
                .fetchIndexes,
                e.fetchIndexes.map { index in
                    index.name + "(" + index.elements.map { ($0.property ?? $0.expression ?? "") + " " + $0.order }.joined(separator: ", ")
                        + ")"
                }.joined(separator: ", ")
            ),
            (.compoundIndexes, e.compoundIndexes.map { $0.joined(separator: "+") }.joined(separator: ", ")),
            (.userInfo, userInfo(e.userInfo)),
        ]
    }

    static func property(_ p: Property) -> [(ModelField, String)] {
        switch p {
        case .attribute(let a): attribute(a)
        case .relationship(let r): relationship(r)
        case .fetchedProperty(let f):
            [
                (.kind, "fetched property"), (.optional, flag(f.isOptional)), (.fetchRequestEntity, f.fetchRequest.entity),
                (.fetchRequestPredicate, f.fetchRequest.predicateString ?? ""), (.userInfo, userInfo(f.userInfo)),
            ]
        }
    }

    static func attribute(_ a: Attribute) -> [(ModelField, String)] {
        [
            (.kind, "attribute"), (.attributeType, a.type.xcodeName), (.optional, flag(a.isOptional)),
            (.transient, flag(a.isTransient)),
            (.defaultValue, a.defaultValueString ?? a.defaultDateTimeInterval ?? a.launchDefault?.description ?? ""),
            (.versionHashModifier, a.versionHashModifier ?? ""), (.derivationExpression, a.derivationExpression ?? ""),
            (.valueTransformerName, a.valueTransformerName ?? ""), (.customClassName, a.customClassName ?? ""),
            (.allowsExternalBinaryDataStorage, flag(a.allowsExternalBinaryDataStorage)),
            (.preserveAfterDeletion, flag(a.preservesValueInHistoryOnDeletion)),
            (.minValue, a.minValueString ?? a.minDateTimeInterval ?? ""), (.maxValue, a.maxValueString ?? a.maxDateTimeInterval ?? ""),
            (.regularExpression, a.regularExpressionString ?? ""),
            (.usesScalarValueType, a.usesScalarValueType.map(flag) ?? ""), (.spotlightIndexingEnabled, flag(a.isIndexedBySpotlight)),
            (.indexed, flag(a.isIndexed)), (.allowsCloudEncryption, flag(a.allowsCloudEncryption)),
            (.userInfo, userInfo(a.userInfo)),
        ]
    }

    static func relationship(_ r: Relationship) -> [(ModelField, String)] {
        [
            (.kind, "relationship"), (.destinationEntity, r.destinationEntity ?? ""), (.inverseName, r.inverseName ?? ""),
            (.optional, flag(r.isOptional)), (.transient, flag(r.isTransient)), (.toMany, flag(r.isToMany)),
            (.ordered, flag(r.isOrdered)), (.minCount, String(r.minCount)), (.maxCount, String(r.maxCount)),
            (.deletionRule, r.deleteRule?.rawValue ?? ""), (.versionHashModifier, r.versionHashModifier ?? ""),
            (.indexed, flag(r.isIndexed)), (.userInfo, userInfo(r.userInfo)),
        ]
    }

    static func flag(_ value: Bool) -> String { value ? "YES" : "NO" }

    static func userInfo(_ info: UserInfo) -> String {
        info.dictionary.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }
}
