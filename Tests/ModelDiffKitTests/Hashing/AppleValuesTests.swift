import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

@Test func appleValuesAreAllThere() {
    #expect(AppleValues.all.count == 33)
}

@Test(arguments: AppleValues.all.filter { !$0.isExpectedMismatch })
func reproducesApplesValues(_ row: AppleValues) throws {
    let loaded = try ModelFile.load(path: Paths.fixtures.appendingPathComponent(row.model).path)
    let hashes = loaded.model.versionHashes()
    for (entity, expected) in row.entityVersionHashes {
        #expect(hashes.base64(entity: entity) == expected, "entity \(entity)")
    }
    if let checksum = row.versionChecksum { #expect(hashes.versionChecksum == checksum) }
    if let digest = row.versionHashesDigest { #expect(hashes.versionHashesDigest == digest) }
}

/// Xcode converted this model from an Xcode 3 model and lost `minCount="1"` and `optional="NO"`
/// on the way, so its XML no longer describes the store Apple wrote; the hand transcription of the
/// original Xcode 3 archive (same case) matches instead.
@Test func xcodeConvertedRecipesModelIsAKnownMismatch() throws {
    let row = try #require(AppleValues.all.first { $0.isExpectedMismatch })
    let loaded = try ModelFile.load(path: Paths.fixtures.appendingPathComponent(row.model).path)
    let hashes = loaded.model.versionHashes()
    let differing = row.entityVersionHashes.filter { hashes.base64(entity: $0.key) != $0.value }.keys.sorted()
    #expect(!differing.isEmpty)
}
