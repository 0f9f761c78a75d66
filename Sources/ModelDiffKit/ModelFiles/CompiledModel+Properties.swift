import Foundation

extension CompiledModel {
    /// `NSFlagsKey` bits of an attribute, as the fixtures show them: each set exactly where the XML
    /// source says `allowsExternalBinaryDataStorage="YES"` (Wire's `imageMediumData`) or
    /// `preserveAfterDeletion="YES"` (CoreDataPlus's `Person.id`), and the version hashes agree.
    private static let allowsExternalBinaryDataStorageFlag = 4
    private static let preservesValueInHistoryOnDeletionFlag = 16

    /// The property's name, or an error naming the entity.
    private static func propertyName(_ object: ArchivedObject, entity: String) throws(Diagnostic) -> String {
        guard let name = object.string("NSPropertyName"), !name.isEmpty else {
            throw object.archive.failure("a property of entity \"\(entity)\" has no name")
        }
        return name
    }

    /// An `NSAttributeDescription`.
    static func attribute(_ object: ArchivedObject, entity: String) throws(Diagnostic) -> Attribute {
        let name = try propertyName(object, entity: entity)
        let code = object.integer("NSAttributeType") ?? 0
        guard let type = AttributeType.allCases.first(where: { Int($0.attributeTypeCode) == code }) else {
            throw object.archive.failure("attribute \"\(name)\" of entity \"\(entity)\" has an unknown attribute type \(code)")
        }
        let flags = object.integer("NSFlagsKey") ?? 0
        let defaults = defaultValue(object, type: type)
        return Attribute(
            name: name, type: type, isOptional: object.bool("NSIsOptional"), isTransient: object.bool("NSIsTransient"),
            renamingIdentifier: renamingIdentifier(object, name: name), versionHashModifier: object.string("NSVersionHashModifier"),
            defaultValueString: defaults.value, defaultDateTimeInterval: defaults.date,
            valueTransformerName: object.string("NSValueTransformerName"),
            // Other types' class follows from the type; only a Transformable's is the developer's.
            customClassName: type == .transformable ? object.string("NSAttributeValueClassName") : nil,
            preservesValueInHistoryOnDeletion: flags & preservesValueInHistoryOnDeletionFlag != 0,
            allowsExternalBinaryDataStorage: flags & allowsExternalBinaryDataStorageFlag != 0,
            isIndexed: object.bool("NSIsIndexed"), userInfo: userInfo(object, "NSUserInfo"))
    }

    /// `NSDefaultValue` as the XML writes it: `defaultValueString` (`YES`/`NO` for Booleans), or
    /// `defaultDateTimeInterval` for an archived NSDate (`NS.time`, seconds since 2001).
    private static func defaultValue(_ object: ArchivedObject, type: AttributeType) -> (value: String?, date: String?) {
        switch object.value("NSDefaultValue") {
        case .bool(let flag)?: return (flag ? "YES" : "NO", nil)
        case .integer(let number)?: return (type == .boolean ? (number != 0 ? "YES" : "NO") : String(number), nil)
        case .real(let number)?: return (number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number), nil)
        case .string(let text)?: return (text, nil)
        case .dictionary(let fields)?:
            if case .real(let time)? = object.archive.resolve(fields["NS.time"]) {
                return (nil, time.rounded() == time && abs(time) < 1e15 ? String(Int(time)) : String(time))
            }
            return (object.archive.string(object.fields["NSDefaultValue"]), nil)
        default: return (nil, nil)
        }
    }

    /// An `NSRelationshipDescription`. `NSMaxCount` 0 means unbounded, so a to-many; to-one is 1.
    static func relationship(_ object: ArchivedObject, entity: String) throws(Diagnostic) -> Relationship {
        let name = try propertyName(object, entity: entity)
        let destination = object.string("_NSDestinationEntityName") ?? object.object("NSDestinationEntity")?.string("NSEntityName")
        let inverse = object.string("_NSInverseRelationshipName") ?? object.object("NSInverseRelationship")?.string("NSPropertyName")
        let minCount = object.integer("NSMinCount") ?? 0
        let maxCount = object.integer("NSMaxCount") ?? 0
        let rule: Relationship.DeleteRule?
        switch object.integer("NSDeleteRule") ?? 1 {
        case 0: rule = .noAction
        case 1: rule = .nullify
        case 2: rule = .cascade
        case 3: rule = .deny
        case let other: throw object.archive.failure("relationship \"\(name)\" of entity \"\(entity)\" has an unknown delete rule \(other)")
        }
        return Relationship(
            name: name, destinationEntity: destination, inverseName: inverse, inverseEntity: inverse == nil ? nil : destination,
            isOptional: object.bool("NSIsOptional"), isTransient: object.bool("NSIsTransient"), isToMany: maxCount != 1,
            isOrdered: object.bool("NSIsOrdered"), minCount: minCount == 0 ? nil : minCount, maxCount: maxCount == 0 ? nil : maxCount,
            deleteRule: rule, renamingIdentifier: renamingIdentifier(object, name: name),
            versionHashModifier: object.string("NSVersionHashModifier"), userInfo: userInfo(object, "NSUserInfo"))
    }

    /// An `NSFetchedPropertyDescription`: name, optionality and the fetched entity. No fixture has
    /// one, so only the property keys every property shares are relied on; the request's predicate
    /// is not read (it counts in no hash and no store column).
    static func fetchedProperty(_ object: ArchivedObject, entity: String) throws(Diagnostic) -> FetchedProperty {
        let name = try propertyName(object, entity: entity)
        let request = object.object("NSFetchRequest")
        let fetched = request?.object("NSEntity")?.string("NSEntityName") ?? request?.string("NSEntityName") ?? ""
        return FetchedProperty(
            name: name, isOptional: object.bool("NSIsOptional"), fetchRequest: FetchRequest(name: name, entity: fetched),
            renamingIdentifier: renamingIdentifier(object, name: name), versionHashModifier: object.string("NSVersionHashModifier"),
            userInfo: userInfo(object, "NSUserInfo"))
    }
}
