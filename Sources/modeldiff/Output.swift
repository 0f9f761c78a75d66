import ArgumentParser
import Foundation
import ModelDiffKit

/// Output formats shared by the commands that print text or JSON.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// Writes text to standard output exactly as given; a full or closed output ends the run with exit 2.
func printOut(_ text: String) {
    if !writeAll(Data(text.utf8), to: STDOUT_FILENO) { standardOutputFailed() }
}

/// Pretty, key-sorted JSON, so output is stable and diffs well.
func jsonText<T: Encodable>(_ value: T) throws -> String { try CheckReports.encode(value) }

/// Prints the notes a load produced (unknown XML kept verbatim) to standard error.
func printNotes(_ notes: [Diagnostic]) {
    for note in notes { printError(note.description) }
}
