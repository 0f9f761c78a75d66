import Foundation
import FuzzDriver
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

/// The folder each input is written to as the one Swift file of a source folder (the reader reads
/// folders, as every command does); one per process, so two targets never share it.
let folder: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-swift-source-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

/// Reads arbitrary bytes as a Swift source folder's one file (swift-syntax's parser, the nesting and
/// chain guards, the tree-depth bound, then the SwiftData reader); a folder that reads hashes every
/// schema and lays each out as a store, and nothing may trap, overflow the stack or hang.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let file = folder + "/Schemas.swift"
    guard FileManager.default.createFile(atPath: file, contents: Data(bytes: data!, count: size)) else { return 0 }
    guard let bundle = try? ModelBundle.load(path: folder, keepingUnreadable: true) else { return 0 }
    for version in bundle.versions {
        _ = version.model.versionHashes()
        _ = StoreLayout(model: version.model).createStatements
    }
    return 0
}

runFuzzer(fuzzOne)
