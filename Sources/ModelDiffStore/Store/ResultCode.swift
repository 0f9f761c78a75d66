// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The constants keep SQLite's own names, as GRDB's ResultCode does.

/// An SQLite result code, named as SQLite's documentation and GRDB name them (`ResultCode.SQLITE_BUSY`),
/// so code that sorts failures reads as the codes it means instead of bare numbers.
///
/// An extended code (`SQLITE_IOERR_WRITE`, 778) carries its primary code in its low byte
/// (https://sqlite.org/rescode.html), which ``primary`` gives.
package struct ResultCode: RawRepresentable, Hashable, Sendable {
    package let rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary result code of this (possibly extended) code.
    package var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    package static let SQLITE_BUSY = ResultCode(rawValue: 5)
    package static let SQLITE_LOCKED = ResultCode(rawValue: 6)
    package static let SQLITE_IOERR = ResultCode(rawValue: 10)
    package static let SQLITE_CORRUPT = ResultCode(rawValue: 11)
    package static let SQLITE_FULL = ResultCode(rawValue: 13)
    package static let SQLITE_NOTADB = ResultCode(rawValue: 26)
}
