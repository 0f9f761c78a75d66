import Foundation
import FuzzDriver
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

/// Reads arbitrary bytes as model XML; a model that reads must lay out as a store, hash, write back
/// to XML and read again to the same version hashes (the writer's promise), and read in a bundle of its
/// versions as it reads alone (`expectSharedReadingAsAlone`), or the fuzzer stops on a trap.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let loaded = try? ModelReader.read(bytes, path: "fuzz.xml") else { return 0 }
    _ = StoreLayout(model: loaded.model).createStatements
    let hashes = loaded.model.versionHashes()
    let written = ModelWriter.xml(loaded.model)
    let reread: LoadedModel
    do {
        reread = try ModelReader.read(Array(written.utf8), path: "rewritten.xml")
    } catch {
        fatalError("a model that read does not read back after writing: \(error)\n\(written)")
    }
    precondition(reread.model.versionHashes() == hashes, "version hashes changed by a write/read round trip")
    // Written and read six times over, a large seed costs seconds under the sanitizers; the real
    // bundles are checked whole by `everyCorpusBundleReadsAsItsVersionsAlone`.
    if size <= 16_384 { expectSharedReadingAsAlone(bytes, alone: loaded) }
    return 0
}

runFuzzer(fuzzOne)
