/// JSON written piece by piece exactly as `JSONEncoder` writes it with `.prettyPrinted`, `.sortedKeys`
/// and `.withoutEscapingSlashes`: two spaces of indentation, `"key" : value`, an empty array or object
/// as its brackets around an empty line, strings escaped as ``JSONText`` escapes them.
///
/// `check BUNDLE --format json` writes every finding of every pair, megabytes for a long history:
/// `JSONEncoder` first builds a tree of the whole document, and then the text, and its copy on the way
/// out, all held at once. This writer hands its text to `write` in pieces of about 64 KB instead.
/// The caller writes each object's keys in sorted order, as `.sortedKeys` does.
struct PrettyJSONText {
    private var json = JSONText()
    /// For each open array or object, whether it has no member yet.
    private var empty: [Bool] = []
    private let write: (String) -> Void

    /// A writer that hands its text to `write`, in order, in pieces.
    init(write: @escaping (String) -> Void) { self.write = write }

    /// Hands what is left to `write`; call it once the document is complete.
    mutating func finish() {
        write(json.text)
        json = JSONText()
    }

    /// Opens an object: call ``key(_:)`` before each value, then ``close()``.
    mutating func openObject() { open("{") }

    /// Opens an array: call ``element()`` before each value, then ``close()``.
    mutating func openArray() { open("[") }

    /// Closes the innermost array or object.
    mutating func close() {
        let wasEmpty = empty.removeLast()
        json.raw(wasEmpty ? "\n\n" : "\n")
        indent()
        json.raw(closing.removeLast())
    }

    /// Starts an object member: `"key" : `, on its own line.
    mutating func key(_ name: String) {
        element()
        json.string(name)
        json.raw(" : ")
    }

    /// Starts an array element, on its own line.
    mutating func element() {
        if json.text.utf8.count >= 1 << 16 { finish() }
        if empty[empty.count - 1] { empty[empty.count - 1] = false } else { json.raw(",") }
        json.raw("\n")
        indent()
    }

    /// Text as it is (a final newline).
    mutating func raw(_ piece: String) { json.raw(piece) }

    /// A string value.
    mutating func string(_ value: String) { json.string(value) }

    /// An integer value.
    mutating func int(_ value: Int) { json.raw(String(value)) }

    /// `"key" : value`, left out when the value is nil (as `encodeIfPresent`, and synthesized `Encodable`, do).
    mutating func member(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    /// `"key" : value`, left out when the value is nil.
    mutating func member(_ name: String, _ value: Int?) {
        guard let value else { return }
        key(name)
        int(value)
    }

    /// `"key" : [strings]`.
    mutating func member(_ name: String, _ values: [String]) {
        key(name)
        openArray()
        for value in values {
            element()
            string(value)
        }
        close()
    }

    private var closing: [String] = []

    private mutating func open(_ bracket: String) {
        json.raw(bracket)
        empty.append(true)
        closing.append(bracket == "{" ? "}" : "]")
    }

    private mutating func indent() { json.raw(String(repeating: "  ", count: empty.count)) }
}
