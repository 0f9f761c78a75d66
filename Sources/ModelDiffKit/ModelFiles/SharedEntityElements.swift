import Foundation

/// The `<entity>` elements of the versions of one bundle, each distinct text parsed, decoded and checked
/// once for the bundle.
///
/// The versions of a bundle repeat most entities unchanged (WooCommerce's 117 versions hold 6,808
/// entity elements with 250 distinct texts). A version whose file the scan reads (`EntityElementScan`)
/// is handed to libxml2 with each element whose text was read before replaced by a placeholder
/// followed by the element's line feeds, so every line after it stays where it was; the decoder takes
/// that text's entity, moved to the placeholder's line, and the checks that depend on the entity alone
/// (`ModelValidator.isLocallyValid(_:)`) are not run again when they passed without a warning. What
/// depends on other entities (parents, inherited names, inverses, layout) is checked in every version.
///
/// Why the model, notes and warnings are those of reading the whole file: without a DTD or namespace
/// declarations an element's text parses to the same events wherever it stands, its lines aside; a text
/// enters the table only from a version read without an error or a note about it, where the scan's
/// element and the decoder's agree in order. A version in which anything goes wrong is read again,
/// whole, so every error is the one reading it alone gives, at its own file, line and column.
package final class SharedEntityElements: Sendable {
    private let known = Locked<[Text: SharedEntityElement]>([:])

    /// An empty table, for the versions of one bundle.
    package init() {}

    /// The model in `bytes` (the file at `path`), read with the elements met before and adding its
    /// own; nil when the scan does not read the file or reading it so fails: the caller reads it whole.
    func read(_ bytes: [UInt8], path: String) -> LoadedModel? {
        guard let scan = bytes.withUnsafeBufferPointer({ EntityElementScan($0) }), !scan.elements.isEmpty else { return nil }
        let texts = scan.elements.map { Text(bytes: bytes[$0.range]) }
        let records = known.withLock { table in texts.map { table[$0] } }
        let document = records.allSatisfy { $0 == nil } ? bytes : Self.document(bytes, elements: scan.elements, records: records)
        do throws(Diagnostic) {
            let (model, notes, sharing) = try XMLDocumentParser.withRoot(document, path: path) { root throws(Diagnostic) in
                var decoder = ModelDecoder(path: path, sharing: SharedEntityDecoding(records: records))
                guard root.isNamed("model") else { throw decoder.outOfStep }
                let model = try decoder.model(root)
                return (model, decoder.notes, decoder.sharing)
            }
            guard let sharing else { return nil }
            let validator = ModelValidator(model: model, path: path, locallyValid: sharing.locallyValid)
            let warnings = try validator.validate()
            var additions: [(Text, SharedEntityElement)] = []
            for new in sharing.new where !new.hasNotes {
                let entity = model.entities[new.entity]
                guard let line = entity.line.value else { continue }
                // A copy of the element's bytes: the key must not keep the whole file alive.
                let text = Text(bytes: ArraySlice(Array(texts[new.element].bytes)))  // hashed again: once per distinct text
                let record = SharedEntityElement(
                    entity: entity, line: line - scan.elements[new.element].startTagLineFeeds,
                    lineFeeds: text.bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }, isLocallyValid: validator.isLocallyValid(entity))
                additions.append((text, record))
            }
            if !additions.isEmpty {
                known.withLock { table in
                    for (text, record) in additions where table[text] == nil { table[text] = record }
                }
            }
            return LoadedModel(model: model, path: path, notes: notes + warnings)
        } catch {
            return nil
        }
    }

    private static let placeholder = Array("<\(EntityElementScan.placeholder)/>".utf8)

    /// The file with each element read before replaced by a placeholder and the element's line feeds.
    private static func document(_ bytes: [UInt8], elements: [EntityElementScan.Element], records: [SharedEntityElement?]) -> [UInt8] {
        var document: [UInt8] = []
        document.reserveCapacity(bytes.count)
        var position = 0
        for (element, record) in zip(elements, records) {
            guard let record else { continue }
            document.append(contentsOf: bytes[position..<element.range.lowerBound])
            document.append(contentsOf: placeholder)
            document.append(contentsOf: repeatElement(0x0A, count: record.lineFeeds))
            position = element.range.upperBound
        }
        document.append(contentsOf: bytes[position...])
        return document
    }

    /// An element's bytes as a key: hashed once, as one block, when it is made (outside the table's
    /// lock), and compared with `memcmp`.
    private struct Text: Hashable {
        let bytes: ArraySlice<UInt8>
        private let hash: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            var hasher = Hasher()
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            hash = hasher.finalize()
        }

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.hash == rhs.hash && lhs.bytes.count == rhs.bytes.count
                && lhs.bytes.withUnsafeBytes { a in rhs.bytes.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
                }
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }
}

/// One entity element's text as it was first read: its entity, where it stood, and what its checks found.
final class SharedEntityElement: Sendable {
    /// The entity, with the lines of that reading and the text's origin.
    let entity: Entity
    /// The line its `<` stood on.
    let line: Int
    /// The line feeds in its text, which a placeholder standing for it repeats.
    let lineFeeds: Int
    /// Whether the checks of the entity alone passed without a warning (`ModelValidator.isLocallyValid(_:)`).
    let isLocallyValid: Bool
    /// The entity moved to each other line it was met at: versions often hold a text at one line.
    private let moved = Locked<[Int: Entity]>([:])

    init(entity: Entity, line: Int, lineFeeds: Int, isLocallyValid: Bool) {
        self.entity = entity
        self.line = line
        self.lineFeeds = lineFeeds
        self.isLocallyValid = isLocallyValid
    }

    /// The entity as read with its `<` on `line`.
    func entity(atLine line: Int) -> Entity {
        guard line != self.line else { return entity }
        if let known = moved.withLock({ $0[line] }) { return known }
        let entity = entity.movingLines(by: line - self.line)
        moved.withLock { $0[line] = entity }
        return entity
    }
}
