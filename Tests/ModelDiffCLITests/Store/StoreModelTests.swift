import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit
@_spi(CLI) @testable import ModelDiffStore

/// `StoreModel`: what `--model` names (a bundle or one version) and the version of it that wrote a
/// store, else the store's cached model or why it cannot be used; `store info` and `store verify`
/// resolve their `--model` through it.
@Suite struct StoreModels {
    private let notes = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld")

    /// A store written with `version` of Notes (modeldiff's stores have an empty Z_MODELCACHE).
    private func store(_ version: String, in folder: URL) throws -> PersistentStore {
        let path = folder.appendingPathComponent("Notes.sqlite").path
        let model = try ModelFile.load(path: notes.appendingPathComponent(version + ".xcdatamodel").path).model
        _ = try PersistentStore.create(path: path, model: model)
        return try PersistentStore.open(path: path)
    }

    @Test func aBundleGivesTheVersionWithTheStoresHashes() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let opened = try store("Notes 2", in: folder)
        // A trailing slash still names the bundle (`ModelInput.isBundle`).
        let resolved = try StoreModel(of: opened, path: notes.path + "/")
        #expect(resolved.isBundle)
        #expect(resolved.versions.map(\.name) == ["Notes", "Notes 2"])
        #expect(resolved.match.versionName == "Notes 2")
        let model = try resolved.model.get()
        #expect(model.versionHashes().entityVersionHashes == opened.metadata.versionHashes)
    }

    @Test func oneVersionIsNamedAfterItsPath() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let opened = try store("Notes", in: folder)
        for path in ["Notes.xcdatamodel", "Notes.xcdatamodel/", "Notes.xcdatamodel/contents"] {
            let resolved = try StoreModel(of: opened, path: notes.appendingPathComponent(path).path)
            #expect(!resolved.isBundle)
            #expect(resolved.versions.map(\.name) == ["Notes"], "\(path)")
            #expect(resolved.match.versionName == "Notes", "\(path)")
        }
    }

    /// No version has the store's hashes: the store's cached model is asked for, and its failure kept.
    @Test func noMatchingVersionFallsBackToTheModelCache() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let opened = try store("Notes", in: folder)
        let resolved = try StoreModel(of: opened, path: notes.appendingPathComponent("Notes 2.xcdatamodel").path)
        #expect(resolved.match.versionName == nil)
        #expect(resolved.match.closestVersion == "Notes 2")
        guard case .failure(let error) = resolved.model else {
            Issue.record("an empty model cache cannot be used")
            return
        }
        #expect(error == .input(Diagnostic(path: opened.path, message: "the store's model cache (Z_MODELCACHE) is empty")))
    }

    @Test func aPathThatNamesNoModelIsTheLoadersDiagnostic() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let opened = try store("Notes", in: folder)
        let missing = folder.appendingPathComponent("Missing.xcdatamodel").path
        #expect(throws: Diagnostic(path: missing, message: "no such file or directory")) { try StoreModel(of: opened, path: missing) }
    }
}

/// `store verify` with a bundle none of whose versions wrote the store, and no usable model cache:
/// one line naming the bundle and why the cache cannot be used; `store info` says the same reason.
@Test func storeVerifyRefusesAStoreNoVersionWroteWithoutAUsableCache() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("Library.sqlite").path
    _ = try PersistentStore.create(
        path: store, model: try ModelFile.load(path: Paths.testModels.appendingPathComponent("Store/Library.xml").path).model)
    let bundle = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld").path
    let verify = try runModeldiff(["store", "verify", store, "--model", bundle])
    #expect(verify.status == 2)
    #expect(
        verify.stderr
            == """
            \(store): error: the store matches no version of \(bundle), and its cached model could not be used: the store's model cache \
            (Z_MODELCACHE) is empty\n
            """
    )
    #expect(verify.stdout.isEmpty)
    let info = try runModeldiff(["store", "info", store, "--model", bundle])
    #expect(info.status == 0, "\(info.stderr)")
    #expect(info.stdout.contains("model version: none matches; entities that differ: "))
    #expect(info.stdout.hasSuffix("model cache: cannot be used: the store's model cache (Z_MODELCACHE) is empty\n"))
}
