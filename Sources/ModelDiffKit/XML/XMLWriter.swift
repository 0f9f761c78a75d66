/// Serialises `XMLElementNode` trees as Xcode does: 4-space indentation, self-closing empty elements,
/// attributes in the order given.
package enum XMLWriter {
    /// The XML declaration Xcode writes on model files.
    package static let declaration = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#

    /// The document text for `root`, declaration first, no trailing newline (as Xcode writes it).
    package static func document(_ root: XMLElementNode) -> String {
        var output = declaration + "\n"
        write(root, depth: 0, into: &output)
        output.removeLast()
        return output
    }

    /// Appends one element and its children, each on its own line.
    ///
    /// An attribute named in `breakingBefore` starts a new line, aligned under the element's first
    /// attribute (a mapping file puts its long version hashes there, so the names stay readable).
    package static func write(_ element: XMLElementNode, depth: Int, into output: inout String, breakingBefore: Set<String> = []) {
        let indent = String(repeating: "    ", count: depth)
        for comment in element.leadingComments { output += indent + commentText(comment) + "\n" }
        output += indent + "<" + element.name
        let continuation = "\n" + indent + String(repeating: " ", count: element.name.count + 1)
        for (index, attribute) in element.attributes.enumerated() {
            let startsLine =
                index > 0 && breakingBefore.contains(attribute.name)
                && !(index > 0 && breakingBefore.contains(element.attributes[index - 1].name))
            output += (startsLine ? continuation : "") + " \(attribute.name)=\"\(escape(attribute.value, quote: true))\""
        }
        if element.children.isEmpty && element.text.isEmpty && element.trailingComments.isEmpty {
            output += "/>\n"
        } else if element.children.isEmpty {
            // Comments inside a text-only element stay on its line, after the text, so the text reads back the same.
            output += ">\(escape(element.text, quote: false))\(element.trailingComments.map(commentText).joined())</\(element.name)>\n"
        } else {
            output += ">\n"
            for child in element.children { write(child, depth: depth + 1, into: &output, breakingBefore: breakingBefore) }
            for comment in element.trailingComments { output += indent + "    " + commentText(comment) + "\n" }
            output += indent + "</\(element.name)>\n"
        }
    }

    /// A comment as XML; `--` may not appear inside one, so it is split.
    private static func commentText(_ comment: String) -> String {
        let safe = comment.replacingOccurrences(of: "--", with: "- -")
        return "<!--" + safe + (safe.hasSuffix("-") ? " " : "") + "-->"
    }

    /// Escapes text for XML content or a double-quoted attribute value.
    package static func escape(_ text: String, quote: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quote: result += "&quot;"
            case "\n" where quote: result += "&#10;"
            case "\t" where quote: result += "&#9;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
