/// A mapping file's text by line, to turn "this element, this attribute" into a line and column.
///
/// libxml2 gives the line of an element's start tag only; diagnostics point at the attribute or the
/// expression itself, so they are found in the text from that line on.
struct MappingSourceText {
    private let lines: [Substring]

    /// How many lines after an element's first line an attribute of its start tag may stand.
    private static let startTagSpan = 4

    init(_ text: String) {
        // Split at each line feed byte, as libxml2 counts lines. Splitting the String at "\n" would
        // walk grapheme clusters through the megabytes of an Xcode mapping model, and never split at
        // "\r\n", which is one character, so a file with CRLF line ends would be a single line.
        lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// The place of `needle` (its first character) on `line` or the few lines after it; nil when not found.
    func find(_ needle: String, from line: Int?) -> (line: Int, column: Int)? {
        guard let line, line >= 1, !needle.isEmpty else { return nil }
        for number in line..<(line + Self.startTagSpan) where number - 1 < lines.count {
            let text = lines[number - 1]
            if let range = text.range(of: needle) {
                // Columns count characters, as editors do.
                return (number, text.distance(from: text.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }

    /// The place in the file of the `column`th character (1-based) of `expression`, written as the text of
    /// an element that begins on `line`; the expression may span lines and have `<`, `&` escaped.
    func expression(_ expression: String, column: Int, from line: Int?) -> (line: Int, column: Int)? {
        let expressionLines = expression.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = expressionLines.first else { return nil }
        // As modeldiff writes it (escaped), or as a developer may (`>` and `'` need no escaping in text).
        let escaped = find(XMLWriter.escape(String(first), quote: false), from: line)
        guard let start = escaped ?? find(String(first), from: line) else { return nil }
        let written = { (text: String) in escaped == nil ? text : XMLWriter.escape(text, quote: false) }
        // Walk to the expression line holding that character; later lines keep their indentation in the text.
        var remaining = max(column, 1) - 1
        for (index, text) in expressionLines.enumerated() {
            if remaining <= text.count || index == expressionLines.count - 1 {
                let prefix = written(String(text.prefix(remaining)))
                return (start.line + index, (index == 0 ? start.column : 1) + prefix.count)
            }
            remaining -= text.count + 1
        }
        return nil
    }

    /// The place of the attribute `name="…"` in the start tag that begins on `line`.
    func attribute(_ name: String, from line: Int?) -> (line: Int, column: Int)? {
        guard let found = find(" \(name)=", from: line) else { return nil }
        return (found.line, found.column + 1)
    }
}
