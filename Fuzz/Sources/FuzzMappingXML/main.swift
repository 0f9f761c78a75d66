import Foundation
import FuzzDriver
@_spi(CLI) import ModelDiffKit

/// Reads arbitrary bytes as a mapping file; a mapping that reads must write back to XML and read
/// again to an equal mapping.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mapping = try? MappingXML.read(bytes, path: "fuzz.xml") else { return 0 }
    requireMappingFileRoundTrip(mapping, from: "a mapping file")
    return 0
}

runFuzzer(fuzzOne)
