/// Reads one XML element's attributes by name, remembering which ones were consumed so the rest
/// can be kept verbatim and reported as notes.
struct ElementReader {
    let element: XMLElementNode
    let path: String
    var consumed: Set<String> = []

    init(_ element: XMLElementNode, path: String) {
        self.element = element
        self.path = path
    }

    var line: Int? { element.line.value }

    /// The attribute's value, if present.
    mutating func string(_ name: String) -> String? {
        consumed.insert(name)
        return element[attribute: name]
    }

    /// A `YES`/absent boolean (Xcode writes `NO` only for a few attributes).
    mutating func flag(_ name: String) -> Bool { string(name) == "YES" }

    /// A boolean that keeps the difference between `YES`, `NO` and absent.
    mutating func optionalFlag(_ name: String) -> Bool? { string(name).map { $0 == "YES" } }

    /// A required attribute; its absence is an error naming `what`.
    mutating func required(_ name: String, of what: String) throws(Diagnostic) -> String {
        guard let value = string(name), !value.isEmpty else {
            throw Diagnostic(path: path, line: line, message: "\(what) has no \(name)")
        }
        return value
    }

    /// An integer attribute; a value that is not a whole number is an error.
    mutating func integer(_ name: String, of what: String) throws(Diagnostic) -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text) else {
            throw Diagnostic(path: path, line: line, message: "\(name) \"\(text)\" of \(what) is not a whole number")
        }
        return value
    }

    /// The attributes nobody consumed, in file order.
    var remaining: [XMLAttribute] { element.attributes.filter { !consumed.contains($0.name) } }

    /// Notes for the attributes nobody consumed.
    func notes(for what: String) -> [Diagnostic] {
        remaining.map {
            Diagnostic(.note, path: path, line: line, message: "unknown attribute \"\($0.name)\" on \(what) kept as is")
        }
    }
}

extension UserInfo {
    /// Reads a `<userInfo>` element's `<entry key value>` children.
    init(element: XMLElementNode?) {
        guard let element else {
            self.init()
            return
        }
        self.init(element.children.filter { $0.name == "entry" }.map {
            Entry(key: $0[attribute: "key"] ?? "", value: $0[attribute: "value"] ?? "")
        })
    }
}
