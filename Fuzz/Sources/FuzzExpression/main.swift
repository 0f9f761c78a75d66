import Foundation
import FuzzDriver
import ModelDiffKit

/// Parses arbitrary text as a value expression; an expression that parses must print to text that
/// parses back to the same expression.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let expression = try? ExpressionParser.parse(text) else { return 0 }
    let printed = expression.description
    // The printer adds parentheses only where the tree needs them (NOT at the end of the text has
    // none), so printed text nests no deeper than the input: it must parse, the depth guard included.
    let reparsed: ModelDiffKit.ValueExpression
    do {
        reparsed = try ExpressionParser.parse(printed)
    } catch {
        fatalError("printed expression does not parse: \(printed) (from \(text)): \(error)")
    }
    precondition(reparsed.description == printed, "print/parse round trip changed \(printed)")
    return 0
}

runFuzzer(fuzzOne)
