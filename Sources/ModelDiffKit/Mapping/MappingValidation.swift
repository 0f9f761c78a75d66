import Foundation

/// Checks a mapping file against the two model versions it maps between.
public struct MappingValidation {
    /// The variables a value expression may name.
    public static let knownVariables: Set<String> = ["manager", "source", "destination", "entityMapping", "propertyMapping", "entityPolicy"]

    let mapping: MappingModel
    let source: Model
    let destination: Model
    let path: String
    let lines: [Substring]
    private var problems: [Diagnostic] = []

    /// Every problem of `mapping` (read from `path`, whose text is `text`) against the two versions; empty when valid.
    public static func problems(_ mapping: MappingModel, path: String, text: String, source: Model, destination: Model) -> [Diagnostic] {
        var validation = MappingValidation(mapping: mapping, source: source, destination: destination, path: path, lines: text.split(separator: "\n", omittingEmptySubsequences: false))
        validation.run()
        return validation.problems
    }

    /// Throws every problem together when there is any.
    public static func validate(_ mapping: MappingModel, path: String, text: String, source: Model, destination: Model) throws(DiagnosticList) {
        let found = problems(mapping, path: path, text: text, source: source, destination: destination)
        if !found.isEmpty { throw DiagnosticList(found) }
    }

    private mutating func run() {
        let sourceHashes = source.versionHashes()
        let destinationHashes = destination.versionHashes()
        let names = Set(mapping.entityMappings.map(\.name))
        for entityMapping in mapping.entityMappings {
            let line = entityMapping.line
            var sourceEntity: Entity?
            var destinationEntity: Entity?
            if let name = entityMapping.sourceEntity {
                sourceEntity = source.entity(named: name)
                if sourceEntity == nil {
                    report(line, "entity mapping \"\(entityMapping.name)\" names source entity \"\(name)\", which the old version does not have")
                } else if let written = entityMapping.sourceVersionHash, written != sourceHashes.base64(entity: name) {
                    report(line, "entity mapping \"\(entityMapping.name)\" was written for another version of \"\(name)\" (stale sourceVersionHash): the old model changed since; review the mapping and update the hash to \(sourceHashes.base64(entity: name) ?? "")")
                }
            } else if entityMapping.type != .add {
                report(line, "entity mapping \"\(entityMapping.name)\" of type \(entityMapping.type.rawValue) needs a source entity")
            }
            if let name = entityMapping.destinationEntity {
                destinationEntity = destination.entity(named: name)
                if destinationEntity == nil {
                    report(line, "entity mapping \"\(entityMapping.name)\" names destination entity \"\(name)\", which the new version does not have")
                } else if let written = entityMapping.destinationVersionHash, written != destinationHashes.base64(entity: name) {
                    report(line, "entity mapping \"\(entityMapping.name)\" was written for another version of \"\(name)\" (stale destinationVersionHash): the new model changed since; review the mapping and update the hash to \(destinationHashes.base64(entity: name) ?? "")")
                }
            } else if entityMapping.type != .remove {
                report(line, "entity mapping \"\(entityMapping.name)\" of type \(entityMapping.type.rawValue) needs a destination entity")
            }
            if let expression = entityMapping.sourceExpression {
                check(expression, line: line, sourceEntity: sourceEntity, mappingNames: names, what: "source expression of \"\(entityMapping.name)\"")
            }
            guard let destinationEntity else { continue }
            let properties = Dictionary(destination.allProperties(of: destinationEntity).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            for (kind, mappings) in [("attribute", entityMapping.attributeMappings), ("relationship", entityMapping.relationshipMappings)] {
                for property in mappings {
                    let what = "\(destinationEntity.name).\(property.name)"
                    switch properties[property.name] {
                    case nil:
                        report(property.line, "\(kind) mapping \"\(property.name)\" names no property of \(destinationEntity.name) in the new version")
                        continue
                    case .attribute? where kind == "relationship", .relationship? where kind == "attribute":
                        report(property.line, "\(what) is not \(kind == "attribute" ? "an attribute" : "a relationship") in the new version")
                        continue
                    default: break
                    }
                    if let todo = property.placeholder {
                        report(property.line, "mapping for \(what) is still a placeholder: \(todo)")
                    } else if let expression = property.valueExpression {
                        check(expression, line: property.line, sourceEntity: sourceEntity, mappingNames: names, what: what)
                    }
                }
            }
        }
        let covered = Set(mapping.entityMappings.compactMap(\.destinationEntity))
        for entity in destination.entities where !entity.isAbstract && !covered.contains(entity.name) {
            problems.append(Diagnostic(path: path, line: 1, message: "no entity mapping creates \"\(entity.name)\" objects: add an entity mapping with destination=\"\(entity.name)\" (type add when it has no source)"))
        }
    }

    private mutating func check(_ text: String, line: SourceLine, sourceEntity: Entity?, mappingNames: Set<String>, what: String) {
        let expression: Expression
        do {
            expression = try ExpressionParser.parse(text)
        } catch {
            report(line, column: column(of: text, at: error.column, line: line), "\(what): \(error.message)")
            return
        }
        for variable in expression.variables where !Self.knownVariables.contains(variable) {
            report(line, column: column(of: text, at: columnOf("$" + variable, in: text), line: line), "\(what): unknown variable $\(variable)")
        }
        if let sourceEntity {
            for path in expression.keyPaths(from: "source") {
                if let problem = resolve(path, from: sourceEntity) {
                    report(line, column: column(of: text, at: columnOf("$source." + path.joined(separator: "."), in: text), line: line), "\(what): \(problem)")
                }
            }
        }
        for name in referencedMappings(expression) where !mappingNames.contains(name) {
            report(line, column: column(of: text, at: columnOf("\"\(name)\"", in: text), line: line), "\(what): no entity mapping is named \"\(name)\"")
        }
    }

    /// Follows a key path through the old model; nil when every step exists.
    private func resolve(_ path: [String], from entity: Entity) -> String? {
        var current = entity
        for (index, key) in path.enumerated() {
            if key.hasPrefix("@") { return nil }
            guard let property = source.allProperties(of: current).first(where: { $0.name == key }) else {
                return "$source.\(path[...index].joined(separator: ".")) is not a property of \(current.name) in the old version"
            }
            guard case .relationship(let relationship) = property, let next = relationship.destinationEntity.flatMap(source.entity(named:)) else {
                return index == path.count - 1 ? nil : nil
            }
            current = next
        }
        return nil
    }

    private func referencedMappings(_ expression: Expression) -> [String] {
        switch expression {
        case .call(let target, let selector, let arguments):
            var names: [String] = []
            if selector.hasPrefix("destinationInstancesForEntityMappingName") || selector.hasPrefix("sourceInstancesForEntityMappingName"),
                case .constant(.string(let name))? = arguments.first
            {
                names.append(name)
            }
            return names + ([target] + arguments).flatMap(referencedMappings)
        case .keyPath(let base, _), .negate(let base), .not(let base): return referencedMappings(base)
        case .binary(_, let a, let b): return referencedMappings(a) + referencedMappings(b)
        case .ternary(let p, let a, let b): return referencedMappings(p) + referencedMappings(a) + referencedMappings(b)
        case .function(_, let arguments), .array(let arguments): return arguments.flatMap(referencedMappings)
        default: return []
        }
    }

    private func columnOf(_ needle: String, in text: String) -> Int {
        guard let range = text.range(of: needle) else { return 1 }
        return text.distance(from: text.startIndex, to: range.lowerBound) + 1
    }

    /// The column in the file: where the expression text starts on its line, plus the column inside it.
    private func column(of text: String, at expressionColumn: Int, line: SourceLine) -> Int? {
        guard let number = line.value else { return nil }
        for candidate in [number, number + 1] where candidate - 1 < lines.count {
            if let range = lines[candidate - 1].range(of: text) {
                return lines[candidate - 1].distance(from: lines[candidate - 1].startIndex, to: range.lowerBound) + max(expressionColumn, 1)
            }
        }
        return nil
    }

    private mutating func report(_ line: SourceLine, column: Int? = nil, _ message: String) {
        problems.append(Diagnostic(path: path, line: line.value, column: column, message: message))
    }
}
