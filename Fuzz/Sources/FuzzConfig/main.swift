import Foundation
import FuzzDriver
@_spi(CLI) import ModelDiffKit

/// Reads arbitrary bytes as a `.modeldiff.yml` (YAML through Yams and libyaml, then modeldiff's
/// checks); what reads must read again to the same settings, and nothing may trap or hang.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let text = String(bytes: UnsafeBufferPointer(start: data, count: size), encoding: .utf8),
        let config = try? ModelDiffConfig(text: text, path: "fuzz.yml")
    else { return 0 }
    let again = try? ModelDiffConfig(text: text, path: "fuzz.yml")
    precondition(again?.acknowledgements == config.acknowledgements, "a configuration read twice differs")
    precondition(again?.checkPath == config.checkPath && again?.since == config.since && again?.strict == config.strict, "settings differ")
    return 0
}

runFuzzer(fuzzOne)
