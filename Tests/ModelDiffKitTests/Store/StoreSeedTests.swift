import Foundation
import ModelDiffKit
import ModelDiffStore
import Testing

/// `modeldiff store seed`: synthetic stores that satisfy their model, the same bytes for the same seed.
@Suite struct StoreSeedTests {
    private let constraints = Paths.testModels.appendingPathComponent("Seed/Constraints.xml")

    private func seed(_ model: URL, objects: String, seed: UInt64 = 1, in folder: URL, name: String = "seeded.sqlite") throws -> CLIResult {
        try runModeldiff(["store", "seed", model.path, "--objects", objects, "--seed", String(seed), "--output", name], in: folder)
    }

    /// Every attribute value of every object of `entity`, by attribute name.
    private func values(_ store: PersistentStore, _ model: Model, _ entity: String) throws -> [[String: StoreValue]] {
        var rows: [[String: StoreValue]] = []
        try store.forEachObject(of: entity, layout: StoreLayout(model: model), includingSubentities: true) { rows.append($0.attributes) }
        return rows
    }

    @Test func valuesSatisfyTheModelAndExerciseAMigration() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try seed(constraints, objects: "16", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Account\t16\nGroup\t16\nPost\t0\nArticle\t16\nPhoto\t16\nProfile\t16\n")
        let verify = try runModeldiff(["store", "verify", "seeded.sqlite", "--model", constraints.path], in: folder)
        #expect(verify.status == 0, "\(verify.stderr)")
        let model = try ModelFile.load(path: constraints.path).model
        let store = try PersistentStore.open(path: folder.appendingPathComponent("seeded.sqlite").path)
        let accounts = try values(store, model, "Account")
        let regex = try NSRegularExpression(pattern: "^[A-Z]{3}-\\d{4}$")
        for account in accounts {
            guard case .string(let code)? = account["code"], case .string(let handle)? = account["handle"] else {
                Issue.record("code and handle are required: \(account)")
                continue
            }
            #expect(regex.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil)
            #expect((3...12).contains(handle.utf16.count), "\(handle)")
            if case .integer(let level)? = account["level"] { #expect((1...99).contains(level)) }
            if case .double(let ratio)? = account["ratio"] { #expect((0...1).contains(ratio)) }
            if case .date(let joined)? = account["joined"] { #expect((0...800_000_000).contains(joined)) }
        }
        // The extremes of each integer width, nil for optional values, and text that is not ASCII.
        let scores = Set(accounts.compactMap { if case .integer(let n)? = $0["score"] { n } else { nil } })
        #expect(scores.isSuperset(of: [Int64(Int16.min), Int64(Int16.max), 0]))
        let bigs = Set(accounts.compactMap { if case .integer(let n)? = $0["big"] { n } else { nil } })
        #expect(bigs.isSuperset(of: [Int64.min, Int64.max]))
        #expect(accounts.contains { $0["nickname"] == .null })
        #expect(accounts.contains { $0["nickname"] == .string("") })
        #expect(accounts.contains { if case .string(let s)? = $0["nickname"] { s.unicodeScalars.contains { !$0.isASCII } } else { false } })
        #expect(Set(accounts.compactMap { $0["handle"] }).count == accounts.count)
        // A uniqueness constraint of an abstract parent holds across its sub-entities' objects (one table).
        let posts = try values(store, model, "Post")
        #expect(posts.count == 32)
        #expect(Set(posts.compactMap { $0["slug"] }).count == 32)
        // Relationships within their counts: each account's ordered posts (min 2), one profile each.
        let layout = StoreLayout(model: model)
        try store.forEachObject(of: "Account", layout: layout, includingSubentities: false) { account in
            let held = try store.relatedObjects(of: account.id, entity: "Account", relationship: "posts", layout: layout)
            #expect(held.count >= 2)
            #expect(try store.relatedObjects(of: account.id, entity: "Account", relationship: "profile", layout: layout).count == 1)
        }
    }

    @Test func theSameSeedGivesTheSameBytesAndAnotherSeedOtherValues() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try seed(constraints, objects: "12", seed: 7, in: folder, name: "a.sqlite").status == 0)
        #expect(try seed(constraints, objects: "12", seed: 7, in: folder, name: "b.sqlite").status == 0)
        #expect(try seed(constraints, objects: "12", seed: 8, in: folder, name: "c.sqlite").status == 0)
        let a = try Data(contentsOf: folder.appendingPathComponent("a.sqlite"))
        #expect(a == (try Data(contentsOf: folder.appendingPathComponent("b.sqlite"))))
        #expect(a != (try Data(contentsOf: folder.appendingPathComponent("c.sqlite"))))
    }

    @Test func perEntityCountsAndRequiredDestinationsAreRaised() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 4 accounts need 2 posts each: the 1 article asked for stays, photos are raised to cover the rest.
        let result = try seed(constraints, objects: "Account=4,Profile=4,Article=1,Group=2", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Account\t4\nGroup\t2\nPost\t0\nArticle\t1\nPhoto\t7\nProfile\t4\n")
    }

    /// Every model version in ../shared and TestModels: seeded, then verified as `store verify` does.
    @Test func everyModelInTheCorpusSeedsAndVerifies() throws {
        let files = readableCorpusModelFiles()
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, file) in files.enumerated() {
            let model = try ModelFile.load(path: file.path).model
            let path = folder.appendingPathComponent("\(index).sqlite").path
            do {
                try StoreSeed(defaultCount: 3, seed: UInt64(index)).write(model: model, to: path)
                let verification = try StoreVerification(store: try PersistentStore.open(path: path), model: model)
                #expect(verification.problems.isEmpty, "\(file.path): \(verification.problems)")
            } catch {
                Issue.record("\(file.path): \(error)")
            }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    @Test func badInputIsOneLineExitTwoAndNothingLeft() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unknown = try seed(constraints, objects: "5,Nope=3", in: folder)
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr
                == "seeded.sqlite: error: --objects names entity \"Nope\", which the model does not have (entities: Account, Article, Group, Photo, Post, Profile)\n"
        )
        let abstract = try seed(constraints, objects: "Post=3", in: folder)
        #expect(abstract.status == 2)
        #expect(abstract.stderr.contains("abstract entity \"Post\""))
        let syntax = try seed(constraints, objects: "lots", in: folder)
        #expect(syntax.status == 2)
        #expect(syntax.stderr == "seeded.sqlite: error: --objects takes a number or Entity=N (0 to 10,000,000), not \"lots\"\n")
        let missingFolder = try runModeldiff(
            ["store", "seed", constraints.path, "--objects", "2", "--output", "no/such/folder/x.sqlite"], in: folder)
        #expect(missingFolder.status == 2)
        #expect(missingFolder.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // An existing output is never replaced.
        try Data("keep".utf8).write(to: folder.appendingPathComponent("seeded.sqlite"))
        let existing = try seed(constraints, objects: "2", in: folder)
        #expect(existing.status == 2)
        #expect(try String(contentsOf: folder.appendingPathComponent("seeded.sqlite"), encoding: .utf8) == "keep")
    }
}
