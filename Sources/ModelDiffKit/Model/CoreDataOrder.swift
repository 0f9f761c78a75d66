/// Orders strings as `-[NSString compare:]` does for ordinary names: by UTF-16 code unit.
///
/// Compares UTF-8 bytes in place, which orders by code point; UTF-16 agrees with that except that
/// code points above U+FFFF (lead bytes F0–F4, surrogates in UTF-16) sort before U+E000–U+FFFF
/// (lead bytes EE–EF), so only a first difference between those two falls back to UTF-16.
/// Hashing and diffing sort names thousands of times per model, and walking UTF-16 views was slow.
package func coreDataCompare(_ lhs: String, _ rhs: String) -> Bool {
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
