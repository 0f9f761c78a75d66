internal import CSQLite
import Foundation
@_spi(CLI) import ModelDiffKit

/// An open SQLite database; the only file that names `sqlite3_…` functions.
package final class SQLiteDatabase {
    private let handle: OpaquePointer
    /// The file's path as the user named it, for diagnostics.
    package let path: String
    /// The file actually opened (a private copy for WAL stores read through `PersistentStore.open`).
    package let filePath: String
    /// How long the connection waits for another process's lock.
    package let lockTimeout: LockTimeout

    /// Opens a database; read-only never creates or modifies the file (nor its -wal/-shm).
    package init(
        path: String, displayPath: String? = nil, readOnly: Bool, create: Bool = false, lockTimeout: LockTimeout = .brief
    ) throws(StoreFailure) {
        self.path = displayPath ?? path
        self.filePath = path
        self.lockTimeout = lockTimeout
        var pointer: OpaquePointer?
        var flags = SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
        flags |= readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create { flags |= SQLITE_OPEN_CREATE }
        let status = sqlite3_open_v2(path, &pointer, flags, nil)
        guard status == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let pointer { sqlite3_close_v2(pointer) }
            throw .input(Diagnostic(path: displayPath ?? path, message: "cannot open the store: \(message)"))
        }
        handle = pointer
        sqlite3_busy_timeout(handle, lockTimeout.milliseconds)
        try lockDown()
        if ProcessInfo.processInfo.environment["MODELDIFF_SQL_PROFILE"] == "1" { profileStatements() }
    }

    /// With `MODELDIFF_SQL_PROFILE=1` in the environment, every finished statement prints one line on
    /// stderr: `sql-profile: <milliseconds> <statement>` (SQLite's `SQLITE_TRACE_PROFILE`: the time from
    /// its first step to its reset, so rows the caller handles between steps count too). For the
    /// per-statement table of BENCHMARKS.md; nothing else reads it.
    private func profileStatements() {
        sqlite3_trace_v2(
            handle, UInt32(SQLITE_TRACE_PROFILE),
            { _, _, statement, nanoseconds in
                guard let statement, let nanoseconds, let text = sqlite3_sql(OpaquePointer(statement)) else { return 0 }
                let milliseconds = Double(nanoseconds.load(as: Int64.self)) / 1e6
                let line = String(cString: text).split(whereSeparator: \.isNewline).joined(separator: " ")
                FileHandle.standardError.write(Data("sql-profile: \(milliseconds) \(line)\n".utf8))
                return 0
            }, nil)
    }

    deinit {
        sqlite3_close_v2(handle)
        Unmanaged.passUnretained(permit).release()
    }

    /// Whether the one `ATTACH` or `DETACH` modeldiff runs itself (`attach(readOnly:as:)`) is under way.
    private final class AttachPermit { var isOpen = false }
    private let permit = AttachPermit()

    /// Every connection refuses what a statement smuggled in through a name could use to reach
    /// another file: `ATTACH` and `DETACH` are denied by an authorizer (consulted whenever SQLite
    /// compiles a statement) and `SQLITE_LIMIT_ATTACHED` is 0, which also stops `VACUUM INTO`, whose
    /// output SQLite attaches; `trusted_schema = OFF` keeps a store's own schema (views, triggers,
    /// defaults) from calling functions with side effects. Defence in depth: names are quoted (`SQL`).
    private func lockDown() throws(StoreFailure) {
        // The permit lives as long as the connection; the authorizer gets it back from its context pointer.
        let context = Unmanaged.passRetained(permit).toOpaque()
        sqlite3_set_authorizer(
            handle,
            { context, action, _, _, _, _ in
                guard action == SQLITE_ATTACH || action == SQLITE_DETACH else { return SQLITE_OK }
                guard let context, Unmanaged<AttachPermit>.fromOpaque(context).takeUnretainedValue().isOpen else { return SQLITE_DENY }
                return SQLITE_OK
            }, context)
        sqlite3_limit(handle, SQLITE_LIMIT_ATTACHED, 0)
        try execute("PRAGMA trusted_schema = OFF")
    }

    /// Attaches the database at `path` read-only (`mode=ro`) as `schema`: the only `ATTACH` a connection
    /// allows, for the duration of this call (the migration's SQL fast path reads its source this way).
    func attach(readOnly path: String, as schema: String) throws(StoreFailure) {
        // A URI, so that `mode=ro` applies; `%`, `?` and `#` in the path are escaped, and an absolute
        // path gets an empty authority so that `//x/…` is not read as host `x` (sqlite.org/uri.html).
        let uri =
            (path.hasPrefix("/") ? "file://" : "file:")
            + path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3f")
            .replacingOccurrences(of: "#", with: "%23") + "?mode=ro"
        try permitting { () throws(StoreFailure) in try prepare("ATTACH DATABASE ? AS " + SQL.quote(schema)).run([.text(uri)]) }
    }

    /// Whether SQLite reads `word` as a keyword (any case), so that it must be quoted to be a name.
    static func isKeyword(_ word: String) -> Bool {
        word.withCString { sqlite3_keyword_check($0, Int32(strlen($0))) != 0 }
    }

    /// Detaches what `attach(readOnly:as:)` attached.
    func detach(_ schema: String) throws(StoreFailure) {
        try permitting { () throws(StoreFailure) in try execute("DETACH DATABASE " + SQL.quote(schema)) }
    }

    private func permitting(_ body: () throws(StoreFailure) -> Void) throws(StoreFailure) {
        permit.isOpen = true
        sqlite3_limit(handle, SQLITE_LIMIT_ATTACHED, 1)
        defer {
            permit.isOpen = false
            sqlite3_limit(handle, SQLITE_LIMIT_ATTACHED, 0)
        }
        try body()
    }

    /// Runs one SQL statement that returns no rows. Text after the first statement is refused, so a
    /// name that escaped its quotes still could not add a statement of its own.
    package func execute(_ sql: String) throws(StoreFailure) {
        try prepare(sql).execute()
    }

    /// Prepares one statement for repeated use; SQL holding more than one statement, or a NUL
    /// (which would end the C string early), is refused.
    package func prepare(_ sql: String) throws(StoreFailure) -> SQLiteStatement {
        guard !sql.utf8.contains(0) else {
            throw .input(Diagnostic(path: path, message: "SQL containing a NUL character is refused (a name holds one)"))
        }
        var statement: OpaquePointer?
        let rest: String? = sql.withCString { text -> String? in
            var tail: UnsafePointer<CChar>?
            let status = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
            guard status == SQLITE_OK else { return nil }
            return tail.map { String(cString: $0) }
        }
        guard let rest else {
            throw failure(String(cString: sqlite3_errmsg(handle)), status: sqlite3_extended_errcode(handle), statement: sql)
        }
        guard let statement else { throw .input(Diagnostic(path: path, message: "no SQL statement to run")) }
        guard rest.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
            sqlite3_finalize(statement)
            throw .input(Diagnostic(path: path, message: "more than one SQL statement in one call is refused"))
        }
        return SQLiteStatement(statement, database: self)
    }

    /// Runs a query and returns every row (for small bookkeeping queries only).
    package func rows(_ sql: String, _ arguments: [SQLiteValue] = []) throws(StoreFailure) -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        var result: [[SQLiteValue]] = []
        while try statement.step() { result.append(statement.row()) }
        return result
    }

    /// Whether no transaction is open on the connection (SQLite's autocommit mode).
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it (or the commit)
    /// throws, as GRDB's `inTransaction` does. Transactions do not nest: one opened while another is
    /// open is refused rather than silently joined, so an inner commit cannot publish an outer one's
    /// half-done work.
    func inTransaction<T>(_ body: () throws -> T) throws -> T {
        guard isAutocommit else {
            throw StoreFailure.input(
                Diagnostic(path: path, message: "a transaction is already open on this connection; transactions do not nest"))
        }
        try execute("BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // A failed COMMIT may have ended the transaction itself (SQLITE_FULL rolls back).
            if !isAutocommit { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Opens a read transaction that lasts until the connection closes: every read after this one
    /// sees the same committed snapshot, even while another process writes. Never committed: a
    /// read-only connection has nothing to publish.
    func holdReadSnapshot() throws(StoreFailure) {
        try execute("BEGIN")
    }

    /// The number of rows the last statement changed.
    package var changes: Int { Int(sqlite3_changes(handle)) }

    /// The failure a call throws, naming the file (`StoreError` says which kind of failure).
    func failure(_ message: String, status: Int32, statement: String? = nil) -> StoreFailure {
        .store(storeError(message, status: status, statement: statement))
    }

    /// The typed error for a failed call; busy and locked say another process holds the store.
    func storeError(_ message: String, status: Int32, statement: String? = nil) -> StoreError {
        let kind = StoreError.kind(of: status, lockTimeout: lockTimeout) {
            // The main file's own errno survives the rollback that follows; the connection's may not.
            var fileErrno: Int32 = 0
            sqlite3_file_control(handle, "main", SQLITE_FCNTL_LAST_ERRNO, &fileErrno)
            return StorageFailure(
                isFull: status & 0xFF == SQLITE_FULL, systemError: fileErrno != 0 ? fileErrno : sqlite3_system_errno(handle), path: filePath
            )
            .message
        }
        return StoreError(kind: kind, code: status, message: message, statement: statement, path: path)
    }

    /// The last error message of the connection.
    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }
}

/// A value in or out of SQLite.
package enum SQLiteValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A prepared statement, reused across rows; finalized when released.
package final class SQLiteStatement {
    private let statement: OpaquePointer
    private let database: SQLiteDatabase

    init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    /// Clears previous bindings and binds `values` to the parameters, in order.
    package func bind(_ values: [SQLiteValue]) throws(StoreFailure) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (offset, value) in values.enumerated() { try bind(value, at: offset + 1) }
    }

    /// Advances to the next row; false when done.
    package func step() throws(StoreFailure) -> Bool {
        let status = sqlite3_step(statement)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.failure(database.lastMessage, status: status, statement: sql)
        }
    }

    /// The statement's SQL text, as prepared.
    var sql: String? { sqlite3_sql(statement).map { String(cString: $0) } }

    /// Runs the statement to completion with these arguments (inserts, updates).
    package func run(_ values: [SQLiteValue]) throws(StoreFailure) {
        try bind(values)
        try execute()
    }

    /// The number of result columns.
    package var columnCount: Int { Int(sqlite3_column_count(statement)) }

    /// The current row's value in column `index`.
    package func value(at index: Int) -> SQLiteValue {
        let column = Int32(index)
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, column)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    /// Every value of the current row.
    package func row() -> [SQLiteValue] { (0..<columnCount).map(value(at:)) }
}

/// Row-at-a-time access without building `SQLiteValue` arrays: the migration's bulk paths bind and
/// read column by column, so a million rows allocate nothing but the strings and blobs they copy.
extension SQLiteStatement {
    /// How a value is stored in SQLite.
    enum StorageClass: UInt8 { case null, integer, real, text, blob }

    /// Readies the statement for new bindings (previous bindings stay until overwritten).
    func reset() { sqlite3_reset(statement) }

    /// Binds one value to the 1-based parameter `index`.
    func bind(_ value: SQLiteValue, at index: Int) throws(StoreFailure) {
        let position = Int32(index)
        let status: Int32
        switch value {
        case .null: status = sqlite3_bind_null(statement, position)
        case .integer(let number): status = sqlite3_bind_int64(statement, position, number)
        case .real(let number): status = sqlite3_bind_double(statement, position, number)
        case .text(let text): status = sqlite3_bind_text(statement, position, text, -1, modeldiff_sqlite_transient())
        case .blob(let bytes):
            status = bytes.withUnsafeBytes {
                sqlite3_bind_blob(
                    statement, position, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32($0.count), modeldiff_sqlite_transient())
            }
        }
        if status != SQLITE_OK { throw database.failure(database.lastMessage, status: status) }
    }

    /// Binds an integer, or null when nil, to the 1-based parameter `index`.
    func bind(integer: Int64?, at index: Int) {
        if let integer { sqlite3_bind_int64(statement, Int32(index), integer) } else { sqlite3_bind_null(statement, Int32(index)) }
    }

    /// Binds column `column` of `source`'s current row, unchanged, to the 1-based parameter `index`
    /// (SQLite copies the bytes; no Swift string or array is made).
    func bind(column: Int, of source: SQLiteStatement, at index: Int) throws(StoreFailure) {
        let status = sqlite3_bind_value(statement, Int32(index), sqlite3_column_value(source.statement, Int32(column)))
        if status != SQLITE_OK { throw database.failure(database.lastMessage, status: status) }
    }

    /// How column `index` of the current row is stored.
    func storageClass(at index: Int) -> StorageClass {
        switch sqlite3_column_type(statement, Int32(index)) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .real
        case SQLITE_TEXT: .text
        case SQLITE_BLOB: .blob
        default: .null
        }
    }

    /// Column `index` of the current row as an integer, nil when it is not one.
    func integer(at index: Int) -> Int64? {
        sqlite3_column_type(statement, Int32(index)) == SQLITE_INTEGER ? sqlite3_column_int64(statement, Int32(index)) : nil
    }

    /// Runs a statement whose parameters are bound, to completion (inserts, updates).
    func execute() throws(StoreFailure) {
        while try step() {}
    }
}

extension SQLiteDatabase {
    /// Copies a WAL store's last committed state into a new file with SQLite's online backup, under
    /// SQLite's own locks: the copy is one consistent snapshot even while another process writes and
    /// checkpoints the source. Returns false when the source cannot be opened this way (it has no
    /// `-shm`: no process has it open, and the caller may copy its files instead).
    ///
    /// The source is opened so that nothing beside it is written: `mode=ro` (the main file opened
    /// O_RDONLY, so no checkpoint on close and no journal) and `readonly_shm=1` (the `-shm` is mapped
    /// read-only instead of being created or updated; with no other connection SQLite reads the
    /// `-wal` into private memory instead). A plain read-only connection would create the `-shm`, take
    /// a read mark in it and, as the last connection, could checkpoint and delete the `-wal`.
    /// Evidence: SQLite's wal.html ("Read-Only Databases") and os_unix.c (`readonly_shm`).
    static func snapshot(of source: String, into destination: String, displayPath: String, lockTimeout: LockTimeout) throws(StoreFailure)
        -> Bool
    {
        var components = URLComponents()
        components.scheme = "file"
        components.path = source.hasPrefix("/") ? source : FileManager.default.currentDirectoryPath + "/" + source
        components.queryItems = [URLQueryItem(name: "mode", value: "ro"), URLQueryItem(name: "readonly_shm", value: "1")]
        // `?` and `#` in a file name must not end the path: percent-encode them.
        let uri =
            "file:" + components.percentEncodedPath.replacingOccurrences(of: "?", with: "%3F").replacingOccurrences(of: "#", with: "%23")
            + "?" + (components.percentEncodedQuery ?? "")
        var pointer: OpaquePointer?
        let status = sqlite3_open_v2(uri, &pointer, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let sourceHandle = pointer else {
            if let pointer { sqlite3_close_v2(pointer) }
            if status & 0xFF == SQLITE_CANTOPEN { return false }
            throw .input(Diagnostic(path: displayPath, message: "cannot open the store: \(String(cString: sqlite3_errstr(status)))"))
        }
        defer { sqlite3_close_v2(sourceHandle) }
        sqlite3_busy_timeout(sourceHandle, lockTimeout.milliseconds)
        let copy = try SQLiteDatabase(path: destination, displayPath: displayPath, readOnly: false, create: true, lockTimeout: lockTimeout)
        // The copy is private and thrown away after reading: no syncs, no journal on disk.
        try copy.execute("PRAGMA synchronous = OFF")
        try copy.execute("PRAGMA journal_mode = MEMORY")
        guard let backup = sqlite3_backup_init(copy.handle, "main", sourceHandle, "main") else {
            throw copy.failure(copy.lastMessage, status: sqlite3_errcode(copy.handle))
        }
        // One step copies every page inside one read transaction on the source: one snapshot.
        var result = sqlite3_backup_step(backup, -1)
        let started = Date()
        while result == SQLITE_BUSY || result == SQLITE_LOCKED, Date().timeIntervalSince(started) * 1000 < Double(lockTimeout.milliseconds)
        {
            usleep(20_000)
            result = sqlite3_backup_step(backup, -1)
        }
        sqlite3_backup_finish(backup)
        guard result == SQLITE_DONE else {
            if result & 0xFF == SQLITE_CANTOPEN { return false }
            switch result & 0xFF {
            case SQLITE_BUSY, SQLITE_LOCKED, SQLITE_FULL, SQLITE_IOERR:
                // Named after the store; a full temporary folder reports its own errno.
                throw copy.failure(String(cString: sqlite3_errstr(result)), status: result)
            default:
                throw copy.failure(String(cString: sqlite3_errmsg(sourceHandle)), status: result)
            }
        }
        return true
    }
}
