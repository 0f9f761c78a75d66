import Foundation
@_spi(CLI) import ModelDiffKit

/// A Core Data SQLite store file: its metadata, its entity tables and their rows.
public final class PersistentStore {
    /// The connection.
    package let database: SQLiteDatabase
    /// The file's path as the user named it.
    public var path: String { database.path }
    /// The store's metadata.
    public private(set) var metadata: StoreMetadata
    /// Whether the store was opened read-only.
    public let isReadOnly: Bool
    /// Prepared statements reused across calls (object lookups run once per related object).
    private var statements: [String: SQLiteStatement] = [:]

    /// A prepared statement for `sql`, prepared once per store.
    func cachedStatement(_ sql: String) throws(StoreFailure) -> SQLiteStatement {
        if let statement = statements[sql] { return statement }
        let statement = try database.prepare(sql)
        statements[sql] = statement
        return statement
    }

    /// Rows of a cached statement (small result sets).
    func cachedRows(_ sql: String, _ arguments: [SQLiteValue]) throws(StoreFailure) -> [[SQLiteValue]] {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        var rows: [[SQLiteValue]] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    /// A private copy the store was read from (WAL stores), removed when the store is released.
    private let snapshot: ReadSnapshot?

    private init(database: SQLiteDatabase, metadata: StoreMetadata, readOnly: Bool, snapshot: ReadSnapshot? = nil) {
        self.database = database
        self.metadata = metadata
        self.isReadOnly = readOnly
        self.snapshot = snapshot
    }

    /// Opens an existing store; read-only unless `writable`, so the file is never touched by a reader.
    /// `lockTimeout` is how long its connections wait while another process holds the store locked.
    public static func open(path: String, writable: Bool = false, lockTimeout: LockTimeout = .brief) throws(StoreFailure) -> PersistentStore
    {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .input(Diagnostic(path: path, message: "no such file"))
        }
        if isFolder.boolValue {
            throw .input(
                Diagnostic(path: path, message: "is a folder, not a Core Data store (a store is one SQLite file, such as Model.sqlite)"))
        }
        // SQLite (and the snapshot a reader copies) would block on a FIFO and never finish /dev/zero.
        for companion in [StoreFiles.Companion.wal, .shm] {
            let file = StoreFiles.path(path, companion)
            if let problem = RegularFile.problem(at: file) { throw .input(Diagnostic(path: file, message: problem)) }
        }
        let prefix = try StoreFailure.input { () throws(Diagnostic) in try RegularFile.bytes(at: path, limit: 100) }
        let header = Array(prefix.prefix(16))
        if header.isEmpty { throw .input(Diagnostic(path: path, message: "not a Core Data store: the file is empty")) }
        guard header == Array("SQLite format 3\0".utf8) else {
            // What SQLite would answer at the first read (SQLITE_NOTADB), said before it opens the file.
            throw .store(
                StoreError(
                    kind: .notADatabase, code: 26, message: "the file does not start with the SQLite header", statement: nil, path: path))
        }
        // Even a read-only SQLite connection to a WAL store creates -shm and may truncate -wal, so a
        // reader works on a private snapshot and the user's store stays byte-identical.
        let isWAL = StoreFiles.exists(path, .wal) || (prefix.count > 19 && prefix[18] == 2)
        var snapshot: ReadSnapshot?
        let database: SQLiteDatabase
        if !writable && isWAL {
            let taken = try ReadSnapshot.take(of: path, lockTimeout: lockTimeout)
            snapshot = taken
            // Read-only too (sqlsafe): SQLite rebuilds a read-only connection's WAL index in the private folder.
            database = try SQLiteDatabase(path: taken.store, displayPath: path, readOnly: true, lockTimeout: lockTimeout)
        } else {
            database = try SQLiteDatabase(path: path, readOnly: !writable, lockTimeout: lockTimeout)
        }
        let tables: Set<String>
        do {
            tables = Set(
                try database.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap {
                    if case .text(let name) = $0.first { name } else { nil }
                })
        }
        guard tables.contains("Z_METADATA"), tables.contains("Z_PRIMARYKEY") else {
            throw .input(Diagnostic(path: path, message: "not a Core Data store: a SQLite database without Z_METADATA and Z_PRIMARYKEY"))
        }
        let rows = try database.rows("SELECT Z_PLIST FROM Z_METADATA ORDER BY Z_VERSION LIMIT 1")
        guard case .blob(let plist)? = rows.first?.first else {
            throw .input(Diagnostic(path: path, message: "the store's metadata (Z_METADATA.Z_PLIST) is missing"))
        }
        return PersistentStore(
            database: database, metadata: try StoreFailure.input { () throws(Diagnostic) in try StoreMetadata.decode(plist, path: path) },
            readOnly: !writable, snapshot: snapshot)
    }

    /// Creates an empty store for `model` at `path`, as Core Data would; the file must not exist.
    ///
    /// With `durable: false` SQLite neither syncs nor journals to disk (`synchronous = OFF`, the
    /// journal in memory; rollback still works): for a file that is thrown away if anything fails
    /// and made durable once, with `synchronize()`, before anyone uses it — a migration's output.
    package static func create(
        path: String, model: Model, uuid: String = UUID().uuidString, keepingMetadata: [String: PlistValue] = [:], durable: Bool = true
    ) throws(StoreFailure) -> PersistentStore {
        if FileManager.default.fileExists(atPath: path) {
            throw .input(Diagnostic(path: path, message: "the file already exists"))
        }
        let database = try SQLiteDatabase(path: path, readOnly: false, create: true)
        let layout = StoreLayout(model: model)
        let metadata = StoreMetadata.forModel(model, hashes: model.versionHashes(), uuid: uuid, keeping: keepingMetadata)
        try database.execute("PRAGMA auto_vacuum = 2")
        try database.execute(durable ? "PRAGMA journal_mode = DELETE" : "PRAGMA journal_mode = MEMORY")
        if !durable { try database.execute("PRAGMA synchronous = OFF") }
        try database.execute("BEGIN")
        for statement in layout.createStatements { try database.execute(statement) }
        let insert = try database.prepare("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, ?, 0)")
        for name in layout.orderedEntities {
            let parent = model.entity(named: name)?.parentEntity.flatMap { layout.entityNumbers[$0] } ?? 0
            try insert.run([.integer(Int64(layout.entityNumbers[name]!)), .text(name), .integer(Int64(parent))])
        }
        try database.prepare("INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, ?, ?)").run([
            .text(uuid), .blob(metadata.encoded()),
        ])
        try database.execute("COMMIT")
        return PersistentStore(database: database, metadata: metadata, readOnly: false)
    }

    /// Flushes the file to disk (fsync): what SQLite's commits skip in a store created with `durable: false`.
    /// A file system that allocates late reports a full disk here rather than on write.
    package func synchronize() throws(StoreFailure) {
        let error = flushToDisk(database.filePath)
        guard error != 0 else { return }
        let failure = StorageFailure(isFull: error == ENOSPC, systemError: error, path: database.filePath)
        // A failed sync is SQLite's SQLITE_IOERR_FSYNC (10 | 4 << 8) had SQLite synced the file itself.
        throw .store(
            StoreError(
                kind: .storage(failure.message), code: 10 | 4 << 8, message: "fsync: \(String(cString: strerror(error)))", statement: nil,
                path: path))
    }

    /// Replaces the metadata (writable stores only).
    package func write(metadata: StoreMetadata) throws(StoreFailure) {
        try database.prepare("UPDATE Z_METADATA SET Z_PLIST = ? WHERE Z_VERSION = 1").run([.blob(metadata.encoded())])
        self.metadata = metadata
    }

    /// The store's UUID: `NSStoreUUID` in the metadata (as an older modeldiff wrote it), else
    /// `Z_METADATA.Z_UUID`, where Core Data keeps it.
    @_spi(CLI) public func storeUUID() throws(StoreFailure) -> String? {
        if let uuid = metadata.string("NSStoreUUID") { return uuid }
        return try database.rows("SELECT Z_UUID FROM Z_METADATA ORDER BY Z_VERSION LIMIT 1").first?.first?.string
    }

    /// The names of the store's tables.
    package func tableNames() throws(StoreFailure) -> Set<String> {
        Set(try database.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.first?.string })
    }

    /// The layout of `model` with join tables under the names this store uses (see
    /// `StoreLayout.adopting(storeTables:)`).
    public func layout(for model: Model) throws(StoreFailure) -> StoreLayout {
        try adoptedLayout(for: model).layout
    }

    /// `layout(for:)`, and a line for each join table it reads under the other side's name than Core Data
    /// gives it (`StoreLayout.renamedJoinTables(in:)`), for the warnings `store verify` and `migrate` print.
    package func adoptedLayout(for model: Model) throws(StoreFailure) -> (layout: StoreLayout, renamedJoinTables: [String]) {
        let computed = StoreLayout(model: model)
        let layout = computed.adopting(storeTables: try tableNames())
        return (layout, computed.renamedJoinTables(in: layout))
    }

    /// `Z_PRIMARYKEY`'s rows: entity number, name, parent number, highest primary key.
    package func primaryKeyTable() throws(StoreFailure) -> [(entity: Int, name: String, superEntity: Int, max: Int)] {
        try database.rows("SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT").map { row in
            (row[0].int, row[1].string ?? "", row[2].int, row[3].int)
        }
    }

    /// How many rows each entity has (by `Z_ENT`), for the entities `Z_PRIMARYKEY` lists.
    @_spi(CLI) public func rowCounts() throws(StoreFailure) -> [(entity: String, count: Int)] {
        let entities = try primaryKeyTable()
        let names = Dictionary(entities.map { ($0.entity, $0.name) }, uniquingKeysWith: { a, _ in a })
        let tables = try tableNames()
        var counts: [String: Int] = [:]
        for entity in entities where entity.superEntity == 0 {
            let table = tableName(root: entity.name, number: entity.entity)
            guard tables.contains(table) else { continue }
            // A hierarchy of one entity has no Z_ENT index, so GROUP BY would sort every row: count by filter.
            if !entities.contains(where: { $0.superEntity == entity.entity }) {
                counts[entity.name] =
                    try database.rows("SELECT COUNT(*) FROM \(SQL.quote(table)) WHERE Z_ENT = ?", [.integer(Int64(entity.entity))]).first?
                    .first?.int ?? 0
                continue
            }
            for row in try database.rows("SELECT Z_ENT, COUNT(*) FROM \(SQL.quote(table)) GROUP BY Z_ENT") {
                if let name = names[row[0].int] { counts[name] = row[1].int }
            }
        }
        return entities.map { ($0.name, counts[$0.name] ?? 0) }
    }
}

extension PersistentStore {
    /// How many objects of each entity of `layout` the store holds as Core Data reads them, in entity
    /// number order: every row of a table of one entity is that entity's (Core Data's SQL for an
    /// entity without sub-entities has no `Z_ENT` term), a shared table's rows by `Z_ENT`. Unlike
    /// `rowCounts()`, it does not depend on `Z_PRIMARYKEY` listing the entity.
    @_spi(CLI) public func rowCounts(layout: StoreLayout) throws(StoreFailure) -> [(entity: String, count: Int)] {
        let tables = try tableNames()
        var counts: [String: Int] = [:]
        for table in layout.tables where tables.contains(table.name) {
            if table.entities.count == 1 {
                counts[table.rootEntity] = try database.rows("SELECT COUNT(*) FROM \(SQL.quote(table.name))").first?.first?.int ?? 0
                continue
            }
            let names = Dictionary(
                table.entities.compactMap { name in layout.entityNumbers[name].map { ($0, name) } }, uniquingKeysWith: { a, _ in a })
            for row in try database.rows("SELECT Z_ENT, COUNT(*) FROM \(SQL.quote(table.name)) GROUP BY Z_ENT") {
                if let name = names[row[0].int] { counts[name] = row[1].int }
            }
        }
        return layout.entityNumbers.sorted { $0.value < $1.value }.map { ($0.key, counts[$0.key] ?? 0) }
    }
}

extension SQLiteValue {
    /// The value as an integer (0 for null or other types).
    var int: Int {
        switch self {
        case .integer(let number): Int(number)
        // Saturating like sqlite3_column_int64, so a hostile REAL cannot trap.
        case .real(let number): number.isNaN ? 0 : Int(exactly: number.rounded(.towardZero)) ?? (number < 0 ? .min : .max)
        default: 0
        }
    }

    /// The value as text, if it is text.
    var string: String? { if case .text(let text) = self { text } else { nil } }
}

/// fsync(2) on a file: 0, or the errno of the failed call (outside `PersistentStore`, whose
/// `open(path:)` would hide the C function).
private func flushToDisk(_ path: String) -> Int32 {
    let descriptor = open(path, O_RDWR)
    guard descriptor >= 0 else { return errno }
    let status = fsync(descriptor)
    let error = errno  // before close() can change it
    close(descriptor)
    return status == 0 ? 0 : error
}
