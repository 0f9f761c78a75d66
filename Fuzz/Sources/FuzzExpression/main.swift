import Foundation
import FuzzDriver
@_spi(CLI) import ModelDiffKit

/// Parses arbitrary text as a value expression; an expression that parses must print to text that
/// parses back to the same expression.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let expression = try? ExpressionParser.parse(text) else { return 0 }
    let printed = expression.description
    // The printer adds no nesting the input did not have (a NOT gets parentheses only where an
    // operator its operand would take follows it), so printed text of accepted input is accepted:
    // any error here, the depth guard's included, is a finding.
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
