import Crypto

/// SHA-256 digests already computed, by their exact input bytes, for the models of one call.
///
/// The versions of a bundle repeat most entities and properties unchanged, so hashing every version
/// feeds SHA-256 the same inputs again and again. The key is the whole input, so a hit returns the
/// digest SHA-256 itself would: equal bytes, equal digest. The memo lives as long as the call that
/// owns it and is never shared, so it holds at most the distinct inputs of the models that call hashes.
package struct DigestMemo {
    private var digests: [Key: [UInt8]] = [:]
    /// The buffer of the last input that was a hit, emptied, for the next `HashInput` to fill:
    /// most inputs are hits, so most inputs allocate nothing.
    private var spare: [UInt8] = []
    /// The hashes of root entities by the element text they were read from (`SharedEntityHashes`): the
    /// versions of a bundle share most of their entities' texts.
    var sharedEntities: [ObjectIdentifier: SharedEntityHashes] = [:]

    /// An empty memo.
    package init() {}

    /// An empty buffer for a new input, with the capacity of an earlier one when there is one.
    mutating func takeBuffer() -> [UInt8] {
        var buffer: [UInt8] = []
        swap(&buffer, &spare)
        return buffer
    }

    /// The SHA-256 digest of `bytes`, computed once per distinct input.
    mutating func digest(of bytes: consuming [UInt8]) -> [UInt8] {
        if let known = digests[Key(bytes: copy bytes)] {
            bytes.removeAll(keepingCapacity: true)
            spare = bytes
            return known
        }
        let digest = SHA256.hash(data: copy bytes).withUnsafeBytes { Array($0) }
        digests[Key(bytes: bytes)] = digest  // the key keeps the buffer: the next input gets a new one
        return digest
    }

    /// Hashes the bytes as one block: `[UInt8]`'s own `Hashable` feeds the hasher a byte at a time.
    private struct Key: Hashable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }
}
