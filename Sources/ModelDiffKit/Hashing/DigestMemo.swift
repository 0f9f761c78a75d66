import Crypto

/// SHA-256 digests already computed, by their exact input bytes, for the models of one call.
///
/// The versions of a bundle repeat most entities and properties unchanged, so hashing every version
/// feeds SHA-256 the same inputs again and again. The key is the whole input, so a hit returns the
/// digest SHA-256 itself would: equal bytes, equal digest. The memo lives as long as the call that
/// owns it and is never shared, so it holds at most the distinct inputs of the models that call hashes.
package struct DigestMemo {
    private var digests: [Key: [UInt8]] = [:]

    /// An empty memo.
    package init() {}

    /// The SHA-256 digest of `bytes`, computed once per distinct input.
    mutating func digest(of bytes: [UInt8]) -> [UInt8] {
        let key = Key(bytes: bytes)
        if let known = digests[key] { return known }
        let digest = SHA256.hash(data: bytes).withUnsafeBytes { Array($0) }
        digests[key] = digest
        return digest
    }

    /// Hashes the bytes as one block: `[UInt8]`'s own `Hashable` feeds the hasher a byte at a time.
    private struct Key: Hashable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }
}
