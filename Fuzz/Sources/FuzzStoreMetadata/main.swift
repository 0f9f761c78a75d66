import Foundation
import FuzzDriver
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

/// Decodes arbitrary bytes as a store's metadata (the binary property list in `Z_METADATA`);
/// metadata that decodes must encode and decode back to equal values.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let metadata = try? StoreMetadata.decode(bytes, path: "fuzz.plist") else { return 0 }
    _ = metadata.versionHashes
    _ = metadata.versionIdentifiers
    // NaN is not equal to itself, so values holding it are encoded but not compared.
    let encoded = metadata.encoded()
    guard metadata.values.values.allSatisfy(comparable) else { return 0 }
    do {
        let decoded = try StoreMetadata.decode(encoded, path: "reencoded.plist")
        precondition(decoded.values == metadata.values, "encode/decode round trip changed \(metadata.values)")
    } catch {
        fatalError("encoded metadata does not decode: \(error)")
    }
    return 0
}

func comparable(_ value: PlistValue) -> Bool {
    switch value {
    case .real(let number): !number.isNaN
    case .date(let date): !date.timeIntervalSinceReferenceDate.isNaN
    case .array(let items): items.allSatisfy(comparable)
    case .dictionary(let entries): entries.values.allSatisfy(comparable)
    default: true
    }
}

runFuzzer(fuzzOne)
