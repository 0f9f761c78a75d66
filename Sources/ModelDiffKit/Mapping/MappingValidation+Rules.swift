/// What a mapping file may say that Core Data's migration manager would not do as written.
extension MappingValidation {
    /// The properties of `NSMigrationManager` a `$manager.key` path can read (its public API):
    /// any other key raises `NSUnknownKeyException` in Core Data, in the middle of a migration.
    static let managerKeys: Set<String> = [
        "mappingModel", "sourceModel", "destinationModel", "sourceContext", "destinationContext", "currentEntityMapping",
        "migrationProgress", "userInfo", "usesStoreSpecificMigrationManager",
    ]

    /// The entity mapping types of Xcode's mapping editor (`NSEntityMappingType` without Undefined,
    /// which the editor never writes and the migration manager migrates nothing for).
    static let xcodeTypes: Set<MappingType> = [.custom, .add, .remove, .copy, .transform]

    /// The entity mapping's type against what it names: an `add` has no source, a `remove` is for an
    /// entity the new version no longer has.
    mutating func checkType(of entityMapping: EntityMapping) {
        let line = entityMapping.line
        let name = entityMapping.name
        guard Self.xcodeTypes.contains(entityMapping.type) else {
            report(
                line, attribute: "type",
                """
                entity mapping \"\(name)\" has type \(entityMapping.type.rawValue), which Core Data's migration manager cannot run (Xcode \
                decides an Undefined mapping's type when it compiles); use custom, add, remove, copy or transform
                """
            )
            return
        }
        if entityMapping.type == .add, let source = entityMapping.sourceEntity {
            report(
                line, attribute: "source",
                """
                entity mapping \"\(name)\" of type add names source entity \"\(source)\": an add mapping creates objects from nothing; use copy \
                or transform to carry \"\(source)\" over
                """
            )
        }
        // Kept: the new version has an entity of that name, or one renamed from it (its renaming identifier).
        if entityMapping.type == .remove, let source = entityMapping.sourceEntity,
            destination.entity(named: source) != nil || destination.entities.contains(where: { $0.renamingIdentifier == source })
        {
            report(
                line, attribute: "type",
                "entity mapping \"\(name)\" removes \"\(source)\", which the new version keeps: its objects would be dropped; use copy or transform"
            )
        }
    }

    /// Forms a value expression may not take: `FETCH` outside a source expression, a `TERNARY`
    /// whose condition is not a predicate, a `$manager` key the manager does not answer.
    mutating func checkForms(of expression: ValueExpression, text: String, line: SourceLine, what: String, isSourceExpression: Bool) {
        var pending = [expression]
        while let current = pending.popLast() {
            switch current {
            case .function(let name, _) where name == "FETCH" && !isSourceExpression:
                report(
                    line, expression: text, column: position(of: "FETCH", in: text),
                    "\(what): FETCH runs a fetch request, which only an entity mapping's source expression may do")
            case .ternary(let condition, _, _) where !Self.isPredicate(condition):
                report(
                    line, expression: text, column: position(of: "TERNARY", in: text),
                    "\(what): the first argument of TERNARY must be a predicate (a comparison, AND, OR, NOT, TRUEPREDICATE or a Boolean)")
            case .keyPath(.variable("manager"), let components):
                if let key = components.first, !Self.managerKeys.contains(key) {
                    report(
                        line, expression: text, column: position(of: "$manager." + key, in: text),
                        "\(what): the migration manager has no key \"\(key)\"; it answers \(Self.managerKeys.sorted().joined(separator: ", "))"
                    )
                }
            default: break
            }
            pending += current.operands
        }
    }

    /// A relationship mapping whose whole expression is a key path to objects of the source store
    /// (`$source.folder`): Core Data refuses them in a destination relationship, and the objects
    /// migrated from them are what the manager's lookup returns.
    mutating func checkSourceObjects(_ text: String, line: SourceLine, relationship: Relationship, sourceEntity: Entity, what: String) {
        guard let read = SourceObjectCheck.sourceRelationship(of: text, from: sourceEntity, in: source), let target = read.destinationEntity
        else { return }
        let name = SourceObjectCheck.mappingName(from: target, to: relationship.destinationEntity, in: mapping)
        report(
            line, expression: text, column: position(of: "$source", in: text),
            SourceObjectCheck.message(property: what, text: text, sourceEntity: target, mappingName: name))
    }

    /// Whether an expression is a predicate, as TERNARY's condition and a fetch predicate must be.
    static func isPredicate(_ expression: ValueExpression) -> Bool {
        switch expression {
        case .binary(let op, _, _): [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .and, .or].contains(op)
        case .not, .comparison, .predicate: true
        case .constant(.bool): true
        default: false
        }
    }

    private func position(of needle: String, in text: String) -> Int {
        guard let range = text.range(of: needle) else { return 1 }
        return text.distance(from: text.startIndex, to: range.lowerBound) + 1
    }
}
