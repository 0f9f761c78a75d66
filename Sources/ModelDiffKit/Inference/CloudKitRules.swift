/// The rules a model mirrored with `NSPersistentCloudKitContainer` must follow (`check --cloudkit`).
///
/// Evidence: Apple's "Creating a Core Data Model for CloudKit" (no uniqueness constraints; no
/// `Undefined` or `Object ID` attributes; every attribute optional or with a default value; every
/// relationship optional, with an inverse, not `Deny`; entities of a configuration do not relate to
/// entities outside it) and Core Data's refusal to load such a model (NSCocoaErrorDomain 134060,
/// "CloudKit integration requires …", which also names ordered relationships). Once the CloudKit
/// schema is deployed to production it is add-only: record types and fields cannot be deleted or
/// changed, and a field's name is the property's name (`CD_` + name), so a rename is a removal.
@_spi(CLI) public enum CloudKitRules {
    /// Findings for `model` (the file at `path`): the entities of the configurations marked "Used with
    /// CloudKit", or every entity when none is marked.
    @_spi(CLI) public static func model(_ model: Model, path: String) -> [Finding] {
        var findings: [Finding] = []
        func add(_ code: FindingCode, _ entity: String, _ property: String?, _ line: SourceLine, _ message: String) {
            findings.append(
                Finding(
                    code, entity: entity, property: property, file: line.file(or: path), line: line.value,
                    message: message + " (Core Data refuses to load it for CloudKit: error 134060)"))
        }
        let mirrored = mirroredEntities(of: model)
        let cloudConfigurations = model.configurations.filter(\.usedWithCloudKit)
        for entity in model.entities where mirrored.contains(entity.name) {
            if !entity.uniquenessConstraints.isEmpty {
                add(
                    .cloudkitUniqueConstraint, entity.name, nil, entity.line,
                    """
                    `\(entity.name)` has a uniqueness constraint, which CloudKit cannot enforce across devices: remove it and deduplicate in \
                    code after each import
                    """
                )
            }
            for attribute in entity.attributes where !attribute.isTransient {
                let name = "`\(entity.name).\(attribute.name)`"
                if attribute.type == .undefined || attribute.type == .objectID {
                    add(
                        .cloudkitUnsupportedType, entity.name, attribute.name, attribute.line,
                        "\(name) is of type \(attribute.type.xcodeName), which CloudKit cannot store: make it transient or give it another type"
                    )
                } else if !attribute.isOptional && !attribute.hasDefaultValue && !attribute.isDerived {
                    add(
                        .cloudkitRequiredAttribute, entity.name, attribute.name, attribute.line,
                        "\(name) is required without a default value, and a CloudKit record may arrive without it: make it optional or give it a default value"
                    )
                }
            }
            for relationship in entity.relationships where !relationship.isTransient {
                let name = "`\(entity.name).\(relationship.name)`"
                if !relationship.isOptional {
                    add(
                        .cloudkitRequiredRelationship, entity.name, relationship.name, relationship.line,
                        "\(name) is required, but CloudKit does not apply relationship changes atomically: make it optional")
                }
                if relationship.inverseName == nil {
                    add(
                        .cloudkitMissingInverse, entity.name, relationship.name, relationship.line,
                        "\(name) has no inverse, which CloudKit needs to store the link: add an inverse relationship")
                }
                if relationship.deleteRule == .deny {
                    add(
                        .cloudkitDenyDeleteRule, entity.name, relationship.name, relationship.line,
                        "\(name) uses the Deny delete rule, which CloudKit cannot honour: use Nullify or Cascade")
                }
                if relationship.isOrdered {
                    add(
                        .cloudkitOrderedRelationship, entity.name, relationship.name, relationship.line,
                        "\(name) is ordered, which CloudKit cannot mirror: make it unordered and keep an order attribute")
                }
                if let destination = relationship.destinationEntity,
                    let configuration = cloudConfigurations.first(where: {
                        $0.memberEntities.contains(entity.name) && !$0.memberEntities.contains(destination)
                    })
                {
                    add(
                        .cloudkitCrossConfiguration, entity.name, relationship.name, relationship.line,
                        """
                        \(name) points to `\(destination)`, which is not in the configuration `\(configuration.name)`: a mirrored store holds \
                        one configuration, so the link cannot be stored; move `\(destination)` into it or remove the relationship
                        """
                    )
                }
            }
        }
        return findings
    }

    /// Findings for a change of a schema already deployed to CloudKit's production environment, which
    /// is add-only.
    @_spi(CLI) public static func change(_ diff: ModelDiff, sourcePath: String, destinationPath: String) -> [Finding] {
        var findings: [Finding] = []
        let mirrored = mirroredEntities(of: diff.source)
        let tail = "; CloudKit's production schema is add-only"
        for change in diff.entities {
            guard let old = change.source, mirrored.contains(old.name) else { continue }
            guard let new = change.destination else {
                findings.append(
                    Finding(
                        .cloudkitEntityRemoved, entity: old.name, file: old.line.file(or: sourcePath), line: old.line.value,
                        message:
                            "`\(old.name)` is removed, but its CloudKit record type stays and devices on older versions keep syncing it\(tail): keep the entity"
                    ))
                continue
            }
            if change.isRenamed {
                findings.append(
                    Finding(
                        .cloudkitEntityRenamed, entity: new.name, file: new.line.file(or: destinationPath), line: new.line.value,
                        message:
                            """
                            `\(old.name)` is renamed to `\(new.name)`, but its CloudKit record type is named after the entity \
                            (`CD_\(old.name)`)\(tail): keep the name
                            """
                    ))
            }
            for property in change.properties {
                guard let before = property.source, !before.isTransient else { continue }
                if case .fetchedProperty = before { continue }
                guard let after = property.destination else {
                    findings.append(
                        Finding(
                            .cloudkitPropertyRemoved, entity: old.name, property: before.name, file: before.line.file(or: sourcePath),
                            line: before.line.value,
                            message:
                                """
                                `\(old.name).\(before.name)` is removed, but its CloudKit field stays and older versions keep writing \
                                it\(tail): keep it, unused
                                """
                        ))
                    continue
                }
                let name = "`\(new.name).\(after.name)`"
                if property.isRenamed {
                    findings.append(
                        Finding(
                            .cloudkitPropertyRenamed, entity: new.name, property: after.name, file: after.line.file(or: destinationPath),
                            line: after.line.value,
                            message:
                                """
                                `\(old.name).\(before.name)` is renamed to \(name), but its CloudKit field is named after the property \
                                (`CD_\(before.name)`)\(tail): keep the name
                                """
                        ))
                }
                switch (before, after) {
                case (.attribute(let a), .attribute(let b)):
                    if a.type != b.type {
                        findings.append(
                            Finding(
                                .cloudkitTypeChanged, entity: new.name, property: b.name, file: b.line.file(or: destinationPath),
                                line: b.line.value,
                                message:
                                    """
                                    \(name) changes from \(a.type.xcodeName) to \(b.type.xcodeName), but a CloudKit field keeps its \
                                    type\(tail): add a new attribute instead
                                    """
                            ))
                    }
                    if a.isOptional && !b.isOptional {
                        findings.append(
                            Finding(
                                .cloudkitMadeRequired, entity: new.name, property: b.name, file: b.line.file(or: destinationPath),
                                line: b.line.value,
                                message:
                                    "\(name) becomes required, but records written by older versions may lack it\(tail): keep it optional"))
                    }
                case (.relationship(let a), .relationship(let b)):
                    if a.destinationEntity != b.destinationEntity || a.isToMany != b.isToMany {
                        findings.append(
                            Finding(
                                .cloudkitTypeChanged, entity: new.name, property: b.name, file: b.line.file(or: destinationPath),
                                line: b.line.value,
                                message:
                                    """
                                    \(name) changes its destination or cardinality, but CloudKit stores the link by both\(tail): add a new \
                                    relationship instead
                                    """
                            ))
                    }
                default:
                    findings.append(
                        Finding(
                            .cloudkitTypeChanged, entity: new.name, property: after.name, file: after.line.file(or: destinationPath),
                            line: after.line.value,
                            message: "\(name) changes between attribute and relationship\(tail): add a new property instead"))
                }
            }
        }
        return findings
    }

    /// The entities a CloudKit store mirrors.
    static func mirroredEntities(of model: Model) -> Set<String> {
        let marked = model.configurations.filter(\.usedWithCloudKit)
        return Set(marked.isEmpty ? model.entities.map(\.name) : marked.flatMap(\.memberEntities))
    }
}
