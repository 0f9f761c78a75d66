import Foundation
@_spi(CLI) import ModelDiffKit

/// The attributes a migration step fills with a stand-in for a default computed at launch (`Date.now`,
/// `UUID()`, a SwiftData initializer `LaunchDefault` holds): the destination attribute's mapping gives no
/// value (an attribute new in the destination), so every migrated object takes its default, which SwiftData
/// evaluates once when the app builds its schema and which the source does not hold. Both migration paths
/// write `DefaultValue.atLaunch`, one value per run; `migrate` says so once per attribute.
@_spi(CLI) public enum LaunchDefaultStandIns {
    /// `Event.createdAt has a default computed at launch (Date.now); every migrated row gets …`, one line per
    /// such attribute of the step's destination, in mapping order.
    public static func warnings(for step: MigrationStep) -> [String] {
        var seen: Set<String> = []
        var lines: [String] = []
        for mapping in step.mapping.entityMappings where mapping.sourceEntity != nil && [.copy, .transform, .custom].contains(mapping.type)
        {
            guard let name = mapping.destinationEntity, let entity = step.destination.entity(named: name) else { continue }
            let expressions = Dictionary(mapping.attributeMappings.map { ($0.name, $0.valueExpression) }, uniquingKeysWith: { a, _ in a })
            for attribute in step.destination.allAttributes(of: entity) where !attribute.isTransient {
                guard let launch = attribute.launchDefault, attribute.defaultValueString == nil, attribute.defaultDateTimeInterval == nil,
                    expressions[attribute.name].flatMap({ $0 }) == nil,
                    seen.insert("\(name).\(attribute.name)").inserted
                else { continue }
                lines.append(
                    "\(name).\(attribute.name) has \(launch.description); every migrated row gets "
                        + describe(DefaultValue.atLaunch(type: attribute.type)))
            }
        }
        return lines
    }

    /// The stand-in as a reader would write it: `2026-11-29T08:45:12Z (the time this run started)`.
    private static func describe(_ value: StoreValue?) -> String {
        switch value {
        case .date(let seconds)?:
            let formatter = ISO8601DateFormatter()
            return "\(formatter.string(from: Date(timeIntervalSinceReferenceDate: seconds))) (the time this run started)"
        case .uuid(let uuid)?: return "\(uuid.uuidString) (one UUID for the run)"
        case .bool(let flag)?: return flag ? "true" : "false"
        case .integer(let n)?: return String(n)
        case .double(let d)?: return String(d)
        case .decimal(let text)?: return text
        case .string(let text)?: return "\"\(MessageEscaping.escaped(text))\""
        case .uri(let text)?: return text
        case .data(let bytes)?: return bytes.isEmpty ? "empty data" : "\(bytes.count) bytes"
        case .null?, nil: return "NULL"
        }
    }
}
