import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// A real Apple store and a `migrate` command line to run on a copy of it.
struct CrashScenario: Sendable, CustomStringConvertible {
    let name: String
    let fixture: StoreFixture
    /// The arguments between the store and `--output`.
    let arguments: [String]
    /// The model `store verify` checks the output against.
    let outputModel: String
    let fastPath: Bool
    var description: String { "\(name)\(fastPath ? "" : " --no-fast-path")" }

    /// A WAL store (with -wal and -shm) through five bundle steps, and a rollback-journal store with
    /// several related entities in one step; each on the SQL fast path and on the three-stage path.
    static let all: [CrashScenario] = {
        let bookmarks = StoreFixture.all.first { $0.store.lastPathComponent == "Bookmarks_V1.sqlite" }!
        let bundle = bookmarks.model.deletingLastPathComponent().path
        let sample = AppleStorePair.all.first { $0.from.store.lastPathComponent == "SampleModel_V1.sqlite" }!
        let base = [
            CrashScenario(
                name: "Bookmarks_V1 (WAL) → 5 bundle steps", fixture: bookmarks, arguments: ["--to", bundle, "--path", "consecutive"],
                outputModel: bundle, fastPath: true),
            CrashScenario(
                name: "SampleModel_V1 → V2", fixture: sample.from,
                arguments: ["--from", sample.from.model.path, "--to", sample.to.model.path],
                outputModel: sample.to.model.path, fastPath: true),
        ]
        return base.flatMap {
            [$0, CrashScenario(name: $0.name, fixture: $0.fixture, arguments: $0.arguments, outputModel: $0.outputModel, fastPath: false)]
        }
    }()

    /// The kill points a run must pass (a fast-path run may also take the three-stage path for
    /// steps whose mapping needs it, as Bookmarks' later steps do).
    var expectedPoints: Set<KillPoint> {
        var points: Set<KillPoint> = [.beforeCommit, .afterCommit, .beforeRename, .afterRename]
        points.formUnion(
            fastPath ? [.fastPathStatement, .fastPathValidate] : [.createInstances, .createRelationships, .validate, .insert])
        if arguments.first == "--to" { points.insert(.betweenSteps) }
        return points
    }

    /// Kill points this run must not pass.
    var excludedPoints: Set<KillPoint> { fastPath ? [] : [.fastPathStatement, .fastPathValidate] }
}

/// A copy of the scenario's store in `folder/store`, with `folder/tmp` as the run's TMPDIR.
private struct CrashSandbox {
    let folder: URL
    let scenario: CrashScenario
    var storeFolder: URL { folder.appendingPathComponent("store") }
    var temporary: URL { folder.appendingPathComponent("tmp") }
    var storeName: String { scenario.fixture.store.lastPathComponent }
    var source: String { storeFolder.appendingPathComponent(storeName).path }
    var sourceFiles: [String] { folderContents(storeFolder).filter { $0.hasPrefix(storeName) } }

    /// A tmpfs when there is one: what a SIGKILL leaves depends on the order of system calls, not on
    /// fsync reaching the disk, and a disk's fsync would make these hundreds of runs slow.
    static let root: URL = {
        let shm = URL(fileURLWithPath: "/dev/shm")
        return access(shm.path, W_OK) == 0 ? shm : FileManager.default.temporaryDirectory
    }()

    init(_ scenario: CrashScenario) throws {
        self.scenario = scenario
        folder = Self.root.appendingPathComponent("modeldiff-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (copyFolder, _) = try scenario.fixture.copy()
        try FileManager.default.moveItem(at: copyFolder, to: folder.appendingPathComponent("store"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("tmp"), withIntermediateDirectories: true)
    }

    func migrate(environment: [String: String] = [:], overwrite: Bool = false, killAfter: Double? = nil) throws -> ProcessOutcome {
        var arguments = [modeldiffBinary.path, "migrate", storeName] + scenario.arguments + ["--output", "out.sqlite"]
        if !scenario.fastPath { arguments.append("--no-fast-path") }
        if overwrite { arguments.append("--overwrite") }
        return try runProcess(
            arguments, in: storeFolder, environment: environment.merging(["TMPDIR": temporary.path]) { a, _ in a }, killAfter: killAfter)
    }

    /// `store verify` of the output: its report, or nil with the problems.
    func verifyOutput() throws -> (report: String?, problems: String) {
        let result = try runProcess(
            [modeldiffBinary.path, "store", "verify", "out.sqlite", "--model", scenario.outputModel], in: storeFolder)
        return result.status == 0 ? (result.stdout, "") : (nil, result.stdout + result.stderr)
    }
}

/// What a killed (or finished) run must leave, and that the next run cleans up and succeeds.
/// Returns the problems found, one line each.
private func checkAftermath(
    _ sandbox: CrashSandbox, _ outcome: ProcessOutcome, sourceBefore: [String: Data?], reference: String, label: String
) throws -> [String] {
    var problems: [String] = []
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) { if !condition { problems.append("\(label): \(message())") } }
    expect(storeFileBytes(sandbox.source) == sourceBefore, "the source store (db, -wal, -shm) changed")
    let out = sandbox.storeFolder.appendingPathComponent("out.sqlite").path
    let outExists = FileManager.default.fileExists(atPath: out)
    if outExists {
        let verified = try sandbox.verifyOutput()
        expect(verified.report == reference, "out.sqlite exists but is not the complete store: \(verified.report ?? verified.problems)")
    }
    // Only the killed process's partial file (and its journal, step files) may remain, and its read copy.
    let partialPrefix = ".out.sqlite.modeldiff-partial-\(outcome.pid)"
    let strays = folderContents(sandbox.storeFolder).filter {
        !sandbox.sourceFiles.contains($0) && $0 != "out.sqlite" && !$0.hasPrefix(partialPrefix)
    }
    expect(strays.isEmpty, "unexpected files beside the store: \(strays)")
    let tmpStrays = folderContents(sandbox.temporary).filter { !$0.hasPrefix("modeldiff-read-\(outcome.pid)-") }
    expect(tmpStrays.isEmpty, "unexpected files in TMPDIR: \(tmpStrays)")

    // The next run removes the dead process's leftovers and succeeds.
    let again = try sandbox.migrate(overwrite: outExists)
    expect(again.status == 0 && !again.signaled, "the next run failed: \(again.stderr)")
    expect(
        folderContents(sandbox.storeFolder) == (sandbox.sourceFiles + ["out.sqlite"]).sorted(),
        "after the next run: \(folderContents(sandbox.storeFolder))")
    expect(folderContents(sandbox.temporary).isEmpty, "TMPDIR after the next run: \(folderContents(sandbox.temporary))")
    expect(storeFileBytes(sandbox.source) == sourceBefore, "the source store changed during the next run")
    return problems
}

/// A clean run with the trace on: the kill points passed (with how often), and `store verify`'s report.
private func referenceRun(_ scenario: CrashScenario) throws -> (points: [KillPoint: Int], report: String, seconds: Double) {
    let sandbox = try CrashSandbox(scenario)
    defer { try? FileManager.default.removeItem(at: sandbox.folder) }
    let traced = try sandbox.migrate(environment: ["MODELDIFF_TEST_KILL_AT": "trace"])
    #expect(traced.status == 0, "\(traced.stderr)")
    var points: [KillPoint: Int] = [:]
    for line in traced.stderr.split(separator: "\n") where line.hasPrefix("kill point: ") {
        if let point = KillPoint(rawValue: String(line.dropFirst("kill point: ".count))) { points[point, default: 0] += 1 }
    }
    let report = try #require(try sandbox.verifyOutput().report)
    // Every object is carried over: the output has as many objects per entity as the source.
    let source = try PersistentStore.open(path: sandbox.source)
    let output = try PersistentStore.open(path: sandbox.storeFolder.appendingPathComponent("out.sqlite").path)
    let outputCounts = Dictionary(try output.rowCounts().map { ($0.entity, $0.count) }, uniquingKeysWith: { a, _ in a })
    for (entity, count) in try source.rowCounts() where outputCounts[entity] != nil {
        #expect(outputCounts[entity] == count, "\(entity)")
    }
    return (points, report, traced.seconds)
}

/// Runs `body` for each item, six at a time, and gathers the problems. The child processes mostly
/// wait for fsync, so more runs than cores keep the test short.
private func concurrently<T: Sendable>(_ items: [T], _ body: @escaping @Sendable (T) throws -> [String]) -> [String] {
    let lock = NSLock()
    nonisolated(unsafe) var problems: [String] = []
    let slots = DispatchSemaphore(value: 6)
    let group = DispatchGroup()
    for item in items {
        slots.wait()
        DispatchQueue.global().async(group: group) {
            defer { slots.signal() }
            let found: [String]
            do { found = try body(item) } catch { found = ["\(item): \(error)"] }
            lock.lock()
            problems += found
            lock.unlock()
        }
    }
    group.wait()
    return problems
}

@Test(.tags(.slow), .notInFastTier, arguments: CrashScenario.all)
func aMigrationKilledAtAnyPointLeavesTheSourceIntactAndNoHalfStore(_ scenario: CrashScenario) throws {
    let reference = try referenceRun(scenario)
    #expect(scenario.expectedPoints.isSubset(of: reference.points.keys), "\(reference.points)")
    #expect(scenario.excludedPoints.isDisjoint(with: reference.points.keys), "\(reference.points)")
    // The first and the last time each point is reached, and a middle one for points reached often.
    let cases = reference.points.sorted { $0.key.rawValue < $1.key.rawValue }.flatMap { point, count in
        Set(count >= 5 ? [1, (count + 1) / 2, count] : [1, count]).sorted().map { (point, $0) }
    }
    let problems = concurrently(cases) { point, occurrence in
        let sandbox = try CrashSandbox(scenario)
        defer { try? FileManager.default.removeItem(at: sandbox.folder) }
        let before = storeFileBytes(sandbox.source)
        let label = "\(scenario) killed at \(point.rawValue):\(occurrence)"
        let killed = try sandbox.migrate(environment: ["MODELDIFF_TEST_KILL_AT": "\(point.rawValue):\(occurrence)"])
        guard killed.signaled && killed.status == SIGKILL else {
            return ["\(label): not killed (status \(killed.status)): \(killed.stderr)"]
        }
        return try checkAftermath(sandbox, killed, sourceBefore: before, reference: reference.report, label: label)
    }
    for problem in problems { Issue.record(Comment(rawValue: problem)) }
    #expect(cases.count >= 8)
}

/// Ctrl-C (SIGINT) and SIGTERM at each stage: the handler removes the partial files and the run
/// exits 130, with the source intact and no half-written output.
@Test(.tags(.slow), .notInFastTier, arguments: CrashScenario.all)
func aMigrationInterruptedByCtrlCOrSIGTERMExits130AndLeavesNothing(_ scenario: CrashScenario) throws {
    let reference = try referenceRun(scenario)
    let stages: [KillPoint] =
        scenario.fastPath
        ? [.fastPathStatement, .fastPathValidate, .beforeCommit, .betweenSteps, .beforeRename]
        : [.createInstances, .insert, .createRelationships, .validate, .betweenSteps, .beforeRename]
    let cases = stages.filter { reference.points[$0] != nil }.flatMap { [($0, "INT"), ($0, "TERM")] }
    let problems = concurrently(cases) { point, signal in
        let sandbox = try CrashSandbox(scenario)
        defer { try? FileManager.default.removeItem(at: sandbox.folder) }
        let before = storeFileBytes(sandbox.source)
        let label = "\(scenario) SIG\(signal) at \(point.rawValue)"
        let stopped = try sandbox.migrate(environment: ["MODELDIFF_TEST_KILL_AT": "\(point.rawValue):1:\(signal)"])
        guard !stopped.signaled && stopped.status == 130 else {
            return ["\(label): status \(stopped.status) (signaled: \(stopped.signaled)): \(stopped.stderr)"]
        }
        var problems: [String] = []
        if FileManager.default.fileExists(atPath: sandbox.storeFolder.appendingPathComponent("out.sqlite").path) {
            problems.append("\(label): an output was left")
        }
        let partials = folderContents(sandbox.storeFolder).filter { $0.contains("modeldiff-partial") }
        if !partials.isEmpty { problems.append("\(label): partial files were left: \(partials)") }
        // The private read copies of a WAL source go too, not only at the next run.
        if !folderContents(sandbox.temporary).isEmpty {
            problems.append("\(label): TMPDIR was left with \(folderContents(sandbox.temporary))")
        }
        return problems + (try checkAftermath(sandbox, stopped, sourceBefore: before, reference: reference.report, label: label))
    }
    for problem in problems { Issue.record(Comment(rawValue: problem)) }
    #expect(cases.count >= 8)
}

/// SIGKILL from outside at random moments, as a user or the OOM killer would. The seed is printed
/// and can be replayed with MODELDIFF_CRASH_SEED.
@Test(.tags(.slow), .notInFastTier) func aMigrationKilledAtRandomMomentsLeavesTheSourceIntactAndNoHalfStore() throws {
    let seed = ProcessInfo.processInfo.environment["MODELDIFF_CRASH_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64(UInt32.max))
    print("random kills: MODELDIFF_CRASH_SEED=\(seed)")
    var generator = SplitMix64(seed: seed)
    let scenarios = CrashScenario.all.filter { !$0.fastPath }
    let references = try scenarios.map { try referenceRun($0) }
    var cases: [(scenario: Int, delay: Double)] = []
    for (index, reference) in references.enumerated() {
        for _ in 0..<4 { cases.append((index, Double.random(in: 0...(reference.seconds * 1.2), using: &generator))) }
    }
    let problems = concurrently(cases) { index, delay in
        let scenario = scenarios[index]
        let sandbox = try CrashSandbox(scenario)
        defer { try? FileManager.default.removeItem(at: sandbox.folder) }
        let before = storeFileBytes(sandbox.source)
        let outcome = try sandbox.migrate(killAfter: delay)
        let label = "\(scenario) kill -9 after \(String(format: "%.3f", delay)) s (seed \(seed))"
        guard (outcome.signaled && outcome.status == SIGKILL) || outcome.status == 0 else {
            return ["\(label): status \(outcome.status): \(outcome.stderr)"]
        }
        return try checkAftermath(sandbox, outcome, sourceBefore: before, reference: references[index].report, label: label)
    }
    for problem in problems { Issue.record(Comment(rawValue: problem)) }
}

/// A small seeded generator, so a failing random run can be replayed.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
