/// The spans of the element and attribute names already copied into a tree, by the address the
/// parser handed each name over at, so a name met again is not measured and copied again.
///
/// libxml2 hands names over from its parser dictionary: one address per distinct name, valid until
/// the parser context is freed (its own SAX2 tree builder keeps these pointers as node names without
/// copying them, `ctxt->dictNames`). A model file has a few dozen distinct names among tens of
/// thousands of elements and attributes. Only addresses the builder was told are the dictionary's
/// are entered, so a hit is always the same live string, never a reused address.
struct XMLNameTable {
    private var keys: [UnsafePointer<UInt8>?]
    private var spans: [XMLTree.Span]
    private var count = 0

    /// An empty table; it doubles when half full.
    init() {
        keys = Array(repeating: nil, count: 128)
        spans = Array(repeating: .empty, count: 128)
    }

    /// The span copied for the name at `address`, if it was entered.
    func span(at address: UnsafePointer<UInt8>) -> XMLTree.Span? {
        let mask = keys.count - 1
        var slot = Self.slot(address, mask)
        while let key = keys[slot] {
            if key == address { return spans[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Enters the span copied for the name at `address`, which must not be in the table yet.
    mutating func enter(_ span: XMLTree.Span, at address: UnsafePointer<UInt8>) {
        if 2 * (count + 1) > keys.count { grow() }
        let mask = keys.count - 1
        var slot = Self.slot(address, mask)
        while keys[slot] != nil { slot = (slot + 1) & mask }
        keys[slot] = address
        spans[slot] = span
        count += 1
    }

    private mutating func grow() {
        let old = zip(keys, spans)
        keys = Array(repeating: nil, count: 2 * keys.count)
        spans = Array(repeating: .empty, count: keys.count)
        count = 0
        for case (let key?, let span) in old { enter(span, at: key) }
    }

    /// Fibonacci hashing of the address: dictionary strings lie a few bytes apart in one pool.
    private static func slot(_ address: UnsafePointer<UInt8>, _ mask: Int) -> Int {
        let mixed = UInt(bitPattern: address) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 40) & mask
    }
}
