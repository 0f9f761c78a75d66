import Foundation
import FuzzDriver
@_spi(CLI) import ModelDiffKit

/// Reads arbitrary bytes as an Xcode `xcmapping.xml`; a mapping that imports must write as a modeldiff
/// mapping file that reads back and writes the same text (what `infer`-style editing relies on).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mapping = try? XcodeMappingImport.read(bytes, path: "xcmapping.xml") else { return 0 }
    requireMappingFileRoundTrip(mapping, from: "an Xcode mapping model")
    return 0
}

runFuzzer(fuzzOne)
