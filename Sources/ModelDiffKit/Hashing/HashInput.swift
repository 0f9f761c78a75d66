import Crypto

/// Feeds SHA-256 the exact byte forms Core Data hashes: raw UTF-8 without terminator, little-endian integers.
///
/// Every input goes to the hasher from a buffer in place: a model's hashes take thousands of small
/// updates, and building an array for each was a large share of hashing time.
struct HashInput {
    private var hasher = SHA256()

    /// Adds a string's UTF-8 bytes, cut at the first NUL as Core Data's `strlen` does.
    mutating func add(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            let end = bytes.firstIndex(of: 0) ?? bytes.count
            hasher.update(bufferPointer: UnsafeRawBufferPointer(start: bytes.baseAddress, count: end))
        }
    }

    /// Adds raw bytes.
    mutating func add(bytes: [UInt8]) { bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) } }

    /// Adds one byte.
    mutating func add(byte: UInt8) { withUnsafeBytes(of: byte) { hasher.update(bufferPointer: $0) } }

    /// Adds a little-endian 16-bit integer.
    mutating func add(le16 value: UInt16) { withUnsafeBytes(of: value.littleEndian) { hasher.update(bufferPointer: $0) } }

    /// Adds a little-endian 32-bit integer.
    mutating func add(le32 value: UInt32) { withUnsafeBytes(of: value.littleEndian) { hasher.update(bufferPointer: $0) } }

    /// Adds another digest's bytes.
    mutating func add(digest: SHA256Digest) { digest.withUnsafeBytes { hasher.update(bufferPointer: $0) } }

    /// The 32-byte digest.
    func finish() -> [UInt8] { digest().withUnsafeBytes { Array($0) } }

    /// The digest as a value, for hashing it again without an array.
    func digest() -> SHA256Digest { hasher.finalize() }
}
