import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit

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

@Test func inputsBuiltInOneReusedBufferKeepTheirOwnDigests() {
    // A hit hands its buffer to the next input: what was stored under earlier keys must not change.
    let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    let ab = "fb8e20fc2e4c3f248c60c39bd652f3c1347298bb977b8b4d5903b85055620603"
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
    var memo = DigestMemo()
    func digest(_ text: String) -> String {
        var input = HashInput(memo: &memo)
        input.add(text)
        return hex(input.finish(memo: &memo))
    }
    #expect(digest("abc") == abc)  // a miss: the key keeps the buffer
    #expect(digest("abc") == abc)  // a hit: its buffer becomes the spare
    #expect(digest("ab") == ab)  // built in the spare, a miss
    #expect(digest("abc") == abc)
    #expect(digest("ab") == ab)
    // An input begun while another is open gets a buffer of its own.
    var outer = HashInput(memo: &memo)
    outer.add("a")
    #expect(digest("ab") == ab)
    outer.add("bc")
    #expect(hex(outer.finish(memo: &memo)) == abc)
}
