@_spi(CLI) import ModelDiffKit

/// The object counts a seed was asked for cannot give a store that satisfies the model: a fact,
/// without the flag a command line would name (the CLI says "raise their count in --objects").
public struct SeedCountError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the counts.
    public enum Problem: Sendable, Hashable {
        /// The counts name an entity the model does not have; `entities` are the model's, sorted.
        case unknownEntity(String, entities: [String])
        /// The counts name an abstract entity, which has objects only through its sub-entities.
        case abstractEntity(String)
        /// The objects the counts give cannot satisfy the model; the fact, and what would help.
        case unsatisfiable(String, remedy: Remedy)
    }

    /// What to do with the counts.
    public enum Remedy: Sendable, Hashable {
        /// Raise the count of the destination's objects.
        case raise
        /// Lower the count of the destination's objects.
        case lower
        /// Make the counts of both sides equal.
        case equalize
        /// Change the counts (the model's validation failed on what they gave).
        case change
    }

    /// The store being seeded, as the caller named it.
    public let path: String
    /// What is wrong.
    public let problem: Problem
    /// The migration step whose store was being seeded (`seeding version "V1" for V1 → V2`), when `modeldiff
    /// test` seeded it in its temporary folder: `path` then names the version's file (or the bundle), never that store.
    public var step: String?

    /// Creates the error.
    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// `seeded.sqlite: the counts name entity "Nope", which the model does not have (entities: …)`.
    public var description: String {
        switch problem {
        case .unknownEntity(let name, let entities):
            "\(path): the counts name entity \"\(name)\", which the model does not have (entities: \(entities.joined(separator: ", ")))"
        case .abstractEntity(let name): "\(path): the counts name the abstract entity \"\(name)\", which cannot have objects of its own"
        case .unsatisfiable(let fact, _): "\(path): \(fact)"
        }
    }
}
