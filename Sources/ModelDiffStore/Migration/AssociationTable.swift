@_spi(CLI) import ModelDiffKit

/// NSMigrationManager's association table for one entity mapping: which destination objects were
/// made from which source objects, in the order they were associated.
///
/// Pairs are kept as runs in which both primary keys advance by one. A mapping that reads its
/// source in primary-key order and inserts as it goes (every default-policy mapping) produces one
/// run per gap in the source keys, so a million objects take a few bytes instead of two object
/// IDs and two dictionary entries each. Lookups binary-search the runs while both sides only grow;
/// a policy that associates in another order gets dictionaries, built on first lookup.
final class AssociationTable {
    /// Pairs `(source + i, destination + i)` for i in 0..<count, of one source and one destination entity.
    struct Run {
        let sourceEntity: Int
        let destinationEntity: Int
        let source: Int64
        let destination: Int64
        var count: Int64
    }

    private(set) var runs: [Run] = []
    /// How many pairs the table holds.
    private(set) var count = 0
    /// Whether every pair's source key is larger than the one before (runs are sorted by source).
    private(set) var sourcesAscend = true
    /// Whether every pair's destination key is larger than the one before.
    private(set) var destinationsAscend = true
    /// Whether every pair has the same source entity and the same destination entity.
    private(set) var isUniform = true
    private var forwardIndex: [ObjectID: [ObjectID]]?
    private var backwardIndex: [ObjectID: [ObjectID]]?

    func append(source: ObjectID, destination: ObjectID) {
        count += 1
        forwardIndex = nil
        backwardIndex = nil
        if let last = runs.last {
            if last.sourceEntity != source.entity || last.destinationEntity != destination.entity { isUniform = false }
            if source.primaryKey <= last.source + last.count - 1 { sourcesAscend = false }
            if destination.primaryKey <= last.destination + last.count - 1 { destinationsAscend = false }
            if last.sourceEntity == source.entity, last.destinationEntity == destination.entity,
                source.primaryKey == last.source + last.count, destination.primaryKey == last.destination + last.count
            {
                runs[runs.count - 1].count += 1
                return
            }
        }
        runs.append(
            Run(
                sourceEntity: source.entity, destinationEntity: destination.entity, source: source.primaryKey,
                destination: destination.primaryKey, count: 1))
    }

    /// The first destination made from the source `(entity, key)`; without allocating while sources ascend.
    func firstDestination(ofSource entity: Int, key: Int64) -> ObjectID? {
        if sourcesAscend {
            guard let index = runIndex(containing: key, bySource: true), runs[index].sourceEntity == entity else { return nil }
            let run = runs[index]
            return ObjectID(entity: run.destinationEntity, primaryKey: run.destination + (key - run.source))
        }
        return destinations(of: ObjectID(entity: entity, primaryKey: key)).first
    }

    /// The destinations made from `source`, in association order.
    func destinations(of source: ObjectID) -> [ObjectID] {
        if sourcesAscend { return firstDestination(ofSource: source.entity, key: source.primaryKey).map { [$0] } ?? [] }
        if forwardIndex == nil { forwardIndex = index { ($0, $1) } }
        return forwardIndex?[source] ?? []
    }

    /// The sources `destination` was made from, in association order.
    func sources(of destination: ObjectID) -> [ObjectID] {
        if destinationsAscend {
            guard let index = runIndex(containing: destination.primaryKey, bySource: false),
                runs[index].destinationEntity == destination.entity
            else { return [] }
            let run = runs[index]
            return [ObjectID(entity: run.sourceEntity, primaryKey: run.source + (destination.primaryKey - run.destination))]
        }
        if backwardIndex == nil { backwardIndex = index { ($1, $0) } }
        return backwardIndex?[destination] ?? []
    }

    /// Every pair, in association order.
    func forEachPair(_ body: (ObjectID, ObjectID) throws -> Void) rethrows {
        for run in runs {
            for offset in 0..<run.count {
                try body(
                    ObjectID(entity: run.sourceEntity, primaryKey: run.source + offset),
                    ObjectID(entity: run.destinationEntity, primaryKey: run.destination + offset))
            }
        }
    }

    /// The run holding `key` among its source (or destination) keys; the runs must ascend on that side.
    private func runIndex(containing key: Int64, bySource: Bool) -> Int? {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            let start = bySource ? runs[middle].source : runs[middle].destination
            if start + runs[middle].count <= key { low = middle + 1 } else { high = middle }
        }
        guard low < runs.count, (bySource ? runs[low].source : runs[low].destination) <= key else { return nil }
        return low
    }

    private func index(_ key: (ObjectID, ObjectID) -> (ObjectID, ObjectID)) -> [ObjectID: [ObjectID]] {
        var index: [ObjectID: [ObjectID]] = [:]
        forEachPair { source, destination in
            let (from, to) = key(source, destination)
            index[from, default: []].append(to)
        }
        return index
    }
}
