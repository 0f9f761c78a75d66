import Foundation
import Testing

/// One row of `../shared/fixtures/apple-values.json`: values Apple's own tools wrote for a model.
package struct AppleValues: Decodable, Sendable, CustomTestStringConvertible {
    package let `case`: String
    package let artifact: String
    package let model: String
    package let entityVersionHashes: [String: String]
    package let versionChecksum: String?
    package let versionHashesDigest: String?
    package let note: String?

    package var testDescription: String { "\(model) vs \(artifact)" }

    package static let all: [AppleValues] = {
        let url = Paths.fixtures.appendingPathComponent("apple-values.json")
        guard let data = try? Data(contentsOf: url) else { return [] }
        return (try? JSONDecoder().decode([AppleValues].self, from: data)) ?? []
    }()

    package var isExpectedMismatch: Bool { note?.hasPrefix("expected mismatch") ?? false }
}
