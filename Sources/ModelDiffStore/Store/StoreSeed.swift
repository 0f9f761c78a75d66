import Foundation
@_spi(CLI) import ModelDiffKit

/// Fills a new store of a model version with synthetic objects that satisfy the model: required
/// values, defaults, min/max values and lengths, simple regular expressions, uniqueness constraints,
/// objects of every concrete entity, relationships within their counts and with both sides of their
/// inverses; and values that exercise a migration (nil for optional values, empty strings, the
/// extremes of each integer width, non-ASCII text). The same seed gives the same bytes.
///
/// Given the next version (`toward`), the seed also reaches the bounds that version tightens or adds:
/// nils where it requires a value, duplicates where it adds uniqueness, values at and beyond a new
/// minimum, maximum or length, and to-many relationships holding more than a new maximum count.
public struct StoreSeed: Sendable {
    /// The most objects a seed writes in all: counts (asked for, or raised by required relationships)
    /// above it are refused rather than run for hours.
    public static let maximumObjects = 10_000_000
    /// How many objects of each concrete entity; entities not named get `defaultCount`.
    public let counts: [String: Int]
    /// The count for entities `counts` does not name.
    public let defaultCount: Int
    /// The random seed.
    public let seed: UInt64
    /// The next version, whose new bounds the seed reaches; nil for a seed of the model alone.
    public let next: Model?
    /// By `Entity.attribute`, the range a number attribute's seeded values stay in: the values the
    /// team's data takes, so a bound the next version sets outside them is not reached.
    public let ranges: [String: ClosedRange<Double>]

    /// Creates a seed plan.
    public init(
        defaultCount: Int, counts: [String: Int] = [:], seed: UInt64 = 1, toward next: Model? = nil,
        ranges: [String: ClosedRange<Double>] = [:]
    ) {
        self.defaultCount = defaultCount
        self.counts = counts
        self.seed = seed
        self.next = next
        self.ranges = ranges
    }

    /// Creates the store at `path` (which must not exist) and fills it; nothing is left behind on failure.
    ///
    /// Throws ``SeedCountError`` when the counts cannot give a store that satisfies the model, and
    /// ``StoreFailure`` when the store cannot be created or written.
    ///
    /// The store is written beside `path` (`OutputPath.partialPath`) and linked into place only when
    /// whole, as `migrate` writes its output: a failure leaves no file at `path`, and a file that
    /// appeared at `path` meanwhile is not replaced.
    public func write(model: Model, to path: String) throws {
        if FileManager.default.fileExists(atPath: path) {
            throw StoreFailure.input(Diagnostic(path: path, message: "the file already exists"))
        }
        let partial = OutputPath.partialPath(for: path)
        StoreFiles.remove(partial)
        do {
            try write(model: model, file: partial, naming: path)
        } catch let error as StoreFailure {
            StoreFiles.remove(partial)
            throw error.path.hasPrefix(partial) ? error.naming(path) : error
        } catch let error as Diagnostic {
            StoreFiles.remove(partial)
            throw error.path.hasPrefix(partial) ? Diagnostic(error.severity, path: path, message: error.message) : error
        } catch {
            StoreFiles.remove(partial)
            throw error
        }
        // `link` fails when `path` exists, where `rename` would replace it: the store must not exist.
        guard link(partial, path) == 0 else {
            let reason =
                errno == EEXIST ? "the file already exists" : "cannot move the seeded store into place: \(String(cString: strerror(errno)))"
            StoreFiles.remove(partial)
            throw StoreFailure.input(Diagnostic(path: path, message: reason))
        }
        unlink(partial)
    }

    /// Creates the store in `file` and fills it; messages name `path`, the user's name for it.
    private func write(model: Model, file: String, naming path: String) throws {
        for name in counts.keys.sorted() where model.entity(named: name) == nil {
            throw SeedCountError(path: path, problem: .unknownEntity(name, entities: model.entities.map(\.name).sorted()))
        }
        for name in counts.keys.sorted() where model.entity(named: name)?.isAbstract == true {
            throw SeedCountError(path: path, problem: .abstractEntity(name))
        }
        let planned = try plannedCounts(model, path: path)
        // The store UUID comes from the seed too: the same seed gives the same bytes.
        var random = SeededRandom(seed: seed)
        let uuid = random.uuid().uuidString
        let store = try PersistentStore.create(path: file, model: model, uuid: uuid)
        do {
            try store.database.execute("BEGIN")
            let writer = try StoreWriter(store: store, layout: StoreLayout(model: model))
            var objects: [String: [ObjectID]] = [:]
            // Unique values are numbered across the whole table, which holds every entity of a hierarchy.
            var serial = 0
            let target = next.map(SeedTarget.init(model:))
            for entity in model.entities.sorted(by: { $0.name < $1.name }) where !entity.isAbstract {
                var values = SeedValues(model: model, entity: entity, random: random, target: target, ranges: ranges)
                let names = try writer.insertableAttributes(of: entity.name)
                for index in 0..<(planned[entity.name] ?? 0) {
                    var row: [String: StoreValue] = [:]
                    for name in names { row[name] = try values.value(for: name, object: index, serial: serial, path: path) }
                    objects[entity.name, default: []].append(try writer.insert(entity: entity.name, attributes: row))
                    serial += 1
                }
                random = values.random
            }
            var links = SeedLinks(model: model, writer: writer, objects: objects, path: path, target: target)
            try links.linkAll()
            try writer.finish()
            try store.database.execute("COMMIT")
            try store.synchronize()
        } catch {
            try? store.database.execute("ROLLBACK")
            StoreFiles.remove(file)
            if error is StoreFailure || error is SeedCountError { throw error }
            if let diagnostic = error as? Diagnostic { throw StoreFailure.input(diagnostic) }
            throw StoreFailure.input(Diagnostic(path: path, message: "cannot seed the store: \(error)"))
        }
    }
}

extension StoreSeed {
    /// Objects per concrete entity: the counts asked for, raised where a required to-many needs more
    /// destination objects than that (a book that needs pages gets them), for entities not named in `counts`.
    /// A plan of more than ``maximumObjects`` in all is refused.
    func plannedCounts(_ model: Model, path: String) throws -> [String: Int] {
        var planned: [String: Int] = [:]
        for entity in model.entities where !entity.isAbstract { planned[entity.name] = counts[entity.name] ?? defaultCount }
        func total(_ name: String) -> Int {
            guard let entity = model.entity(named: name) else { return 0 }
            return ([entity] + model.subentities(of: entity)).reduce(0) { $0 + (planned[$1.name] ?? 0) }
        }
        // A few rounds reach the fixed point of any realistic chain of requirements.
        for _ in 0..<8 {
            var changed = false
            for entity in model.entities {
                for relationship in entity.relationships where relationship.isToMany && !relationship.isTransient {
                    guard let inverse = StoreLayout.inverse(of: relationship, in: entity, model: model), !inverse.isToMany,
                        let destination = relationship.destinationEntity.flatMap(model.entity(named:))
                    else { continue }
                    let lower = relationship.isOptional ? relationship.minCount : max(relationship.minCount, 1)
                    let product = lower.multipliedReportingOverflow(by: total(entity.name))
                    let needed = product.overflow ? Int.max : product.partialValue - total(destination.name)
                    guard needed > 0,
                        let target = ([destination] + model.subentities(of: destination)).first(where: {
                            !$0.isAbstract && counts[$0.name] == nil
                        })
                    else { continue }
                    guard needed <= Self.maximumObjects - planned.values.reduce(0, +) else {
                        throw StoreFailure.input(
                            Diagnostic(
                                path: path,
                                message:
                                    "cannot seed \(entity.name).\(relationship.name): its minimum count \(lower) needs more than the "
                                    + "\(Self.maximumObjects) objects a seed writes at most"
                            ))
                    }
                    planned[target.name, default: 0] += needed
                    changed = true
                }
            }
            if !changed { break }
        }
        let sum = planned.values.reduce(0) { $0.addingReportingOverflow($1).overflow ? Int.max : $0 + $1 }
        guard sum <= Self.maximumObjects else {
            throw SeedCountError(
                path: path,
                problem: .unsatisfiable("cannot seed \(sum) objects: a seed writes at most \(Self.maximumObjects) in all", remedy: .lower))
        }
        return planned
    }
}

/// SplitMix64: small, fast, and the same sequence on every platform for a seed.
struct SeededRandom: Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`, inclusive.
    mutating func next(in range: ClosedRange<Int64>) -> Int64 {
        let width = UInt64(bitPattern: range.upperBound &- range.lowerBound)
        if width == UInt64.max { return Int64(bitPattern: next()) }
        return range.lowerBound &+ Int64(bitPattern: next() % (width + 1))
    }

    mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) } }

    mutating func uuid() -> UUID {
        let b = bytes(16)
        // Version 4 and variant bits, so the value is a well-formed random UUID.
        return UUID(
            uuid: (
                b[0], b[1], b[2], b[3], b[4], b[5], (b[6] & 0x0F) | 0x40, b[7], (b[8] & 0x3F) | 0x80, b[9], b[10], b[11], b[12], b[13],
                b[14], b[15]
            ))
    }
}
