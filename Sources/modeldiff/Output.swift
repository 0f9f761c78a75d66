import ArgumentParser
import Foundation
import ModelDiffKit

/// Output formats shared by the commands that print text or JSON.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// Writes text to standard output exactly as given; a full or closed standard output (`> /dev/full`,
/// `>&-`) is one line on standard error and exit status 2, not a crash.
func printOut(_ text: String) {
    do {
        try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    } catch {
        let underlying = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError) ?? (error as NSError)
        let reason = underlying.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32(underlying.code))) : underlying.localizedDescription
        printError("error: cannot write to standard output: \(reason.lowercased())")
        exit(2)
    }
}

/// Pretty, key-sorted JSON, so output is stable and diffs well.
func jsonText<T: Encodable>(_ value: T) throws -> String { try CheckReports.encode(value) }

/// Prints the notes a load produced (unknown XML kept verbatim) to standard error.
func printNotes(_ notes: [Diagnostic]) {
    for note in notes { printError(note.description) }
}
