/// Collects the exact byte forms Core Data hashes: raw UTF-8 without terminator, little-endian integers.
///
/// The bytes are collected rather than fed to SHA-256 as they come, so the finished input can be looked
/// up in a ``DigestMemo``: most inputs recur unchanged across the versions of a bundle.
///
/// An input borrows the memo's spare buffer and gives it back when its digest is known, so build one
/// input at a time: an input begun while another is open gets a new buffer.
struct HashInput {
    private var bytes: [UInt8]

    /// An empty input, in a buffer from `memo`.
    init(memo: inout DigestMemo) { bytes = memo.takeBuffer() }

    /// Adds a string's UTF-8 bytes, cut at the first NUL as Core Data's `strlen` does.
    mutating func add(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            let end = utf8.firstIndex(of: 0) ?? utf8.count
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<end]))
        }
    }

    /// Adds raw bytes, another digest's among them.
    mutating func add(bytes more: [UInt8]) { bytes.append(contentsOf: more) }

    /// Adds one byte.
    mutating func add(byte: UInt8) { bytes.append(byte) }

    /// Adds a little-endian 16-bit integer.
    mutating func add(le16 value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }

    /// Adds a little-endian 32-bit integer.
    mutating func add(le32 value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }

    /// The 32-byte SHA-256 digest of the bytes added, from the memo when it has hashed the same bytes before.
    consuming func finish(memo: inout DigestMemo) -> [UInt8] {
        var buffer: [UInt8] = []
        swap(&buffer, &bytes)
        return memo.digest(of: buffer)
    }
}
