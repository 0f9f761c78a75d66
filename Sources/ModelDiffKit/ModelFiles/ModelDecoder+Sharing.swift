/// What a decoder needs to read a document in which placeholders stand for entity elements read before
/// (`SharedEntityElements`): the root's entity elements the scan found, in order, each either read before
/// (its placeholder is in the document) or new (the element itself is).
struct SharedEntityDecoding {
    /// By scanned element, what was read of it before; nil for an element new to the bundle.
    let records: [SharedEntityElement?]
    /// The next scanned element.
    var next = 0
    /// The new elements read: their position among the scanned elements and the entity's in the model,
    /// and whether decoding it made a note.
    var new: [(element: Int, entity: Int, hasNotes: Bool)] = []
    /// By entity position, whether the entity's own checks passed for another version (`ModelValidator.locallyValid`).
    var locallyValid: [Bool] = []

    init(records: [SharedEntityElement?]) { self.records = records }
}

extension ModelDecoder {
    /// The error that makes the reader read the file whole: the document and the scan disagree about its
    /// entity elements. It never reaches a user: the whole read decides what is said.
    var outOfStep: Diagnostic { Diagnostic(path: path, message: "the entity elements of the document are not those the scan found") }

    /// An entity element the document holds itself: the next scanned element, which must be new.
    mutating func readElement(_ entity: Entity, hasNotes: Bool, position: Int) throws(Diagnostic) -> Entity {
        guard let next = sharing?.next, let records = sharing?.records, next < records.count, records[next] == nil else { throw outOfStep }
        // Changed in place (optional chaining), not through a copy, so the arrays are not copied on each append.
        sharing?.new.append((next, position, hasNotes))
        sharing?.locallyValid.append(false)
        sharing?.next += 1
        return entity.reading(from: EntityOrigin())
    }

    /// The entity a placeholder stands for: the next scanned element's, moved to the placeholder's line.
    mutating func sharedEntity(_ placeholder: XMLElementView) throws(Diagnostic) -> Entity {
        guard let next = sharing?.next, let records = sharing?.records, next < records.count, let record = records[next],
            let line = placeholder.line.value
        else { throw outOfStep }
        sharing?.locallyValid.append(record.isLocallyValid)
        sharing?.next += 1
        return record.entity(atLine: line)
    }
}
