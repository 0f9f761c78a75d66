/// Orders strings as `-[NSString compare:]` does for ordinary names: by UTF-16 code unit.
///
/// Compares UTF-8 bytes in place, which orders by code point; UTF-16 agrees with that except that
/// code points above U+FFFF (lead bytes F0–F4, surrogates in UTF-16) sort before U+E000–U+FFFF
/// (lead bytes EE–EF), so only a first difference between those two falls back to UTF-16.
/// Hashing and diffing sort names thousands of times per model, and walking UTF-16 views was slow.
@_spi(CLI) public func coreDataCompare(_ lhs: String, _ rhs: String) -> Bool {
    var left = lhs
    var right = rhs
    let byBytes: Bool? = left.withUTF8 { a in
        right.withUTF8 { b in
            for index in 0..<min(a.count, b.count) where a[index] != b[index] {
                let x = a[index]
                let y = b[index]
                let isSupplementary = { (byte: UInt8) in byte >= 0xF0 }
                let isHighBMP = { (byte: UInt8) in byte == 0xEE || byte == 0xEF }
                if (isSupplementary(x) && isHighBMP(y)) || (isHighBMP(x) && isSupplementary(y)) { return nil }
                return x < y
            }
            return a.count < b.count
        }
    }
    return byBytes ?? lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
}

/// A name's first eight bytes as one big-endian word (zeros after a shorter name), when they are
/// ASCII: two such words that differ order their names as `coreDataCompare` does, since they differ
/// first where the names do, or where the shorter one ends. nil when they are not ASCII.
package func coreDataPrefix(_ name: String) -> UInt64? {
    var text = name
    return text.withUTF8 { bytes in
        var word: UInt64 = 0
        for index in 0..<min(8, bytes.count) {
            guard bytes[index] < 0x80 else { return nil }
            word |= UInt64(bytes[index]) << (56 - 8 * UInt64(index))
        }
        return word
    }
}

/// `coreDataCompare` decided by the names' `coreDataPrefix` words when both have one and they
/// differ, which is most pairs of property names: comparing two words reads neither string.
@_spi(CLI) public func coreDataCompare(_ lhs: String, prefix lhsPrefix: UInt64?, _ rhs: String, prefix rhsPrefix: UInt64?) -> Bool {
    if let lhsPrefix, let rhsPrefix, lhsPrefix != rhsPrefix { return lhsPrefix < rhsPrefix }
    return coreDataCompare(lhs, rhs)
}
