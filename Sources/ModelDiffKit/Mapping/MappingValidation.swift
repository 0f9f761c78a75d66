import Foundation

/// Checks a mapping file against the two model versions it maps between.
public struct MappingValidation {
    /// The variables a value expression may name.
    package static let knownVariables: Set<String> = [
        "manager", "source", "destination", "entityMapping", "propertyMapping", "entityPolicy",
    ]

    let mapping: MappingModel
    let source: Model
    let destination: Model
    let path: String
    let text: MappingSourceText
    var problems: [(order: Int, diagnostic: Diagnostic)] = []

    /// Every problem of `mapping` (read from `path`, whose text is `text`) against the two versions, in file
    /// order; empty when valid.
    public static func problems(_ mapping: MappingModel, path: String, text: String, source: Model, destination: Model) -> [Diagnostic] {
        var validation = MappingValidation(
            mapping: mapping, source: source, destination: destination, path: path, text: MappingSourceText(text))
        validation.run()
        // File order, as a compiler reports; problems without a line (a mapping built in code) keep theirs, last.
        return validation.problems.sorted {
            let (a, b) = ($0.diagnostic, $1.diagnostic)
            return (a.line ?? .max, a.column ?? 0, $0.order) < (b.line ?? .max, b.column ?? 0, $1.order)
        }.map(\.diagnostic)
    }

    /// Throws every problem together when there is an error among them; returns the warnings otherwise.
    @discardableResult
    public static func validate(_ mapping: MappingModel, path: String, text: String, source: Model, destination: Model)
        throws(DiagnosticList) -> [Diagnostic]
    {
        let found = problems(mapping, path: path, text: text, source: source, destination: destination)
        if found.contains(where: { $0.severity == .error }) { throw DiagnosticList(found) }
        return found
    }

    private mutating func run() {
        let sourceHashes = source.versionHashes()
        let destinationHashes = destination.versionHashes()
        let names = Set(mapping.entityMappings.map(\.name))
        var seen: Set<String> = []
        for entityMapping in mapping.entityMappings {
            let line = entityMapping.line
            if !seen.insert(entityMapping.name).inserted {
                report(
                    line, attribute: "name",
                    "another entity mapping is also named \"\(entityMapping.name)\": names must be unique, FUNCTION($manager, …) finds mappings by name"
                )
            }
            checkType(of: entityMapping)
            var sourceEntity: Entity?
            var destinationEntity: Entity?
            if let name = entityMapping.sourceEntity {
                sourceEntity = source.entity(named: name)
                if sourceEntity == nil {
                    report(
                        line, attribute: "source",
                        "entity mapping \"\(entityMapping.name)\" names source entity \"\(name)\", which the old version does not have")
                } else if let written = entityMapping.sourceVersionHash, written != sourceHashes.base64(entity: name) {
                    report(
                        line, attribute: "sourceVersionHash",
                        """
                        entity mapping \"\(entityMapping.name)\" was written for another version of \"\(name)\" (stale sourceVersionHash): the \
                        old model changed since; review the mapping and update the hash to \(sourceHashes.base64(entity: name) ?? "")
                        """
                    )
                }
            } else if entityMapping.type != .add {
                report(
                    line, element: "entityMapping",
                    "entity mapping \"\(entityMapping.name)\" of type \(entityMapping.type.rawValue) needs a source entity")
            }
            if let name = entityMapping.destinationEntity {
                destinationEntity = destination.entity(named: name)
                if destinationEntity == nil {
                    report(
                        line, attribute: "destination",
                        "entity mapping \"\(entityMapping.name)\" names destination entity \"\(name)\", which the new version does not have"
                    )
                } else if let written = entityMapping.destinationVersionHash, written != destinationHashes.base64(entity: name) {
                    report(
                        line, attribute: "destinationVersionHash",
                        """
                        entity mapping \"\(entityMapping.name)\" was written for another version of \"\(name)\" (stale destinationVersionHash): \
                        the new model changed since; review the mapping and update the hash to \(destinationHashes.base64(entity: name) ?? "")
                        """
                    )
                }
            } else if entityMapping.type != .remove {
                report(
                    line, element: "entityMapping",
                    "entity mapping \"\(entityMapping.name)\" of type \(entityMapping.type.rawValue) needs a destination entity")
            }
            if let expression = entityMapping.sourceExpression {
                check(
                    expression, line: line, sourceEntity: sourceEntity, mappingNames: names,
                    what: "source expression of \"\(entityMapping.name)\"", isSourceExpression: true)
                do {
                    if let predicate = try SourceExpressionCheck.predicateText(entityMapping) {
                        checkPredicate(
                            predicate, in: expression, line: line, sourceEntity: sourceEntity, mappingNames: names,
                            what: "source expression of \"\(entityMapping.name)\"")
                    }
                } catch {
                    report(line, element: "sourceExpression", "entity mapping \"\(entityMapping.name)\": \(error.message)")
                }
            }
            guard let destinationEntity else { continue }
            checkProperties(of: entityMapping, source: sourceEntity, destination: destinationEntity, mappingNames: names)
        }
        // A destination entity no mapping fills starts empty, as Xcode's mapping models leave a new
        // entity; one the old version had too loses its objects, which is worth a warning, not a refusal.
        let covered = Set(mapping.entityMappings.compactMap(\.destinationEntity))
        for entity in destination.entities where !entity.isAbstract && !covered.contains(entity.name) {
            guard let old = source.entity(named: entity.name) ?? source.entities.first(where: { $0.canonicalName == entity.canonicalName })
            else { continue }
            report(
                mapping.line, element: "mappingModel", severity: .warning,
                "no entity mapping carries \"\(old.name)\" over to \"\(entity.name)\": its objects are dropped (add a copy or transform mapping to keep them)"
            )
        }
    }

    private mutating func checkProperties(
        of entityMapping: EntityMapping, source sourceEntity: Entity?, destination destinationEntity: Entity, mappingNames: Set<String>
    ) {
        let properties = Dictionary(destination.allProperties(of: destinationEntity).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var seen: Set<String> = []
        for (kind, mappings) in [("attribute", entityMapping.attributeMappings), ("relationship", entityMapping.relationshipMappings)] {
            for property in mappings {
                let what = "\(destinationEntity.name).\(property.name)"
                if !seen.insert(property.name).inserted {
                    report(property.line, attribute: "name", "\(what) is mapped twice in \"\(entityMapping.name)\": keep one mapping")
                    continue
                }
                switch properties[property.name] {
                case nil:
                    report(
                        property.line, attribute: "name",
                        "\(kind) mapping \"\(property.name)\" names no property of \(destinationEntity.name) in the new version")
                    continue
                case .attribute? where kind == "relationship", .relationship? where kind == "attribute":
                    let other = kind == "attribute" ? "relationship" : "attribute"
                    report(
                        property.line, element: kind,
                        "\(what) is \(kind == "attribute" ? "a relationship" : "an attribute") in the new version: map it in <\(other)>, not <\(kind)>"
                    )
                    continue
                case .fetchedProperty?:
                    report(
                        property.line, element: kind,
                        "\(what) is a fetched property in the new version: it is computed by a fetch, not migrated")
                    continue
                default: break
                }
                if let todo = property.placeholder {
                    report(property.line, attribute: "todo", "mapping for \(what) is still a placeholder: \(todo)")
                } else if let expression = property.valueExpression {
                    // The attribute named here, not one found by its line and text: a compiled mapping (`.cdm`)
                    // has no lines, and two of its entity mappings may hold the same text.
                    var target: (entity: String, attribute: Attribute?)?
                    if kind == "attribute" {
                        if case .attribute(let attribute)? = properties[property.name] { target = (destinationEntity.name, attribute) }
                    }
                    check(
                        expression, line: property.line, sourceEntity: sourceEntity, mappingNames: mappingNames, what: what, target: target)
                    if case .relationship(let relationship)? = properties[property.name], let sourceEntity {
                        checkSourceObjects(
                            expression, line: property.line, relationship: relationship, sourceEntity: sourceEntity, what: what)
                    }
                }
            }
        }
    }

    /// Reports a problem at an attribute of the start tag on `line` (or at the line when it is not found).
    mutating func report(_ line: SourceLine, attribute: String, _ message: String) {
        add(line, text.attribute(attribute, from: line.value), message)
    }

    /// Reports a problem at the start tag `<element` on `line`.
    mutating func report(_ line: SourceLine, element: String, severity: Diagnostic.Severity = .error, _ message: String) {
        add(line, text.find("<\(element)", from: line.value), severity: severity, message)
    }

    /// Reports a problem at a character of an expression written in an element that begins on `line`.
    mutating func report(_ line: SourceLine, expression: String, column: Int, _ message: String) {
        add(line, text.expression(expression, column: column, from: line.value), message)
    }

    private mutating func add(
        _ line: SourceLine, _ place: (line: Int, column: Int)?, severity: Diagnostic.Severity = .error, _ message: String
    ) {
        let diagnostic = Diagnostic(severity, path: path, line: place?.line ?? line.value, column: place?.column, message: message)
        problems.append((problems.count, diagnostic))
    }
}
