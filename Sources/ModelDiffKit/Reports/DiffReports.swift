import Foundation

/// Renders a `ModelDiff` as a report grouped by entity.
public enum DiffReports {
    /// The text report: one block per changed entity, `+` added, `-` removed, `~` changed. Paths and
    /// values (defaults, expressions, names) are escaped (`MessageEscaping`), so each stays on its line.
    public static func text(_ diff: ModelDiff, oldPath: String, newPath: String, style: Style = Style(colorize: false)) -> String {
        var output = "--- \(MessageEscaping.escaped(oldPath))\n+++ \(MessageEscaping.escaped(newPath))\n"
        for change in diff.entities where change.isChange {
            output += entityLine(change, style) + "\n"
            for field in change.fields {
                output += "    \(MessageEscaping.escaped(field.text))\n"
            }
            // Properties that change the same settings the same way and leave the store alone (a new
            // Xcode writing `usesScalarValueType` on every attribute) are one line, named together.
            var cosmetic: [[FieldChange]: [String]] = [:]
            for property in change.properties where isCosmetic(property) {
                cosmetic[property.fields.filter { $0.field != .kind }, default: []].append(property.name)
            }
            for property in change.properties {
                let fields = property.fields.filter { $0.field != .kind }
                if isCosmetic(property), let names = cosmetic[fields], names.count > 1 {
                    guard names.first == property.name else { continue }
                    output +=
                        "    " + style.yellow("~ \(names.joined(separator: ", "))")
                        + " (\(names.count) properties; version hash unchanged)\n"
                } else {
                    output += "    " + propertyLine(property, style) + "\n"
                }
                for field in fields {
                    output += "        \(MessageEscaping.escaped(field.text))\n"
                }
            }
        }
        for change in diff.configurationChanges {
            output +=
                style.yellow("~ configuration \(change.name)")
                + ": [\(MessageEscaping.escaped(change.old))] → [\(MessageEscaping.escaped(change.new))]\n"
        }
        for change in diff.fetchRequestChanges {
            output +=
                style.yellow("~ fetch request \(change.name)")
                + ": [\(MessageEscaping.escaped(change.old))] → [\(MessageEscaping.escaped(change.new))]\n"
        }
        if !diff.hasDifferences { output += "no differences\n" }
        return output
    }

    private static func isCosmetic(_ property: PropertyChange) -> Bool {
        property.kind == .matched && !property.isRenamed && property.movedFrom == nil && !property.hashChanged
    }

    private static func entityLine(_ change: EntityChange, _ style: Style) -> String {
        switch change.sides {
        case .added: return style.green("+ \(change.name)") + " (added entity)"
        case .removed: return style.red("- \(change.name)") + " (removed entity)"
        case .matched(let old, _):
            var notes: [String] = []
            if change.isRenamed { notes.append("renamed from \(old.name)") }
            notes.append(change.hashChanged ? "version hash changed" : "version hash unchanged")
            return style.yellow("~ \(change.name)") + " (\(notes.joined(separator: "; ")))"
        }
    }

    private static func propertyLine(_ change: PropertyChange, _ style: Style) -> String {
        switch change.sides {
        case .added(let new): return style.green("+ \(change.name)") + ": " + summary(new)
        case .removed(let old): return style.red("- \(change.name)") + ": " + summary(old)
        case .matched(let old, _):
            var notes: [String] = []
            if change.isRenamed { notes.append("renamed from \(old.name)") }
            if let from = change.movedFrom, let to = change.movedTo { notes.append("moved from \(from) to \(to)") }
            notes.append(change.hashChanged ? "version hash changed" : "version hash unchanged")
            return style.yellow("~ \(change.name)") + " (\(notes.joined(separator: "; ")))"
        }
    }

    /// A short description of a property: `String, optional, default ""`.
    static func summary(_ property: Property) -> String {
        switch property {
        case .attribute(let a):
            var parts = [a.type.xcodeName]
            if a.isOptional { parts.append("optional") }
            if a.isTransient { parts.append("transient") }
            if let value = a.defaultValueString { parts.append("default \"\(value)\"") }
            if let value = a.launchDefault { parts.append(value.description) }
            return MessageEscaping.escaped(parts.joined(separator: ", "))
        case .relationship(let r):
            var parts = ["\(r.isToMany ? "to-many" : "to-one") \(r.destinationEntity ?? "?")"]
            if r.isOptional { parts.append("optional") }
            if r.isOrdered { parts.append("ordered") }
            if let inverse = r.inverseName { parts.append("inverse \(inverse)") }
            return parts.joined(separator: ", ")
        case .fetchedProperty(let f):
            return "fetched \(f.fetchRequest.entity)"
        }
    }

    /// The JSON report.
    public static func json(_ diff: ModelDiff, oldPath: String, newPath: String) throws -> String {
        try CheckReports.encode(DiffJSON(diff, old: oldPath, new: newPath))
    }
}

private struct DiffJSON: Encodable {
    struct PropertyJSON: Encodable {
        let name: String
        let change: String
        let oldName: String?
        let hashChanged: Bool
        let movedFrom: String?
        let movedTo: String?
        let fields: [FieldChange]
    }

    struct EntityJSON: Encodable {
        let name: String
        let change: String
        let oldName: String?
        let hashChanged: Bool
        let fields: [FieldChange]
        let properties: [PropertyJSON]
    }

    let old: String
    let new: String
    let identical: Bool
    let entities: [EntityJSON]
    let configurations: [NamedChange]
    let fetchRequests: [NamedChange]

    init(_ diff: ModelDiff, old: String, new: String) {
        self.old = old
        self.new = new
        identical = diff.isIdenticalForTheStore
        entities = diff.entities.filter(\.isChange).map { change in
            EntityJSON(
                name: change.name, change: change.isRenamed ? "renamed" : change.kind == .matched ? "changed" : change.kind.rawValue,
                oldName: change.kind == .matched ? change.source?.name : nil, hashChanged: change.hashChanged, fields: change.fields,
                properties: change.properties.map { p in
                    PropertyJSON(
                        name: p.name, change: p.isRenamed ? "renamed" : p.kind == .matched ? "changed" : p.kind.rawValue,
                        oldName: p.kind == .matched ? p.source?.name : nil, hashChanged: p.hashChanged, movedFrom: p.movedFrom,
                        movedTo: p.movedTo, fields: p.fields.filter { $0.field != .kind })
                })
        }
        configurations = diff.configurationChanges
        fetchRequests = diff.fetchRequestChanges
    }
}
