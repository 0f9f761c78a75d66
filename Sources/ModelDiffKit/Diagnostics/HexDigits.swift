/// A character's code as at least four hexadecimal digits, zero-padded: `001F`, `1F600`. Messages
/// (`U+001F`) write it in upper case; JSON's `\u001f` escape in lower case, as JSONSerialization does.
package enum HexDigits {
    /// The code of `scalar`, zero-padded to four digits.
    package static func padded(_ scalar: Unicode.Scalar, uppercase: Bool = true) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
