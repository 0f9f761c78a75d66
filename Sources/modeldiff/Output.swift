import ArgumentParser
import Foundation
@_spi(CLI) import ModelDiffKit

/// Output formats shared by the commands that print text or JSON.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// Writes a report to standard output; a full or closed output ends the run with exit 2.
///
/// Every report, in every format, goes through `MessageEscaping.escapedReport`: a control character
/// that is not a report's own line feed, tab or colour is escaped, so no model, store or file can send
/// a terminal escape through modeldiff. JSON, SARIF, JUnit and GitHub's format escape their values
/// themselves and hold no other control character, so they pass unchanged; text and markdown escape
/// each value they print with `MessageEscaping.escaped`, so a newline in a value never starts a line.
func printOut(_ text: String) {
    if !writeAll(Data(MessageEscaping.escapedReport(text).utf8), to: STDOUT_FILENO) { standardOutputFailed() }
}

/// Pretty, key-sorted JSON, so output is stable and diffs well.
func jsonText<T: Encodable>(_ value: T) throws -> String { try CheckReports.encode(value) }

/// Prints the notes a load produced (unknown XML kept verbatim) to standard error.
func printNotes(_ notes: [Diagnostic]) {
    for note in notes { printError(note.description) }
}
