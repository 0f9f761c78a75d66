import FuzzDriver
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

/// Decodes arbitrary bytes as a compiled model (`.mom`, a store's model cache) and as a compiled
/// mapping model (`.cdm`): an error is fine, a crash, a trap or a hang is not. A model that decodes
/// must hash and lay out a store, as `migrate` does with a cached model; a mapping that decodes must
/// write as a modeldiff mapping file that reads back and writes the same text (`mapping convert
/// X.cdm --to xml`).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let loaded = try? CompiledModel.read(bytes, path: "fuzz.mom") {
        _ = loaded.model.versionHashes()
        _ = StoreLayout(model: loaded.model).createStatements
    }
    if let mapping = try? CompiledMapping.read(bytes, path: "fuzz.cdm") {
        requireMappingFileRoundTrip(mapping, from: "a compiled mapping model")
    }
    return 0
}

runFuzzer(fuzzOne)
