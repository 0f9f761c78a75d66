import Foundation

/// Where the tests find the repository, the team's shared fixtures and the binary.
package enum Paths {
    /// The repository root (the folder holding Package.swift).
    package static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared`, beside the repository (read-only).
    package static let shared: URL = repository.deletingLastPathComponent().appendingPathComponent("shared")

    /// `../shared/fixtures`.
    package static let fixtures: URL = shared.appendingPathComponent("fixtures")

    /// `../shared/models`.
    package static let models: URL = shared.appendingPathComponent("models")

    /// The project's own `TestModels/`.
    package static let testModels: URL = repository.appendingPathComponent("TestModels")

    /// The golden files (`Tests/Golden`), which every test target reads.
    package static let golden: URL = repository.appendingPathComponent("Tests/Golden")

    /// A fresh temporary folder, removed by the caller when done.
    package static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("modeldiff-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
