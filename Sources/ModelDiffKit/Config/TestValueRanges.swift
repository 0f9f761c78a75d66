import Foundation

/// `test.values` checked against a bundle's versions: each key names an entity some version has
/// (`Entity.attribute`, the entity or an ancestor that declares the attribute, as the seed reads it)
/// and an attribute of it or of a sub-entity; in every version `test` seeds (each but the newest: a
/// store of it is migrated to a later one), that attribute is a number and its type holds the whole
/// range. A key that names nothing would be ignored by the seed, and a range outside the type
/// (`40000...50000` for an Integer 16) would seed values the version cannot store: each is an error
/// at the key's line and column. The newest version's type is not checked: a range wider than a new,
/// narrower type is the team's data that a step narrows, which `test` is there to find.
extension ModelDiffConfig {
    /// Throws every mistake in `test.values`, in file order, each at its key; `versions` in the order
    /// `test` takes them, oldest first.
    @_spi(CLI) public func checkTestValues(against versions: [(name: String, model: Model)]) throws(DiagnosticList) {
        let seeded = Set(versions.dropLast().map(\.name))
        var problems: [(line: Int, column: Int, message: String)] = []
        for (key, range) in testValues {
            let position = testValuePositions[key] ?? (line: 0, column: 0)
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            let (entityName, attributeName) = (parts[0], parts.count > 1 ? parts[1] : "")
            let shown = "\(key) \(range.lowerBound.shortText)...\(range.upperBound.shortText)"
            guard versions.contains(where: { $0.model.entity(named: entityName) != nil }) else {
                let message = "test.values names entity \"\(entityName)\", which no version has (\(shown))"
                problems.append((position.line, position.column, message))
                continue
            }
            // Every attribute the key reaches, in every version: the entity's own and inherited ones, and
            // those of its sub-entities, which the seed also limits by the ancestor's name.
            var reached: [(version: String, attribute: Attribute)] = []
            for (name, model) in versions {
                for entity in model.entities where model.ancestry(of: entity).contains(where: { $0.name == entityName }) {
                    for attribute in model.allAttributes(of: entity) where attribute.name == attributeName {
                        if !reached.contains(where: { $0.version == name && $0.attribute.type == attribute.type }) {
                            reached.append((name, attribute))
                        }
                    }
                }
            }
            guard !reached.isEmpty else {
                let message = "test.values names attribute \"\(attributeName)\", which entity \(entityName) has in no version (\(shown))"
                problems.append((position.line, position.column, message))
                continue
            }
            for (version, attribute) in reached where seeded.contains(version) {
                guard let bounds = attribute.type.numberBounds else {
                    let message =
                        "test.values gives a range for \(key), a \(attribute.type.rawValue) attribute in \(version); a range is for numbers"
                    problems.append((position.line, position.column, message))
                    break
                }
                guard bounds.contains(range.lowerBound), bounds.contains(range.upperBound) else {
                    let message =
                        """
                        test.values: \(shown) goes outside what \(key) holds in \(version) (\(attribute.type.rawValue): \
                        \(bounds.lowerBound.shortText)...\(bounds.upperBound.shortText)); the seeded values would not fit
                        """
                    problems.append((position.line, position.column, message))
                    break
                }
            }
        }
        guard !problems.isEmpty else { return }
        throw DiagnosticList(
            problems.sorted { ($0.line, $0.column) < ($1.line, $1.column) }.map {
                Diagnostic(path: path, line: $0.line, column: $0.column, message: $0.message)
            })
    }
}

extension AttributeType {
    /// The values a number attribute can hold (an integer's width, a Float's finite range); nil for a
    /// type that is not a number. Double and Decimal hold every finite number a range can give.
    fileprivate var numberBounds: ClosedRange<Double>? {
        switch self {
        case .integer16: Double(Int16.min)...Double(Int16.max)
        case .integer32: Double(Int32.min)...Double(Int32.max)
        case .integer64: Double(Int64.min)...Double(Int64.max)
        case .float: -Double(Float.greatestFiniteMagnitude)...Double(Float.greatestFiniteMagnitude)
        case .double, .decimal: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
        default: nil
        }
    }
}

extension Double {
    /// `40000` for a whole number, else Swift's shortest form.
    fileprivate var shortText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : "\(self)"
    }
}
