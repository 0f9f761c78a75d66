import Foundation

/// libxml2's own wording, replaced by modeldiff's where it tells the user to do something they cannot.
///
/// libxml2 speaks to programmers who call it ("use XML_PARSE_HUGE option", "Document labelled
/// UTF-16 but has UTF-8 content", "indicate encoding !"); a user of modeldiff has no parser options
/// and needs to know what is wrong with the file.
enum XMLMessages {
    /// `message` in modeldiff's words when libxml2's asks for a parser option or shouts; unchanged otherwise.
    static func reworded(_ message: String) -> String {
        if message.contains("Excessive depth") {
            return "the XML is nested more than 256 levels deep, which no model or mapping file needs"
        }
        if message.contains("XML_PARSE_HUGE") || message.contains("huge") || message.contains("too long") {
            return
                "a text, name or attribute value in the XML is longer than libxml2's limit of 10 MB, which no model or mapping file needs"
        }
        if message.contains("Input is not proper UTF-8") || message.contains("indicate encoding") {
            return "the bytes are not valid UTF-8, the encoding the file declares (or XML's default)"
        }
        if let labelled = message.range(of: "Document labelled "), let but = message.range(of: " but has ") {
            let declared = message[labelled.upperBound..<but.lowerBound]
            let actual = message[but.upperBound...].replacingOccurrences(of: " content", with: "")
            return "the file declares encoding \(declared) but its bytes are \(actual)"
        }
        if message.contains("Unsupported encoding") || message.contains("encoding mismatch") {
            return "the file's declared encoding is not one modeldiff reads (Xcode writes UTF-8; UTF-16 needs a byte order mark)"
        }
        var text = message
        while text.hasSuffix("!") || text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
