import Foundation

/// Where the root's `<entity>` children of a model file stand, found from the bytes without parsing, so
/// an element whose text another version of the bundle already had need not be parsed again
/// (`SharedEntityElements`).
///
/// It reads only documents in which every `<` starts a tag, and whose elements mean the same wherever
/// they stand: Xcode's UTF-8 XML 1.0 declaration first, then no DOCTYPE (no entity or attribute
/// declaration can change what an element means), no comment, CDATA section or processing instruction,
/// no namespace declaration, no carriage return (the line of every line feed is then the line libxml2
/// counts). For anything else it gives nil and the file is parsed whole. Tags are read with their quoted
/// values (a value may hold `>`, never `<`); inside an `<entity>` element, the first `</entity>` ends it,
/// and an element of that name nested inside one gives nil.
struct EntityElementScan {
    /// One `<entity>` child of the root.
    struct Element {
        /// Its bytes, from `<entity` to the `>` of its end tag (of its start tag when it has no content).
        let range: Range<Int>
        /// The line feeds inside its start tag: its line (where the start tag ends, as libxml2 counts) less
        /// these is the line its `<` stands on.
        let startTagLineFeeds: Int
    }

    /// The root's `<entity>` children, in document order.
    let elements: [Element]

    /// The name of the element that stands for an entity element read before, in the document handed to
    /// libxml2 instead of the file; a file that uses the name itself is not scanned.
    static let placeholder: StaticString = "modeldiff-read-entity"

    private static let declaration: StaticString = #"<?xml version="1.0" encoding="UTF-8""#

    /// Scans `bytes`; nil when the document is not one the scan reads (above).
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, Self.hasPrefix(Self.declaration, base, bytes.count, at: 0),
            memchr(base, 0x0D, bytes.count) == nil, Self.find("xmlns", base, bytes.count, from: 0) == nil,
            var position = Self.find("?>", base, bytes.count, from: 0).map({ $0 + 2 })
        else { return nil }
        let count = bytes.count
        var elements: [Element] = []
        var depth = 0
        var sawRoot = false
        while let open = Self.next(UInt8(ascii: "<"), base, count, from: position) {
            guard open + 1 < count else { return nil }
            switch base[open + 1] {
            case UInt8(ascii: "!"), UInt8(ascii: "?"):
                return nil
            case UInt8(ascii: "/"):
                guard !Self.hasPrefix(Self.placeholder, base, count, at: open + 2),
                    let close = Self.next(UInt8(ascii: ">"), base, count, from: open + 2), depth > 0
                else { return nil }
                depth -= 1
                position = close + 1
            default:
                guard !Self.hasPrefix(Self.placeholder, base, count, at: open + 1),
                    let (close, lineFeeds) = Self.endOfStartTag(base, count, from: open + 1)
                else { return nil }
                let isEmpty = base[close - 1] == UInt8(ascii: "/")
                position = close + 1
                if depth == 1, Self.isNamedEntity(base, count, at: open + 1) {
                    guard let end = isEmpty ? close + 1 : Self.endOfEntityContent(base, count, from: position) else { return nil }
                    elements.append(Element(range: open..<end, startTagLineFeeds: lineFeeds))
                    position = end
                } else if !isEmpty {
                    if depth == 0 {
                        guard !sawRoot else { return nil }
                        sawRoot = true
                    }
                    depth += 1
                }
            }
        }
        guard depth == 0, sawRoot else { return nil }
        self.elements = elements
    }

    /// The position of the `>` ending the start tag whose name begins at `start`, and the line feeds
    /// before it; quoted values are skipped whole. Nil when a `<` comes first or the tag does not end.
    private static func endOfStartTag(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> (Int, Int)? {
        var index = start
        var lineFeeds = 0
        var quote: UInt8 = 0  // the quote of the value being read, 0 outside values
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\n") {
                lineFeeds += 1
            } else if byte == UInt8(ascii: "<") {
                return nil
            } else if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: ">") {
                return (index, lineFeeds)
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            }
            index += 1
        }
        return nil
    }

    /// The end (past its `>`) of the `</entity>` tag closing an entity element whose content starts at
    /// `start`: the first such tag, since every `<` in well-formed content starts a tag and no entity
    /// element is nested (one is, nil).
    private static func endOfEntityContent(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int? {
        var position = start
        while let open = next(UInt8(ascii: "<"), base, count, from: position), open + 1 < count {
            switch base[open + 1] {
            case UInt8(ascii: "!"), UInt8(ascii: "?"):
                return nil
            case UInt8(ascii: "/"):
                if hasPrefix(placeholder, base, count, at: open + 2) { return nil }
                if isNamedEntity(base, count, at: open + 2) {
                    var index = open + 2 + 6
                    while index < count, base[index] == 0x20 || base[index] == 0x09 || base[index] == 0x0A { index += 1 }
                    guard index < count, base[index] == UInt8(ascii: ">") else { return nil }
                    return index + 1
                }
            default:
                if hasPrefix(placeholder, base, count, at: open + 1) || isNamedEntity(base, count, at: open + 1) { return nil }
            }
            position = open + 1
        }
        return nil
    }

    /// Whether the tag name at `start` is `entity` (followed by white space, `>` or `/`).
    private static func isNamedEntity(_ base: UnsafePointer<UInt8>, _ count: Int, at start: Int) -> Bool {
        guard hasPrefix("entity", base, count, at: start) else { return false }
        guard start + 6 < count else { return false }
        switch base[start + 6] {
        case 0x20, 0x09, 0x0A, UInt8(ascii: ">"), UInt8(ascii: "/"): return true
        default: return false
        }
    }

    private static func hasPrefix(_ literal: StaticString, _ base: UnsafePointer<UInt8>, _ count: Int, at start: Int) -> Bool {
        start + literal.utf8CodeUnitCount <= count && memcmp(base + start, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    private static func next(_ byte: UInt8, _ base: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int? {
        guard start < count, let found = memchr(base + start, Int32(byte), count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static func find(_ literal: StaticString, _ base: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int? {
        var position = start
        while let candidate = next(literal.utf8Start.pointee, base, count, from: position) {
            if hasPrefix(literal, base, count, at: candidate) { return candidate }
            position = candidate + 1
        }
        return nil
    }
}
