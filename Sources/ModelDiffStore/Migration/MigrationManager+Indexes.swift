@_spi(CLI) import ModelDiffKit

/// Secondary indexes built once after the bulk writes instead of row by row during them: stage 2
/// sets every to-one key and join-table row of a default-policy migration, and keeping the
/// foreign-key and join-table indexes up to date on each of those writes is a B-tree insert in
/// random order per link, where building the index afterwards is one sort.
///
/// Only non-unique indexes are deferred (uniqueness keeps failing on the insert that breaks it, as
/// before), and only while nothing reads the destination per object: with every policy the default
/// one, stage 1 only inserts; per-object stage-2 work gets its indexes back before it starts.
extension MigrationManager {
    /// Drops the destination's non-unique indexes when every mapping uses the default policy;
    /// returns them, to be rebuilt by `rebuildIndexes`.
    func deferIndexes(of destination: PersistentStore, mapping: MappingModel) throws -> [PersistentStore.DroppedIndex] {
        guard usesDefaultPoliciesOnly(mapping) else { return [] }
        return try destination.dropSecondaryIndexes()
    }

    /// Whether some default-policy mapping still needs a per-object pass in stage 2 (which may look
    /// objects up through the indexes).
    func needsPerObjectRelationships(_ mapping: MappingModel) -> Bool {
        mapping.entityMappings.contains { entityMapping in
            let done = relationshipMappingsNeedingNoObject(entityMapping)
            return entityMapping.relationshipMappings.indices.contains { !done.contains($0) }
        }
    }

    /// Builds the indexes `deferIndexes` dropped.
    func rebuildIndexes(_ indexes: [PersistentStore.DroppedIndex], in destination: PersistentStore) throws {
        try destination.rebuild(indexes)
    }
}
