import FuzzDriver
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

/// Decodes arbitrary bytes as a compiled model (`.mom`, the archive of a store's `Z_MODELCACHE`): an
/// error is fine; a crash, a trap or a hang is not. A model that decodes has passed the XML reader's
/// validator, so what `hash`, `store info` and `migrate` do with it must hold: every hierarchy ends
/// at a root within the depth limit, the version hashes and the store layout are computed, and each
/// entity's inherited properties are listed.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let loaded = try? CompiledModel.read(bytes, path: "fuzz.mom") else { return 0 }
    let model = loaded.model
    for entity in model.entities {
        let chain = model.ancestry(of: entity)
        // Validated: parents exist, no cycle, at most 1,000 ancestors.
        precondition(chain.count <= 1_001, "entity \(entity.name) has \(chain.count - 1) ancestors after validation")
        precondition(chain.last?.parentEntity == nil, "entity \(entity.name)'s hierarchy does not end at a root")
        _ = model.allProperties(of: entity)
    }
    _ = model.versionHashes()
    _ = StoreLayout(model: model).createStatements
    return 0
}

runFuzzer(fuzzOne)
