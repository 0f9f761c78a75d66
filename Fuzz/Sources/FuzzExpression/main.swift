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
    let reparsed: ModelDiffKit.ValueExpression
    do {
        reparsed = try ExpressionParser.parse(printed)
    } catch {
        // The printer adds parentheses where the input had none, so an expression near the parser's
        // depth guard (500 levels) may print past it; the guard then refuses it with its message,
        // which is the behaviour a user sees. Anything else is a finding.
        if "\(error)".contains("nested deeper than") { return 0 }
        fatalError("printed expression does not parse: \(printed) (from \(text)): \(error)")
    }
    precondition(reparsed.description == printed, "print/parse round trip changed \(printed)")
    return 0
}

runFuzzer(fuzzOne)
