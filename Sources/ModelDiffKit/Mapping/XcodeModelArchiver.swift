/// A model whose archived form modeldiff does not write (it uses a feature no Xcode-written sample shows).
package struct XcodeModelArchiveError: Error, Sendable {
    /// What the model uses, for a one-line warning.
    package let message: String
}

/// Writes a model as the archive Xcode records in a mapping model's `sourcemodeldata` and
/// `destinationmodeldata`: not a compiled `.mom` (an NSManagedObjectModel) but an NSKeyedArchiver
/// archive of the data model editor's own document model, an `XDPMModel` whose `XDModelPackage`
/// holds one `XDPMEntity` per entity, each with `XDPMAttribute`s and `XDPMRelationship`s whose
/// values sit in `XDUMLStereotypeImp`s (`XD_PStereotype`, `XD_PPropStereotype`, `XD_PAtt_Stereotype`,
/// `XD_PR_Stereotype`) as `XDUMLPropertyImp` defaults (docs/MAPPING.md lists the classes and keys).
///
/// The graph is the one Xcode recorded for WooCommerce's Model 9 and Model 10, for CoreDataPlus's
/// SampleModel2 and for XcodeServer's 1.1.0 and 2.0.0 (tests compare them object by object):
/// inheritance (`XDUMLGeneralizationImp`s), renaming identifiers and uniqueness constraints as
/// SampleModel2's archive shows them, fetch indexes as XcodeServer's show them. Flags and strings whose
/// slot those archives show (empty) are written in the same value form as the slots they fill
/// (docs/MAPPING.md says which); what Xcode leaves out (fetch indexes of several properties, custom
/// class names, scalar types) is left out. What no archive shows a slot or value form for (fetched
/// properties, fetch requests, configurations, other fetch indexes, date values …) is refused with its
/// name rather than archived in a form Xcode may read differently.
package enum XcodeModelArchiver {
    static let elementChain = ["XDUMLNamedElementImp", "XDUMLElementImp", "NSObject"]
    private static let classChain = ["XDUMLClassifierImp", "XDUMLNamespaceImp"] + elementChain
    private static let propertyChain = ["XDUMLPropertyImp"] + elementChain

    /// The archive's bytes (a binary property list).
    package static func archive(_ model: Model) throws(XcodeModelArchiveError) -> [UInt8] {
        try checkSupported(model)
        var b = KeyedArchiveBuilder()
        let root = b.reserve()
        let package = b.reserve()
        var entitySlots: [String: Int] = [:]
        var propertySlots: [String: Int] = [:]
        for entity in model.entities {
            entitySlots[entity.name] = b.reserve()
            for property in entity.attributes.map(\.name) + entity.relationships.map(\.name) {
                propertySlots["\(entity.name).\(property)"] = b.reserve()
            }
        }
        var ids = ElementIDs()
        let generalizations = Generalizations(model, in: &b)
        let genericRecordClass = b.object(
            ["XDUMLClassImp"] + classChain,
            [
                "_name": b.string("XDGenericRecordClass"), "_uniqueElementID": KeyedArchiveBuilder.null, "_isAbstract": .bool(false),
                "_owner": KeyedArchiveBuilder.null, "_visibility": .integer(0),
            ])
        var classes: [(key: String, value: PlistValue)] = []
        for entity in model.entities {
            guard let slot = entitySlots[entity.name] else { continue }
            var owned: [(key: String, value: PlistValue)] = []
            let indexed = indexedByFetchIndex(entity)
            for attribute in entity.attributes {
                guard let propertySlot = propertySlots["\(entity.name).\(attribute.name)"] else { continue }
                fillProperty(
                    propertySlot, "XDPMAttribute", name: attribute.name, owner: slot, id: ids.next("\(entity.name).\(attribute.name)"),
                    stereotypes: [
                        (
                            "XD_PPropStereotype",
                            propertyStereotype(
                                PropertyValues(
                                    isOptional: attribute.isOptional, isTransient: attribute.isTransient,
                                    isIndexed: attribute.isIndexed || indexed.contains(attribute.name),
                                    isSpotlightIndexed: attribute.isIndexedBySpotlight,
                                    isStoredInTruthFile: attribute.isStoredInExternalRecord,
                                    elementID: attribute.renamingIdentifier, versionHashModifier: attribute.versionHashModifier,
                                    userInfo: attribute.userInfo))
                        ),
                        (
                            "XD_PAtt_Stereotype",
                            { b in
                                [
                                    ("XD_PAttK_defaultValueAsString", b.string(attribute.defaultValueString)),
                                    ("XD_PAttK_allowsExternalBinaryDataStorage", .bool(attribute.allowsExternalBinaryDataStorage)),
                                    ("XD_PAttK_minValueString", b.string(attribute.minValueString)),
                                    ("XD_PAttK_attributeType", .integer(Int(attribute.type.attributeTypeCode))),
                                    ("XD_PAttK_maxValueString", b.string(attribute.maxValueString)),
                                    ("XD_PAttK_valueTransformerName", b.string(attribute.valueTransformerName)),
                                    ("XD_PAttK_regularExpressionString", b.string(attribute.regularExpressionString)),
                                ]
                            }
                        ),
                    ], in: &b)
                owned.append((attribute.name, .uid(propertySlot)))
            }
            for relationship in entity.relationships {
                guard let propertySlot = propertySlots["\(entity.name).\(relationship.name)"] else { continue }
                let destination = relationship.destinationEntity.flatMap { entitySlots[$0] }.map(PlistValue.uid) ?? KeyedArchiveBuilder.null
                // The inverse may be declared on an ancestor of the entity the relationship names.
                let inverse =
                    relationship.inverseName.flatMap { name in
                        (relationship.inverseEntity ?? relationship.destinationEntity).flatMap { owner in
                            generalizations.lineage(of: owner).lazy.compactMap { propertySlots["\($0).\(name)"] }.first
                        }
                    }.map(PlistValue.uid) ?? KeyedArchiveBuilder.null
                fillProperty(
                    propertySlot, "XDPMRelationship", name: relationship.name, owner: slot,
                    id: ids.next("\(entity.name).\(relationship.name)"),
                    stereotypes: [
                        (
                            "XD_PPropStereotype",
                            propertyStereotype(
                                PropertyValues(
                                    isOptional: relationship.isOptional, isTransient: relationship.isTransient,
                                    isIndexed: relationship.isIndexed || indexed.contains(relationship.name),
                                    elementID: relationship.renamingIdentifier, versionHashModifier: relationship.versionHashModifier,
                                    userInfo: relationship.userInfo))
                        ),
                        (
                            "XD_PR_Stereotype",
                            { _ in
                                [
                                    ("XD_PRK_minCount", .integer(relationship.minCount)),
                                    ("XD_PRK_deleteRule", .integer(deleteRuleCode(relationship.deleteRule))),
                                    ("XD_PRK_maxCount", .integer(relationship.maxCount)), ("XD_PRK_destination", destination),
                                    ("XD_PRK_isToMany", .bool(relationship.isToMany)), ("XD_PRK_ordered", .bool(relationship.isOrdered)),
                                    ("XD_PRK_inverseRelationship", inverse),
                                ]
                            }
                        ),
                    ], in: &b)
                owned.append((relationship.name, .uid(propertySlot)))
            }
            let className = entity.representedClassName ?? ""
            let stereotype = stereotype(
                "XD_PStereotype", owner: slot,
                { b in
                    return [
                        // Compound indexes take the form SampleModel2's archive shows for their twin, the constraints.
                        ("XDPMCompoundIndexes", nameLists(entity.compoundIndexes, in: &b)),
                        ("XD_PSK_elementID", b.string(entity.renamingIdentifier)),
                        ("XDPMUniquenessConstraints", nameLists(entity.uniquenessConstraints, in: &b)),
                        ("XD_PSK_versionHashModifier", b.string(entity.versionHashModifier)),
                        ("XD_PSK_fetchRequestsArray", b.mutableArray([])), ("XD_PSK_isAbstract", .bool(entity.isAbstract)),
                        ("XD_PSK_userInfo", userInfo(entity.userInfo, in: &b)), ("XD_PSK_classMapping", genericRecordClass),
                        ("XD_PSK_entityClassName", b.string(className)),
                    ]
                }, in: &b)
            var fields = bucket("XDBucketForOwnedAttributes", b.mutableDictionary(owned), in: &b)
            fields.merge(bucket("XDBucketForStereotypes", b.mutableDictionary([("XD_PStereotype", stereotype)]), in: &b)) { a, _ in a }
            fields.merge(generalizations.fields(of: entity.name, in: &b)) { a, _ in a }
            // Abstractness has two slots, the UML flag and the stereotype's; both say it, so either reads it.
            fields["_isAbstract"] = .bool(entity.isAbstract)
            fields["_name"] = b.string(entity.name)
            fields["_owner"] = .uid(package)
            fields["_uniqueElementID"] = b.number(.integer(ids.next(entity.name)))
            fields["_visibility"] = .integer(0)
            b.fill(slot, classes: ["XDPMEntity", "XDUMLClassImp"] + classChain, fields)
            classes.append((entity.name, .uid(slot)))
        }
        var packageFields: [String: PlistValue] = [
            "_xd_owningModel": .uid(root), "_owner": KeyedArchiveBuilder.null, "_visibility": .integer(0), "_name": b.string(""),
            "_uniqueElementID": KeyedArchiveBuilder.null,
        ]
        for (name, storage) in [
            ("Classes", b.mutableDictionary(classes)), ("Packages", b.mutableDictionary([])), ("Interfaces", b.mutableDictionary([])),
            ("DataTypes", b.mutableDictionary([])),
        ] {
            packageFields["XDBucketFor\(name)storage"] = storage
            packageFields["XDBucketFor\(name)wasEncoded"] = b.string("YES")
        }
        generalizations.fill(entities: entitySlots, ids: &ids, in: &b)
        b.fill(package, classes: ["XDModelPackage", "XDUMLPackageImp", "XDUMLNamespaceImp"] + elementChain, packageFields)
        b.fill(
            root, classes: ["XDPMModel", "XDModel", "NSObject"],
            [
                "_xd_rootPackage": .uid(package), "_xd_comments": b.mutableArray([]), "_xd_modelManager": KeyedArchiveBuilder.null,
                "_configurationsByName": b.mutableDictionary([]), "_xd_modelName": KeyedArchiveBuilder.null,
                "_modelVersionIdentifier": b.string(model.versionIdentifier ?? ""),
            ])
        return b.archive(root: .uid(root))
    }

    /// The values of one stereotype, built once its owner's slot is known.
    private typealias StereotypeValues = (inout KeyedArchiveBuilder) -> [(String, PlistValue)]

    /// What `XD_PPropStereotype` holds for an attribute or a relationship.
    private struct PropertyValues {
        var isOptional: Bool
        var isTransient = false
        var isIndexed = false
        var isSpotlightIndexed = false
        var isStoredInTruthFile = false
        var elementID: String?
        var versionHashModifier: String?
        var userInfo = UserInfo()
    }

    private static func propertyStereotype(_ v: PropertyValues) -> StereotypeValues {
        { b in
            [
                ("XD_PPSK_isStoredInTruthFile", .bool(v.isStoredInTruthFile)),
                ("XD_PPSK_versionHashModifier", b.string(v.versionHashModifier)),
                ("XD_PPSK_userInfo", userInfo(v.userInfo, in: &b)), ("XD_PPSK_isIndexed", .bool(v.isIndexed)),
                ("XD_PPSK_isOptional", .bool(v.isOptional)), ("XD_PPSK_isSpotlightIndexed", .bool(v.isSpotlightIndexed)),
                ("XD_PPSK_elementID", b.string(v.elementID)), ("XD_PPSK_isTransient", .bool(v.isTransient)),
            ]
        }
    }

    /// Uniqueness constraints as SampleModel2's archive holds them: an NSMutableArray of one
    /// NSMutableArray of property-name strings per constraint.
    private static func nameLists(_ lists: [[String]], in b: inout KeyedArchiveBuilder) -> PlistValue {
        var items: [PlistValue] = []
        for list in lists {
            var names: [PlistValue] = []
            for name in list { names.append(b.string(name)) }
            items.append(b.mutableArray(names))
        }
        return b.mutableArray(items)
    }

    /// A userInfo as the NSMutableDictionary of strings the empty ones in Xcode's archives are.
    private static func userInfo(_ info: UserInfo, in b: inout KeyedArchiveBuilder) -> PlistValue {
        // A dictionary holds a key once; the last entry wins, as `UserInfo.dictionary` reads it.
        let last = Dictionary(info.entries.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { $1 })
        var pairs: [(key: String, value: PlistValue)] = []
        for (offset, entry) in info.entries.enumerated() where last[entry.key] == offset {
            pairs.append((entry.key, b.string(entry.value)))
        }
        return b.mutableDictionary(pairs)
    }

    /// An attribute or relationship: the UML property fields, its stereotypes holding the values.
    private static func fillProperty(
        _ slot: Int, _ className: String, name: String, owner: Int, id: Int, stereotypes: [(String, StereotypeValues)],
        in b: inout KeyedArchiveBuilder
    ) {
        var list: [(key: String, value: PlistValue)] = []
        for (stereotypeName, values) in stereotypes {
            list.append((stereotypeName, stereotype(stereotypeName, owner: slot, values, in: &b)))
        }
        var fields = bucket("XDBucketForStereotypes", b.mutableDictionary(list), in: &b)
        fields.merge(umlPropertyFields(name: name, owner: owner, default: KeyedArchiveBuilder.null, in: &b)) { a, _ in a }
        fields["_uniqueElementID"] = b.number(.integer(id))
        b.fill(slot, classes: [className, "XDPMProperty"] + propertyChain, fields)
    }

    /// A stereotype: a class whose owned attributes (`XDUMLPropertyImp`) carry the values as defaults.
    private static func stereotype(_ name: String, owner: Int, _ values: StereotypeValues, in b: inout KeyedArchiveBuilder)
        -> PlistValue
    {
        let slot = b.reserve()
        var owned: [(key: String, value: PlistValue)] = []
        for (key, value) in values(&b) {
            // The values are objects (NSNumbers among them), referred to, never inline.
            let held: PlistValue
            switch value {
            case .bool, .integer, .real: held = b.number(value)
            default: held = value
            }
            owned.append((key, b.object(propertyChain, umlPropertyFields(name: key, owner: slot, default: held, in: &b))))
        }
        var fields = bucket("XDBucketForOwnedAttributes", b.mutableDictionary(owned), in: &b)
        fields["_owner"] = .uid(owner)
        fields["_name"] = b.string(name)
        fields["_uniqueElementID"] = KeyedArchiveBuilder.null
        fields["_visibility"] = .integer(0)
        fields["_isAbstract"] = .bool(false)
        b.fill(slot, classes: ["XDUMLStereotypeImp", "XDUMLClassImp"] + classChain, fields)
        return .uid(slot)
    }

    private static func umlPropertyFields(name: String, owner: Int, default value: PlistValue, in b: inout KeyedArchiveBuilder)
        -> [String: PlistValue]
    {
        var fields: [String: PlistValue] = [
            "_type": KeyedArchiveBuilder.null, "_default": value, "_association": KeyedArchiveBuilder.null, "_owner": .uid(owner),
            "_visibility": .integer(0), "_name": b.string(name), "_uniqueElementID": KeyedArchiveBuilder.null,
        ]
        for flag in ["_isReadOnly", "_isStatic", "_isUnique", "_isDerived", "_isOrdered", "_isComposite", "_isLeaf"] {
            fields[flag] = .bool(false)
        }
        return fields
    }

    /// Xcode's bucket of owned things: the storage and its `ordered` / `wasEncoded` markers.
    static func bucket(_ name: String, _ storage: PlistValue, in b: inout KeyedArchiveBuilder) -> [String: PlistValue] {
        [name + "storage": storage, name + "ordered": b.string("ordered"), name + "wasEncoded": b.string("YES")]
    }

    /// NSDeleteRule's numbers; Core Data's default rule is nullify.
    private static func deleteRuleCode(_ rule: Relationship.DeleteRule?) -> Int {
        switch rule ?? .nullify {
        case .noAction: 0
        case .nullify: 1
        case .cascade: 2
        case .deny: 3
        }
    }

    /// Xcode's `_uniqueElementID`s are random numbers it hands out as elements are made; ours are
    /// derived from the element's name (FNV-1a), in the range Xcode's fall in, and distinct.
    struct ElementIDs {
        var used: Set<Int> = []

        mutating func next(_ name: String) -> Int {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            var id = 500_000_000 + Int(hash % 4_400_000_000)
            while !used.insert(id).inserted { id += 1 }
            return id
        }
    }
}
