import Foundation
@_spi(CLI) import ModelDiffKit

/// The checks `modeldiff test` runs on one migrated store, against the store it came from.
struct MigrationTestChecks {
    let source: String
    let output: String
    let old: Model
    let new: Model
    let mapping: MappingModel

    func failures() throws -> [String] {
        let sourceStore = try PersistentStore.open(path: source)
        // The source is read as the migration read it: a table of one entity holds only that entity's rows.
        let sourceLayout = try sourceStore.layout(for: old)
        try sourceStore.readRowsAsTheirOneEntity(try sourceStore.tablesHoldingOtherEntityNumbers(layout: sourceLayout))
        let migrated = try PersistentStore.open(path: output)
        var failures = try StoreVerification(store: migrated, model: new).problems.map { "store verify: \($0)" }
        let before = Dictionary(try sourceStore.rowCounts(layout: sourceLayout).map { ($0.entity, $0.count) }, uniquingKeysWith: +)
        let after = Dictionary(try migrated.rowCounts().map { ($0.entity, $0.count) }, uniquingKeysWith: +)
        // Each store's own join-table names: an Apple-written source may name a pair after its other side.
        let (oldLayout, newLayout) = (try sourceStore.layout(for: old), try migrated.layout(for: new))
        let carrying = mapping.entityMappings.filter { [.copy, .transform, .custom].contains($0.type) && $0.sourceEntity != nil }
        for destination in Set(carrying.compactMap(\.destinationEntity)).sorted() {
            let feeding = carrying.filter { $0.destinationEntity == destination }
            // A source expression other than Xcode's fetch of every instance may select objects: not counted.
            guard feeding.allSatisfy({ $0.sourceExpression == nil || $0.sourceExpression == EntityMapping.fetchAll($0.sourceEntity!) })
            else { continue }
            let expected = feeding.reduce(0) { $0 + (before[$1.sourceEntity!] ?? 0) }
            let actual = after[destination] ?? 0
            if actual != expected {
                failures.append(
                    "\(destination): \(actual) objects, but the mapping carries \(expected) from \(feeding.map { $0.sourceEntity! }.joined(separator: ", "))"
                )
            }
            guard feeding.count == 1, let entityMapping = feeding.first, let from = entityMapping.sourceEntity else { continue }
            failures += try values(entityMapping, from: from, to: destination, sourceStore, migrated, oldLayout, newLayout)
            let carried = Set(carrying.compactMap(\.sourceEntity))
            failures += try links(entityMapping, from: from, to: destination, carried: carried, sourceStore, migrated, oldLayout, newLayout)
        }
        return failures
    }

    /// Attributes copied by a plain key path (renames included) keep their values, converted as
    /// lightweight migration converts numbers and Booleans; a number that no longer fits its type fails.
    private func values(
        _ entityMapping: EntityMapping, from: String, to: String, _ sourceStore: PersistentStore, _ migrated: PersistentStore,
        _ oldLayout: StoreLayout, _ newLayout: StoreLayout
    ) throws -> [String] {
        guard let sourceEntity = old.entity(named: from), let destinationEntity = new.entity(named: to) else { return [] }
        let oldAttributes = Dictionary(old.allAttributes(of: sourceEntity).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let newAttributes = Dictionary(new.allAttributes(of: destinationEntity).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var copied: [(String, Attribute, Attribute)] = []
        // A nil read by a `NilBecomesDefault` mapping is expected as the destination's default.
        var defaults: [String: StoreValue] = [:]
        for property in entityMapping.attributeMappings {
            guard let expression = property.valueExpression else { continue }
            let defaulted = NilBecomesDefault.sourceKey(of: expression, destination: property.name)
            guard let sourceName = defaulted ?? (expression.hasPrefix("$source.") ? String(expression.dropFirst("$source.".count)) : nil),
                !sourceName.contains("."), let sourceAttribute = oldAttributes[sourceName],
                let destinationAttribute = newAttributes[property.name],
                !sourceAttribute.isTransient, !destinationAttribute.isTransient
            else { continue }
            if defaulted != nil { defaults[property.name] = AttributeMappingPlan.defaultValue(of: destinationAttribute) }
            copied.append((property.name, sourceAttribute, destinationAttribute))
        }
        guard !copied.isEmpty else { return [] }
        var sourceValues: [String: [StoreValue]] = [:]
        try sourceStore.forEachObject(of: from, layout: oldLayout, includingSubentities: false) { object in
            for (name, attribute, _) in copied { sourceValues[name, default: []].append(object.attributes[attribute.name] ?? .null) }
        }
        var destinationValues: [String: [StoreValue]] = [:]
        try migrated.forEachObject(of: to, layout: newLayout, includingSubentities: false) { object in
            for (name, _, _) in copied { destinationValues[name, default: []].append(object.attributes[name] ?? .null) }
        }
        var failures: [String] = []
        for (name, sourceAttribute, destinationAttribute) in copied {
            let what = "\(to).\(name)"
            let written = destinationValues[name] ?? []
            if let range = Self.range(of: destinationAttribute.type),
                let outside = written.first(where: { if case .integer(let n) = $0 { !range.contains(n) } else { false } })
            {
                failures.append(
                    """
                    \(what): \(outside) does not fit \(destinationAttribute.type.xcodeName) (from \(from).\(sourceAttribute.name), \
                    \(sourceAttribute.type.xcodeName)): the value overflows
                    """
                )
                continue
            }
            // A number made Boolean keeps only whether it was zero: any other value than 0 and 1 is lost.
            if destinationAttribute.type == .boolean,
                let lost = (sourceValues[name] ?? []).first(where: { if case .integer(let n) = $0 { n != 0 && n != 1 } else { false } })
            {
                failures.append(
                    "\(what): \(lost) becomes YES (from \(from).\(sourceAttribute.name), \(sourceAttribute.type.xcodeName)): the number is lost"
                )
                continue
            }
            // A Double, Float or Decimal made an integer keeps only the whole part: a fraction is lost.
            if [.integer16, .integer32, .integer64].contains(destinationAttribute.type),
                [.double, .float, .decimal].contains(sourceAttribute.type),
                let lost = (sourceValues[name] ?? []).first(where: { Self.fraction(of: $0) != 0 })
            {
                failures.append(
                    """
                    \(what): \(lost) becomes \(Self.converted(lost, to: destinationAttribute.type)) \
                    (from \(from).\(sourceAttribute.name), \(sourceAttribute.type.xcodeName)): the fraction is lost
                    """
                )
                continue
            }
            let type = destinationAttribute.type
            let read = (sourceValues[name] ?? []).map { value in
                if case .null = value, let fallback = defaults[name] { fallback } else { value }
            }
            let expected = read.map { Self.comparable(Self.converted($0, to: type), type) }
            let actual = written.map { Self.comparable($0, type) }
            if expected.sorted() != actual.sorted() {
                let missing = Set(expected).subtracting(actual).first.map { " (\($0) is missing)" } ?? ""
                failures.append("\(what): its values differ from \(from).\(sourceAttribute.name)'s\(missing)")
            }
        }
        return failures
    }

    /// Relationships mapped through `destinationInstancesForEntityMappingNamed…` keep their number of
    /// links to objects the mapping carries (`carried`: the source entities of its copy, transform and
    /// custom entity mappings). A link to an object of an entity the mapping removes goes with that
    /// object, as `migrate` reports it ("links of … to objects the mapping removes"): the step's
    /// `entity-removed` line counts the loss.
    private func links(
        _ entityMapping: EntityMapping, from: String, to: String, carried: Set<String>, _ sourceStore: PersistentStore,
        _ migrated: PersistentStore, _ oldLayout: StoreLayout, _ newLayout: StoreLayout
    ) throws -> [String] {
        var failures: [String] = []
        for property in entityMapping.relationshipMappings {
            guard let expression = property.valueExpression,
                let sourceName = expression.split(separator: "$source.").last.map({
                    String($0.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                }),
                expression.contains("destinationInstancesForEntityMapping"), !sourceName.isEmpty
            else { continue }
            let before = try Self.linkCount(sourceStore, oldLayout, entity: from, relationship: sourceName, carried: carried)
            let after = try Self.linkCount(migrated, newLayout, entity: to, relationship: property.name)
            if before != after {
                failures.append("\(to).\(property.name): \(after) links, but \(from).\(sourceName) held \(before)")
            }
        }
        return failures
    }

    /// How many links the objects of `entity` (not its sub-entities) hold through `relationship`.
    /// A to-one key that names no row (a dangling key, or the `0` of a hand-written fixture) is no link:
    /// a migration carries it as nil and says so (`SourceSoundness`), and Core Data cannot fault it.
    /// With `carried`, only links to objects of those entities count.
    static func linkCount(
        _ store: PersistentStore, _ layout: StoreLayout, entity: String, relationship: String, carried: Set<String>? = nil
    ) throws -> Int {
        guard let owner = layout.model.entity(named: entity),
            let declared = layout.model.allRelationships(of: owner).first(where: { $0.name == relationship })
        else { return 0 }
        let names = Dictionary(layout.entityNumbers.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let counted = { (target: ObjectID) in carried.map { carried in names[target.entity].map(carried.contains) ?? false } ?? true }
        var count = 0
        try store.forEachObject(of: entity, layout: layout, includingSubentities: false) { object in
            if declared.isToMany {
                count += try store.relatedObjects(of: object.id, entity: entity, relationship: relationship, layout: layout).filter(counted)
                    .count
            } else if case .some(.some(let target)) = object.toOne[relationship], counted(target),
                try store.object(target, layout: layout) != nil
            {
                count += 1
            }
        }
        return count
    }

    static func range(of type: AttributeType) -> ClosedRange<Int64>? {
        switch type {
        case .integer16: Int64(Int16.min)...Int64(Int16.max)
        case .integer32: Int64(Int32.min)...Int64(Int32.max)
        default: nil
        }
    }

    /// A source value as lightweight migration writes it into an attribute of `type`.
    static func converted(_ value: StoreValue, to type: AttributeType) -> StoreValue {
        switch (value, type) {
        case (.integer(let n), .boolean): .bool(n != 0)
        case (.bool(let b), .integer16), (.bool(let b), .integer32), (.bool(let b), .integer64): .integer(b ? 1 : 0)
        case (.integer(let n), .double), (.integer(let n), .float): .double(Double(n))
        case (.double(let d), .integer16), (.double(let d), .integer32), (.double(let d), .integer64):
            d.isFinite && abs(d) < 9.2e18 ? .integer(Int64(d)) : value
        default: value
        }
    }

    /// The fractional part of a stored number (0 for anything else).
    static func fraction(of value: StoreValue) -> Double {
        let number: Double? =
            switch value {
            case .double(let d): d
            case .decimal(let text): Double(text)
            default: nil
            }
        guard let number, number.isFinite else { return 0 }
        return number - number.rounded(.towardZero)
    }

    /// A value as text to compare by: numbers in a Double, Float or Decimal attribute by their Double
    /// value (a Float's to Float precision), since SQLite may hand back an integer, a real or text for them.
    static func comparable(_ value: StoreValue, _ type: AttributeType) -> String {
        let number: Double?
        switch value {
        case .integer(let n): number = Double(n)
        case .double(let d): number = d
        case .decimal(let text): number = Double(text)
        default: number = nil
        }
        guard let number, [.double, .float, .decimal].contains(type) else { return "\(value)" }
        return type == .float ? "\(Float(number))" : "\(number)"
    }
}
