import ArgumentParser
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

struct StoreSeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Create a store of a model version filled with synthetic objects that satisfy the model.",
        discussion: """
            Every concrete entity gets its objects (abstract ones get them through their sub-entities), \
            with values within the model's constraints (required values, defaults, min/max values and \
            lengths, simple regular expressions, uniqueness constraints) and relationships within their \
            counts, both sides of inverses set. Values exercise a migration: nil for optional values, \
            empty strings, the extremes of each integer width, non-ASCII text. The same seed gives the \
            same bytes. The store is validated as Core Data would validate a save before it is kept.

            Examples:
              modeldiff store seed "Notes.xcdatamodeld/Notes 2.xcdatamodel" --objects 100 --output notes.sqlite
              modeldiff store seed Notes.xcdatamodeld --objects 10,Tag=3 --seed 7 --output notes.sqlite
            """
    )

    @Argument(help: "A model version (a bundle means its current version).")
    var model: String

    @Option(help: "Objects per entity: a number for every entity, Entity=N for one, or both (\"100,Tag=5\").")
    var objects: String

    @Option(help: "The random seed: the same seed gives the same store, byte for byte.")
    var seed: UInt64 = 1

    @Option(help: "The store to create; it must not exist.")
    var output: String

    func run() throws {
        try reportingFailures {
            let (defaultCount, counts) = try Self.counts(objects, output: output)
            try OutputPath.check(output, notSameAs: [model], storeOutput: true, source: nil)
            let loaded = try ModelFile.load(path: model)
            do {
                try StoreSeed(defaultCount: defaultCount, counts: counts, seed: seed).write(model: loaded.model, to: output)
            } catch let error as SeedCountError {
                throw error.diagnostic
            }
            let store = try PersistentStore.open(path: output)
            for (entity, count) in try store.rowCounts() { printOut("\(entity)\t\(count)\n") }
        }
    }
}

extension StoreSeedCommand {
    /// `--objects`: comma-separated parts, each a number (every entity, at most once) or `Entity=N`
    /// (each entity at most once), with N from 0 to ``StoreSeed/maximumObjects``; anything else is refused.
    static func counts(_ text: String, output: String) throws(Diagnostic) -> (Int, [String: Int]) {
        var defaultCount: Int?
        var counts: [String: Int] = [:]
        let limit = StoreSeed.maximumObjects
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = pair.count == 2 ? pair[0] : nil
            guard let count = Int(pair.last!), (0...limit).contains(count), name.map({ !$0.isEmpty && !$0.contains(" ") }) ?? true else {
                throw Diagnostic(path: output, message: "--objects takes a number or Entity=N (0 to 10,000,000), not \"\(part)\"")
            }
            if let name {
                guard counts.updateValue(count, forKey: name) == nil else {
                    throw Diagnostic(path: output, message: "--objects names \(name) twice")
                }
            } else {
                guard defaultCount == nil else {
                    throw Diagnostic(path: output, message: "--objects gives the count for every entity twice")
                }
                defaultCount = count
            }
        }
        return (defaultCount ?? 0, counts)
    }
}

extension SeedCountError {
    /// The library's fact said with the flag that gave the counts (`store seed` and `test` both take `--objects`).
    var diagnostic: Diagnostic {
        let step = step.map { "test: \($0): " } ?? ""
        return switch problem {
        case .unknownEntity(let name, let entities):
            Diagnostic(
                path: path,
                message:
                    "\(step)--objects names entity \"\(name)\", which the model does not have (entities: \(entities.joined(separator: ", ")))"
            )
        case .abstractEntity(let name):
            Diagnostic(path: path, message: "\(step)--objects names the abstract entity \"\(name)\", which cannot have objects of its own")
        case .unsatisfiable(let fact, let remedy):
            Diagnostic(path: path, message: "\(step)\(fact); \(remedy.hint)")
        }
    }
}

extension SeedCountError.Remedy {
    /// What to do, with the flag.
    fileprivate var hint: String {
        switch self {
        case .raise: "raise their count in --objects"
        case .lower: "lower their count in --objects"
        case .equalize: "make the counts equal in --objects"
        case .change: "change --objects"
        }
    }
}
