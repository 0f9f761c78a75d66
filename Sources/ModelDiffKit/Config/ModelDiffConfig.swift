import Foundation

/// A project's `.modeldiff.yml`: defaults for `check` and the findings the team has acknowledged.
///
/// ```yaml
/// check:
///   path: consecutive          # consecutive, direct or all
///   mappings: [Migrations]     # folders searched for mapping models, relative to this file
///   since: Model 100
///   strict: true
///   cloudkit: true             # CloudKit's model rules (check --cloudkit)
/// test:
///   objects: 20                # objects seeded per entity; or a mapping, `Gear: 50`
///   values:                    # the values an attribute takes in the team's data
///     Gear.value: 0...10000
/// order: [MyApp, MyApp 2, Launch]    # every version, oldest first (see `VersionOrder`)
/// acknowledged:
///   - code: relationship-retargeted
///     pair: Model 31 → Model 32       # optional; also "Model 31 -> Model 32"
///     entity: ProductVariation        # optional
///     property: attributes            # optional
///     reason: shipped in 8.2 with a migration in code
/// ```
///
/// Unknown keys, wrong types and unknown finding codes are errors with the line and column: a typo
/// in a gate's configuration must not pass silently.
public struct ModelDiffConfig: Sendable {
    /// The file name searched for in the current folder and its parents.
    public static let fileName = ".modeldiff.yml"
    /// A configuration file is a few lines; a larger one is a mistake (or an attack on the parser).
    static let maximumSize = 1 << 20

    /// The file read.
    public let path: String
    /// `check.path`.
    public let checkPath: MigrationPath?
    /// `check.mappings`, resolved against the file's folder.
    public let mappingFolders: [String]?
    /// `check.since`.
    public let since: String?
    /// `check.strict`.
    public let strict: Bool?
    /// `check.cloudkit`.
    public let cloudKit: Bool?
    /// `acknowledged`, in file order.
    public let acknowledgements: [Acknowledgement]
    /// `test.objects` given as one number: objects seeded per entity.
    public let testObjects: Int?
    /// `test.objects` given as a mapping: objects seeded for each entity it names.
    public let testCounts: [String: Int]
    /// `test.values`: by `Entity.attribute`, the closed range of numbers its seeded values stay in.
    public let testValues: [String: ClosedRange<Double>]
    /// Where each `test.values` key is (its line and column), for the messages about it.
    package let testValuePositions: [String: (line: Int, column: Int)]
    /// `order`: the bundle's versions, oldest first, each with its line and column (checked against
    /// the bundle by `VersionOrder`), and where the key is.
    @_spi(CLI) public let order: (names: [(name: String, line: Int, column: Int)], line: Int, column: Int)?

    /// The nearest `.modeldiff.yml` in `directory` or one of its parents, if any, as a path relative to
    /// `directory` (`.modeldiff.yml`, `../../.modeldiff.yml`) so messages name it as a person would.
    public static func find(from directory: String = FileManager.default.currentDirectoryPath) -> String? {
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        var up = ""
        while true {
            let candidate = folder.appendingPathComponent(fileName).path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue { return up + fileName }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
            up += "../"
        }
    }

    /// Reads and checks the file at `path`.
    public static func load(path: String) throws(Diagnostic) -> ModelDiffConfig {
        // A FIFO or a device as the configuration is refused, never waited on (`RegularFile`).
        let data = Data(try RegularFile.bytes(at: path, limit: maximumSize + 1))
        guard data.count <= maximumSize else {
            throw Diagnostic(path: path, message: "a configuration file larger than 1 MB is not one")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Diagnostic(path: path, line: 1, column: 1, message: "not UTF-8 text")
        }
        return try ModelDiffConfig(text: text, path: path)
    }

    /// Reads `text` as the file at `path` (relative folders are resolved against its folder).
    public init(text: String, path: String) throws(Diagnostic) {
        self.path = path
        var checkPath: MigrationPath?
        var mappingFolders: [String]?
        var since: String?
        var strict: Bool?
        var cloudKit: Bool?
        var acknowledgements: [Acknowledgement] = []
        var testObjects: Int?
        var testCounts: [String: Int] = [:]
        var testValues: [String: ClosedRange<Double>] = [:]
        var testValuePositions: [String: (line: Int, column: Int)] = [:]
        var order: (names: [(name: String, line: Int, column: Int)], line: Int, column: Int)?
        let reader = ConfigReader(path: path)
        if let root = try YAMLReader.read(text, path: path) {
            for (key, position, value) in try reader.mapping(root, what: "the configuration") {
                switch key {
                case "check":
                    for (key, position, value) in try reader.mapping(value, what: "check") {
                        switch key {
                        case "path":
                            let name = try reader.string(value)
                            guard let path = MigrationPath(rawValue: name) else {
                                throw reader.error(value.position, "check.path is consecutive, direct or all, not \"\(name)\"")
                            }
                            checkPath = path
                        case "mappings": mappingFolders = try reader.folders(value, inFolderOf: path)
                        case "since": since = try reader.string(value)
                        case "strict": strict = try reader.bool(value)
                        case "cloudkit": cloudKit = try reader.bool(value)
                        default:
                            throw reader.error(
                                position, "unknown key \"check.\(key)\" (check takes path, mappings, since, strict and cloudkit)")
                        }
                    }
                case "test":
                    for (key, position, value) in try reader.mapping(value, what: "test") {
                        switch key {
                        case "objects":
                            if case .mapping = value {
                                for (entity, _, count) in try reader.mapping(value, what: "test.objects") {
                                    testCounts[entity] = try reader.count(count)
                                }
                            } else {
                                testObjects = try reader.count(value)
                            }
                        case "values":
                            for (name, namePosition, range) in try reader.mapping(value, what: "test.values") {
                                let parts = name.split(separator: ".")
                                guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty }) else {
                                    throw reader.error(namePosition, "test.values names an attribute as Entity.attribute, not \"\(name)\"")
                                }
                                testValues[name] = try reader.range(range)
                                testValuePositions[name] = (namePosition.line, namePosition.column)
                            }
                        default:
                            throw reader.error(position, "unknown key \"test.\(key)\" (test takes objects and values)")
                        }
                    }
                case "order":
                    guard case .sequence(let items, _) = value, !items.isEmpty else {
                        throw reader.error(value.position, "order is a list of version names, oldest first")
                    }
                    var names: [(name: String, line: Int, column: Int)] = []
                    for item in items {
                        let name = try reader.string(item)
                        if names.contains(where: { $0.name == name }) {
                            throw reader.error(item.position, "order names version \"\(name)\" twice")
                        }
                        names.append((name, item.position.line, item.position.column))
                    }
                    order = (names, position.line, position.column)
                case "acknowledged":
                    guard case .sequence(let items, _) = value else {
                        throw reader.error(value.position, "acknowledged is a list of findings")
                    }
                    for item in items { acknowledgements.append(try Acknowledgement(item, reader: reader)) }
                default:
                    throw reader.error(position, "unknown key \"\(key)\" (a .modeldiff.yml has check, test, order and acknowledged)")
                }
            }
        }
        self.checkPath = checkPath
        self.mappingFolders = mappingFolders
        self.since = since
        self.strict = strict
        self.cloudKit = cloudKit
        self.acknowledgements = acknowledgements
        self.testObjects = testObjects
        self.testCounts = testCounts
        self.testValues = testValues
        self.testValuePositions = testValuePositions
        self.order = order
    }
}

/// Typed access to a parsed configuration, each mistake an error at its line and column.
struct ConfigReader {
    let path: String

    func error(_ position: YAMLPosition, _ message: String) -> Diagnostic {
        Diagnostic(path: path, line: position.line, column: position.column, message: message)
    }

    func mapping(_ value: YAMLValue, what: String) throws(Diagnostic) -> [(key: String, keyPosition: YAMLPosition, value: YAMLValue)] {
        guard case .mapping(let entries, _) = value else { throw error(value.position, "\(what) is a mapping of keys to values") }
        return entries
    }

    func string(_ value: YAMLValue) throws(Diagnostic) -> String {
        guard case .scalar(let text, _) = value, !text.isEmpty else { throw error(value.position, "expected a non-empty text") }
        return text
    }

    func strings(_ value: YAMLValue) throws(Diagnostic) -> [String] {
        if case .sequence(let items, _) = value {
            var texts: [String] = []
            for item in items { texts.append(try string(item)) }
            return texts
        }
        return [try string(value)]
    }

    /// A count of objects, 0 to 100,000 (what `test --objects` takes).
    func count(_ value: YAMLValue) throws(Diagnostic) -> Int {
        guard case .scalar(let text, _) = value, let count = Int(text), (0...100_000).contains(count) else {
            throw error(value.position, "expected a number of objects from 0 to 100,000")
        }
        return count
    }

    /// `low...high`, two numbers with low at most high.
    func range(_ value: YAMLValue) throws(Diagnostic) -> ClosedRange<Double> {
        guard case .scalar(let text, _) = value else { throw error(value.position, "expected a range of numbers, low...high") }
        let parts = text.components(separatedBy: "...").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]), low.isFinite, high.isFinite, low <= high else {
            throw error(value.position, "expected a range of numbers, low...high (low at most high), not \"\(text)\"")
        }
        return low...high
    }

    /// Folders named relative to the configuration's folder, resolved. A configuration describes its
    /// own project: an absolute path (`/etc`) or one that climbs out (`../../..`) is refused, at its position.
    func folders(_ value: YAMLValue, inFolderOf configuration: String) throws(Diagnostic) -> [String] {
        let base = URL(fileURLWithPath: configuration).deletingLastPathComponent().standardizedFileURL.path
        let items: [YAMLValue]
        if case .sequence(let sequence, _) = value { items = sequence } else { items = [value] }
        var folders: [String] = []
        for item in items {
            let name = try string(item)
            let resolved = URL(fileURLWithPath: base).appendingPathComponent(name).standardizedFileURL.path
            guard !name.hasPrefix("/"), resolved == base || resolved.hasPrefix(base == "/" ? "/" : base + "/") else {
                throw error(
                    item.position,
                    "check.mappings names \"\(name)\", which is not inside the configuration's folder; name a folder relative to it, inside it"
                )
            }
            folders.append(resolved)
        }
        return folders
    }

    func bool(_ value: YAMLValue) throws(Diagnostic) -> Bool {
        guard case .scalar(let text, _) = value else { throw error(value.position, "expected true or false") }
        switch text.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw error(value.position, "expected true or false, not \"\(text)\"")
        }
    }
}
