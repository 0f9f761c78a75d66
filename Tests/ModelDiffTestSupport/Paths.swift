import Foundation

/// Where the tests find the repository, the team's shared fixtures and the binary.
enum Paths {
    /// The repository root (the folder holding Package.swift).
    static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared`, beside the repository (read-only).
    static let shared: URL = repository.deletingLastPathComponent().appendingPathComponent("shared")

    /// `../shared/fixtures`.
    static let fixtures: URL = shared.appendingPathComponent("fixtures")

    /// `../shared/models`.
    static let models: URL = shared.appendingPathComponent("models")

    /// The project's own `TestModels/`.
    static let testModels: URL = repository.appendingPathComponent("TestModels")

    /// The golden files (`Tests/ModelDiffKitTests/Golden`).
    static let golden: URL = repository.appendingPathComponent("Tests/ModelDiffKitTests/Golden")

    /// A fresh temporary folder, removed by the caller when done.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("modeldiff-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
