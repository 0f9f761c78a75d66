import Foundation
import Testing

@testable import ModelDiffKit

/// The digest memo shared by the versions of a bundle must never change a hash: a hit has to be
/// the digest SHA-256 gives for the same bytes, and a model's hashes the same with or without
/// the models hashed before it.

@Test func aMemoisedDigestIsSHA256OfTheSameBytes() {
    // FIPS 180-2's "abc" example, and the same bytes with a NUL after them (from Python's hashlib).
    let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    let abcNUL = "dc1114cd074914bd872cc1f9a23ec910ea2203bc79779ab2e17da25782a624fc"
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
    var memo = DigestMemo()
    #expect(hex(memo.digest(of: Array("abc".utf8))) == abc)
    #expect(hex(memo.digest(of: Array("abc".utf8))) == abc)
    // One byte more is another input: a prefix must not be taken for the whole.
    #expect(hex(memo.digest(of: Array("abc".utf8) + [0])) == abcNUL)
    #expect(hex(memo.digest(of: Array("abc".utf8))) == abc)
}

@Test func aModelHashedAfterAnotherKeepsItsOwnHashes() {
    // Same entity and property names, other types: everything keyed by name must not leak across.
    let first = Model(entities: [Entity(name: "A", attributes: [Attribute(name: "x", type: .string)])])
    let second = Model(entities: [Entity(name: "A", attributes: [Attribute(name: "x", type: .integer64)])])
    let together = [first, second, first].versionHashes()
    #expect(together == [first.versionHashes(), second.versionHashes(), first.versionHashes()])
    #expect(together[0] != together[1])
}

@Test(.tags(.slow), .notInFastTier)
func everyWooCommerceVersionHashesAsOnItsOwn() throws {
    let bundle = try ModelBundle.load(path: Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld").path)
    let models = bundle.versions.map(\.model)
    #expect(models.count > 100)
    #expect(models.versionHashes() == models.map { $0.versionHashes() })
}
