import Crypto

/// Feeds SHA-256 the exact byte forms Core Data hashes: raw UTF-8 without terminator, little-endian integers.
struct HashInput {
    private var hasher = SHA256()

    /// Adds a string's UTF-8 bytes, cut at the first NUL as Core Data's `strlen` does.
    mutating func add(_ string: String) {
        let bytes = string.utf8.prefix { $0 != 0 }
        hasher.update(data: Array(bytes))
    }

    /// Adds raw bytes.
    mutating func add(bytes: [UInt8]) { hasher.update(data: bytes) }

    /// Adds one byte.
    mutating func add(byte: UInt8) { hasher.update(data: [byte]) }

    /// Adds a little-endian 16-bit integer.
    mutating func add(le16 value: UInt16) {
        hasher.update(data: [UInt8(value & 0xFF), UInt8(value >> 8)])
    }

    /// Adds a little-endian 32-bit integer.
    mutating func add(le32 value: UInt32) {
        hasher.update(data: (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) })
    }

    /// The 32-byte digest.
    func finish() -> [UInt8] { Array(hasher.finalize()) }
}
