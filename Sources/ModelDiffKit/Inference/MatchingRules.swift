/// Findings about how elements matched: ambiguous and dangling renaming identifiers.
enum MatchingRules {
    static func ambiguousNames(_ context: inout RuleContext) {
        let diff = context.diff
        for name in diff.match.ambiguousEntityNames {
            let claimants = diff.destination.entities.filter { $0.canonicalName == name }
            guard let first = claimants.first else { continue }
            context.new(
                .ambiguousRenamingIdentifier, entity: first.name, line: first.line,
                """
                \(claimants.map { "`\($0.name)`" }.joined(separator: " and ")) all match `\(name)` of the old version (by name or renaming \
                identifier), so Core Data cannot tell which one it becomes: give each entity a distinct renaming identifier
                """
            )
        }
        for pair in diff.match.pairs {
            for name in pair.properties.ambiguousNames {
                let claimants = diff.destination.allProperties(of: pair.destination).filter { $0.canonicalName == name }
                guard let first = claimants.first else { continue }
                context.new(
                    .ambiguousRenamingIdentifier, entity: pair.destination.name, property: first.name, line: first.line,
                    """
                    \(claimants.map { "`\(pair.destination.name).\($0.name)`" }.joined(separator: " and ")) all match `\(name)` of the old \
                    version, so Core Data cannot tell which one it becomes: give each property a distinct renaming identifier
                    """
                )
            }
        }
    }

    static func unmatchedRenamingIdentifiers(_ context: inout RuleContext) {
        let diff = context.diff
        let oldEntityNames = diff.source.entities.map(\.name).joined(separator: ", ")
        for entity in diff.match.added {
            guard let identifier = entity.renamingIdentifier, identifier != entity.name,
                !diff.match.ambiguousEntityNames.contains(identifier)
            else { continue }
            if context.historicalNames.contains(identifier) {
                context.new(
                    .renamingIdentifierFromOlderVersion, entity: entity.name, line: entity.line,
                    """
                    `\(entity.name)` has renaming identifier `\(identifier)`, which names an entity of another version but none of the old one: \
                    `\(entity.name)` is added empty here
                    """
                )
                continue
            }
            context.new(
                .unmatchedRenamingIdentifier, entity: entity.name, line: entity.line,
                """
                `\(entity.name)` has renaming identifier `\(identifier)`, which matches no entity of the old version (\(oldEntityNames)), so it \
                starts empty: correct the identifier to the old entity's name, or remove it
                """
            )
        }
        for change in diff.entities where change.kind == .matched {
            guard let entity = change.destination else { continue }
            for property in change.properties where property.kind == .added {
                guard let added = property.destination, added.canonicalName != added.name else { continue }
                let owner = diff.destination.declaringEntity(ofProperty: added.name, in: entity)?.name ?? entity.name
                if context.historicalNames.contains("\(owner).\(added.canonicalName)")
                    || context.historicalNames.contains(added.canonicalName)
                {
                    continue
                }
                context.new(
                    .unmatchedRenamingIdentifier, entity: entity.name, property: added.name, line: added.line,
                    """
                    `\(entity.name).\(added.name)` has renaming identifier `\(added.canonicalName)`, which matches no property of \
                    `\(change.source?.name ?? entity.name)` in the old version, so its values start empty: correct the identifier to the old \
                    property's name, or remove it
                    """
                )
            }
        }
    }
}

/// Findings about entity hierarchies.
enum HierarchyRules {
    /// Two entities with different roots in the old version cannot share a root in the new one.
    static func merge(_ context: inout RuleContext) {
        let diff = context.diff
        var groups: [String: [ModelMatch.EntityPair]] = [:]
        var order: [String] = []
        for pair in diff.match.pairs {
            let root = diff.destination.rootEntity(of: pair.destination).name
            if groups[root] == nil { order.append(root) }
            groups[root, default: []].append(pair)
        }
        for root in order {
            guard let members = groups[root], let first = members.first else { continue }
            let firstRoot = diff.source.rootEntity(of: first.source).name
            guard let other = members.first(where: { diff.source.rootEntity(of: $0.source).name != firstRoot }) else { continue }
            let otherRoot = diff.source.rootEntity(of: other.source).name
            context.new(
                .hierarchyMerge, entity: other.destination.name, line: other.destination.line,
                """
                `\(first.destination.name)` and `\(other.destination.name)` now share the parent entity `\(root)`, but in the old version they \
                belonged to separate hierarchies (`\(firstRoot)` and `\(otherRoot)`): lightweight migration cannot merge entity hierarchies \
                (each is one table in the store); keep them apart, or write a custom mapping — `modeldiff infer` writes a starter
                """
            )
        }
    }
}

/// Findings about whole entities.
enum EntityRules {
    static func addedAndRemoved(_ context: inout RuleContext) {
        for change in context.diff.entities {
            switch change.sides {
            case .added(let entity):
                context.new(
                    .entityAdded, entity: entity.name, line: entity.line, "`\(entity.name)` is a new entity: inferable, it starts empty")
            case .removed(let entity):
                // When every hash is equal Core Data opens the store as it is, and renaming identifiers play no part.
                if let identifier = entity.renamingIdentifier, identifier != entity.name, !context.diff.isIdenticalForTheStore,
                    context.diff.match.added.contains(where: { $0.name == entity.name })
                {
                    // Core Data keys the old version's entities by renaming identifier (the name when none is
                    // set) and looks each new entity up by its own: _NSMappingModelBuilder's
                    // newInferredMappingModel: builds IEM_Remove_<identifier> and IEM_Add_<name> here.
                    context.old(
                        .staleRenamingIdentifier, entity: entity.name, line: entity.line,
                        """
                        `\(entity.name)` of the old version has renaming identifier `\(identifier)`, which no entity of the new version \
                        carries: Core Data matches entities by renaming identifier (else name), so it does not match it to the new \
                        `\(entity.name)` — every `\(entity.name)` object in the store is deleted by the migration and the new `\(entity.name)` \
                        starts empty; remove the renaming identifier from `\(entity.name)` in the old version (it is not part of the version \
                        hash, so that version's stores still open)
                        """
                    )
                    continue
                }
                context.old(
                    .entityRemoved, entity: entity.name, line: entity.line,
                    "`\(entity.name)` is removed: every `\(entity.name)` object in the store is deleted by the migration")
            case .matched(let old, let new):
                if change.isRenamed {
                    context.new(
                        .entityRenamed, entity: new.name, line: new.line,
                        "`\(old.name)` is renamed to `\(new.name)` (renaming identifier `\(new.canonicalName)`): inferable")
                }
            }
        }
    }
}
