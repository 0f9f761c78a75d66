extension ModelValidator {
    /// One warning per column name that a Composite attribute's element shares with another stored value of
    /// its table (an attribute `x` beside an element `center.x`, two composites of one struct).
    ///
    /// Core Data numbers such names in the order `-[NSSQLEntity _generateProperties]` reaches them
    /// (`NSSQLStoreMappingGenerator`, `ZX` then `ZX1`; docs/STORE.md, "Composite attributes"): the layout
    /// takes the attribute walk whose order the Apple-written stores show for column creation (by name, a
    /// composite's elements where it stands), but no such store holds a composite, so the names assumed are
    /// said once where they depend on that order.
    func compositeColumnWarnings() -> [Diagnostic] {
        guard !model.composites.isEmpty, model.entities.contains(where: { $0.attributes.contains { $0.type == .composite } }) else {
            return []
        }
        let layout = StoreLayout(model: model)
        var warnings: [Diagnostic] = []
        for table in layout.tables {
            // The table's stored values by the column name Core Data's generator starts from.
            // The element key paths of the table's composites, by entity, with the element names they are named from.
            var elements: [String: [String: String]] = [:]
            for entity in table.entities.compactMap(model.entity(named:)) {
                for attribute in entity.attributes where attribute.type == .composite {
                    for element in CompositeElements.elements(of: attribute, in: model) {
                        elements[entity.name, default: [:]][element.keyPath] = element.attribute.name
                    }
                }
            }
            var byBase: [String: [(entity: String, name: String, column: String, isElement: Bool)]] = [:]
            var bases: [String] = []
            for column in table.columns {
                let (entity, name): (String, String)
                switch column.kind {
                case .attribute(let e, let n, _), .toOne(let e, let n): (entity, name) = (e, n)
                default: continue
                }
                let element = elements[entity]?[name]
                let base = columnName(element ?? name)
                if byBase[base] == nil { bases.append(base) }
                byBase[base, default: []].append((entity, name, column.name, element != nil))
            }
            for base in bases {
                guard let members = byBase[base], members.count > 1, members.contains(where: \.isElement) else { continue }
                let ordered = members.sorted {
                    $0.column.count != $1.column.count ? $0.column.count < $1.column.count : $0.column < $1.column
                }
                // Said at the first composite involved, where the assumption comes in.
                let element = ordered.first(where: \.isElement)
                let first = element.flatMap { member in
                    model.entity(named: member.entity).flatMap { CompositeElements.composite(holding: member.name, of: $0, in: model) }
                }
                let named = ordered.map { "\($0.entity).\($0.name) is \($0.column)" }.joined(separator: ", ")
                warnings.append(
                    Diagnostic(
                        .warning, path: first?.line.file(or: path) ?? path, line: first?.line.value,
                        message: """
                            \(ordered.map { "\($0.entity).\($0.name)" }.joined(separator: " and ")) share the column name \(base) in \
                            \(table.name): assumed numbered in the order Core Data's attribute walk makes them (by name, a composite's \
                            elements where it stands): \(named); no Apple-written store with a Composite attribute confirms it
                            """))
            }
        }
        return warnings
    }
}
