import Foundation
@_spi(CLI) import ModelDiffKit

/// What `migrate --dry-run` found: every object the migration's validation refuses, grouped by Core
/// Data's error code, or the one error that stopped the migration before validation.
public struct Preflight: Sendable {
    /// One refused object.
    public struct Failure: Sendable {
        /// Core Data's error code and its constant's name.
        public let code: MigrationError.Code
        /// The destination entity, when known.
        public let entity: String?
        /// The object (`<entity number>/p<primary key>` in the migrated store), when known.
        public let object: String?
        /// The property or uniqueness constraint concerned, when the message names one.
        public let property: String?
        /// The entity mapping that ran.
        public let mapping: String?
        /// What is wrong.
        public let message: String
    }

    /// The store checked.
    public let store: String
    /// The steps, as `from → to`.
    public let steps: [String]
    /// Every failure, in the order validation found them.
    public let failures: [Failure]

    /// Whether the store would migrate.
    public var passes: Bool { failures.isEmpty }

    /// Builds the report from the migration's errors; `entityNames` are the destination's entity names
    /// by entity number, to name an object's entity when the error does not.
    public init(store: String, steps: [String], errors: [MigrationError], entityNames: [Int: String]) {
        self.store = store
        self.steps = steps
        failures = errors.map { error in
            let entity = error.entity ?? error.object.flatMap { entityNames[$0.entity] }
            // Validation messages start with `Entity.property`; a uniqueness one names its properties after "same".
            let first = error.message.split(separator: " ").first.map(String.init) ?? ""
            var property: String?
            if let entity, first.hasPrefix(entity + ".") { property = String(first.dropFirst(entity.count + 1)) }
            if error.code == .constraintValidation, let range = error.message.range(of: "share the same "),
                let end = error.message.range(of: ", which must be unique")
            {
                property = String(error.message[range.upperBound..<end.lowerBound])
            }
            return Failure(
                code: error.code, entity: entity, object: error.object?.description, property: property, mapping: error.mapping,
                message: error.message)
        }
    }
}

/// Renders a `Preflight`: text grouped by error code, or JSON.
public enum PreflightReports {
    /// `pre-flight: S would fail …`, then per code (ascending) a heading and one line per object.
    public static func text(_ preflight: Preflight) -> String {
        let steps = preflight.steps.joined(separator: ", ")
        guard !preflight.passes else {
            return
                "pre-flight: \(MessageEscaping.escaped(preflight.store)) would migrate (\(MessageEscaping.escaped(steps))): no object fails\n"
        }
        let count = preflight.failures.count
        let store = MessageEscaping.escaped(preflight.store)
        var out =
            "pre-flight: \(store) would fail to migrate (\(MessageEscaping.escaped(steps))): \(count) failure\(count == 1 ? "" : "s")\n"
        for (code, failures) in Dictionary(grouping: preflight.failures, by: \.code).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            out += "\(code.rawValue) \(code.name): \(failures.count) object\(failures.count == 1 ? "" : "s")\n"
            for failure in failures {
                let place = [failure.entity, failure.object, failure.property].compactMap { $0 }.joined(separator: " ")
                out += "  \(MessageEscaping.escaped(place.isEmpty ? "-" : place)): \(MessageEscaping.escaped(failure.message))\n"
            }
        }
        return out
    }

    /// `{"store", "steps", "passes", "codes": [{"code", "name", "failures": [{"entity", "object", "property", "mapping", "message"}]}]}`.
    public static func json(_ preflight: Preflight) throws -> String {
        struct FailureJSON: Encodable { let entity: String?, object: String?, property: String?, mapping: String?, message: String }
        struct CodeJSON: Encodable { let code: Int, name: String, failures: [FailureJSON] }
        struct PreflightJSON: Encodable { let store: String, steps: [String], passes: Bool, codes: [CodeJSON] }
        let codes = Dictionary(grouping: preflight.failures, by: \.code).sorted(by: { $0.key.rawValue < $1.key.rawValue }).map {
            code, failures in
            CodeJSON(
                code: code.rawValue, name: code.name,
                failures: failures.map {
                    FailureJSON(entity: $0.entity, object: $0.object, property: $0.property, mapping: $0.mapping, message: $0.message)
                })
        }
        return try CheckReports.encode(
            PreflightJSON(store: preflight.store, steps: preflight.steps, passes: preflight.passes, codes: codes))
    }
}
