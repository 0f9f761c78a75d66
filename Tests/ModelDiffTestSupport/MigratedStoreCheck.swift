import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import Testing

/// The check every migration test runs on its output: `StoreVerification` finds nothing (SQLite's
/// integrity check, keys pointing to existing rows of the right entity, Z_MAX, both sides of
/// inverses) and every entity mapping that carries objects over (copy, transform) kept their number.
/// Entity mappings that share a destination entity are summed.
package func expectSoundMigration(
    output: String, model: Model, source: String, mapping: MappingModel, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let migrated = try PersistentStore.open(path: output)
    let verification = try StoreVerification(store: migrated, model: model)
    #expect(verification.problems == [], "\(output)", sourceLocation: sourceLocation)
    let sourceCounts = Dictionary(
        try PersistentStore.open(path: source).rowCounts().map { ($0.entity, $0.count) }, uniquingKeysWith: { a, _ in a })
    let counts = Dictionary(verification.counts.map { ($0.entity, $0.count) }, uniquingKeysWith: { a, _ in a })
    var expected: [String: Int] = [:]
    for entityMapping in mapping.entityMappings where entityMapping.type == .copy || entityMapping.type == .transform {
        guard let from = entityMapping.sourceEntity, let to = entityMapping.destinationEntity else { continue }
        expected[to, default: 0] += sourceCounts[from] ?? 0
    }
    for (entity, count) in expected.sorted(by: { $0.key < $1.key }) {
        #expect(counts[entity] == count, "\(entity) in \(output)", sourceLocation: sourceLocation)
    }
}
