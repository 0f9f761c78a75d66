@_spi(CLI) import ModelDiffKit

extension PersistentStore {
    /// The model Core Data cached in the store when it last wrote it (`Z_MODELCACHE.Z_CONTENT`: raw
    /// deflate of the compiled model's keyed archive). Core Data migrates from it when no model it is
    /// given has the store's version hashes; so does `modeldiff migrate`.
    ///
    /// Throws, saying why, when the store has no cache or it cannot be read, or when the cached
    /// model's entity hashes are not the store's `NSStoreModelVersionHashes`.
    public func cachedModel() throws(StoreFailure) -> Model {
        guard try tableNames().contains("Z_MODELCACHE") else {
            throw .input(Diagnostic(path: path, message: "the store has no model cache (no Z_MODELCACHE table)"))
        }
        let rows = try database.rows("SELECT Z_CONTENT FROM Z_MODELCACHE")
        // Stores modeldiff (and Core Data before framework 241's successors) creates have the table empty.
        guard !rows.isEmpty else { throw .input(Diagnostic(path: path, message: "the store's model cache (Z_MODELCACHE) is empty")) }
        guard rows.count == 1, case .blob(let compressed)? = rows.first?.first else {
            throw .input(
                Diagnostic(
                    path: path,
                    message: "the store's model cache (Z_MODELCACHE) has \(rows.count == 1 ? "no content" : "\(rows.count) rows, not one")")
            )
        }
        let model: Model
        do {
            model = try CompiledModel.decode(KeyedArchive(bytes: Inflate.raw(compressed, path: path), path: path))
        } catch {
            throw .input(Diagnostic(path: path, message: "the store's model cache (Z_MODELCACHE) cannot be read: \(error.message)"))
        }
        let differing = Set(model.versionHashes().entityVersionHashes.filter { metadata.versionHashes[$0.key] != $0.value }.keys)
            .union(metadata.versionHashes.keys.filter { model.entity(named: $0) == nil })
        guard differing.isEmpty else {
            throw .input(
                Diagnostic(
                    path: path,
                    message:
                        """
                        the store's model cache (Z_MODELCACHE) is not the model of its metadata: the hashes of \
                        \(differing.sorted(by: coreDataCompare).joined(separator: ", ")) differ
                        """
                ))
        }
        return model
    }

    /// Why the model cache the store holds cannot be used, for a store that does not need it (its
    /// version is known): nil when it has none, when it can be used, and when only modeldiff cannot
    /// read it (a property class the reader does not decode, `CompiledModel.unknownClass`), which
    /// Core Data reads.
    @_spi(CLI) public func modelCacheProblem() throws(StoreFailure) -> StoreFailure? {
        guard try holdsModelCache() else { return nil }
        do {
            _ = try cachedModel()
            return nil
        } catch {
            return error.message.contains(CompiledModel.unknownClass) ? nil : error
        }
    }

    /// Whether the store holds a model cache at all: a `Z_MODELCACHE` table with a row. Stores written
    /// before Core Data cached its model, and those modeldiff writes, have none (or the table empty);
    /// a cache that is there and fails `cachedModel()` is a problem of the store.
    @_spi(CLI) public func holdsModelCache() throws(StoreFailure) -> Bool {
        guard try tableNames().contains("Z_MODELCACHE") else { return false }
        return try database.rows("SELECT 1 FROM Z_MODELCACHE LIMIT 1").isEmpty == false
    }
}
