import ArgumentParser
import Foundation
import ModelDiffKit

/// Output formats shared by the commands that print text or JSON.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// Writes text to standard output exactly as given.
func printOut(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

/// Pretty, key-sorted JSON, so output is stable and diffs well.
func jsonText<T: Encodable>(_ value: T) throws -> String { try CheckReports.encode(value) }

/// Prints the notes a load produced (unknown XML kept verbatim) to standard error.
func printNotes(_ notes: [Diagnostic]) {
    for note in notes { printError(note.description) }
}
