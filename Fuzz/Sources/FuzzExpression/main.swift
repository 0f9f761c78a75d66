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
    // The printer may add parentheses the input did not need (a NOT that is the right operand of a
    // binary operator with more text after it), so an input near the parser's 500-level depth guard
    // can print past it: the guard's own error is what a user sees, not a finding. Any other error is.
    let reparsed: ModelDiffKit.ValueExpression
    do {
        reparsed = try ExpressionParser.parse(printed)
    } catch {
        if "\(error)".contains("nested deeper than") { return 0 }
        fatalError("printed expression does not parse: \(printed) (from \(text)): \(error)")
    }
    precondition(reparsed.description == printed, "print/parse round trip changed \(printed)")
    return 0
}

runFuzzer(fuzzOne)
