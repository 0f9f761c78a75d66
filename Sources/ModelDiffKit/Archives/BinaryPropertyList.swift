import Foundation

/// A reader for binary property lists (`bplist00`), bounds-checked so damaged metadata is an error, never a crash.
///
/// Foundation's reader on Linux hides NSKeyedArchiver UIDs in a private type; Xcode's archived
/// mapping expressions need them, so modeldiff reads the format itself.
package enum BinaryPropertyList {
    /// Decodes `bytes`; `path` names the file in diagnostics.
    package static func decode(_ bytes: [UInt8], path: String) throws(Diagnostic) -> PlistValue {
        let fail = Diagnostic(path: path, message: "not a binary property list")
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else { throw fail }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        // Every size and offset comes from the file, so no arithmetic on them may overflow: a
        // region is checked by subtraction, never by adding a size that could be near Int.max.
        func fits(_ at: Int, _ size: Int, unit: Int = 1, before end: Int) -> Bool {
            at >= 0 && at <= end && size >= 0 && size <= (end - at) / unit
        }
        func integer(_ start: Int, _ size: Int) throws(Diagnostic) -> Int {
            guard size > 0, size <= 8, fits(start, size, before: bytes.count) else { throw fail }
            var value = 0
            for byte in bytes[start..<start + size] { value = value << 8 | Int(byte) }
            return value
        }
        let count = try integer(trailer + 8, 8)
        let top = try integer(trailer + 16, 8)
        let tableStart = try integer(trailer + 24, 8)
        guard count > 0, count < bytes.count, top >= 0, top < count, offsetSize > 0,
            fits(tableStart, count, unit: offsetSize, before: trailer)
        else { throw fail }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for index in 0..<count { offsets.append(try integer(tableStart + index * offsetSize, offsetSize)) }

        // A container may be referenced many times, so nesting alone could decode exponentially many
        // objects from a small file; Apple's writer shares no containers, so a file never needs more
        // visits than it has bytes.
        var visits = 0
        func object(_ reference: Int, depth: Int) throws(Diagnostic) -> PlistValue {
            visits += 1
            guard reference >= 0, reference < count, depth < 512, visits <= bytes.count else { throw fail }
            let start = offsets[reference]
            guard start >= 0, start < trailer else { throw fail }
            let marker = bytes[start]
            let high = marker >> 4
            let low = Int(marker & 0x0F)
            func length() throws(Diagnostic) -> (Int, Int) {
                guard low == 0x0F else { return (low, start + 1) }
                guard start + 1 < trailer, bytes[start + 1] >> 4 == 0x1 else { throw fail }
                let size = 1 << Int(bytes[start + 1] & 0x0F)
                return (try integer(start + 2, size), start + 2 + size)
            }
            switch high {
            case 0x0:
                switch marker {
                case 0x08: return .bool(false)
                case 0x09: return .bool(true)
                default: return .string("")
                }
            case 0x1:
                let size = 1 << low
                guard size <= 8 else { throw fail }
                let raw = try integer(start + 1, size)
                return .integer(size == 8 ? Int(Int64(bitPattern: UInt64(UInt(bitPattern: raw)))) : raw)
            case 0x2:
                let size = 1 << low
                let raw = UInt64(UInt(bitPattern: try integer(start + 1, size)))
                return .real(size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
            case 0x3:
                let raw = UInt64(UInt(bitPattern: try integer(start + 1, 8)))
                return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: raw)))
            case 0x4:
                let (size, at) = try length()
                guard fits(at, size, before: trailer) else { throw fail }
                return .data(Array(bytes[at..<at + size]))
            case 0x5:
                let (size, at) = try length()
                guard fits(at, size, before: trailer) else { throw fail }
                return .string(String(decoding: bytes[at..<at + size], as: UTF8.self))
            case 0x6:
                let (size, at) = try length()
                guard fits(at, size, unit: 2, before: trailer) else { throw fail }
                let units = stride(from: at, to: at + size * 2, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
                return .string(String(decoding: units, as: UTF16.self))
            case 0x8:
                return .uid(try integer(start + 1, low + 1))
            case 0xA, 0xC:
                let (size, at) = try length()
                guard referenceSize > 0, fits(at, size, unit: referenceSize, before: trailer) else { throw fail }
                var items: [PlistValue] = []
                for index in 0..<size { items.append(try object(try integer(at + index * referenceSize, referenceSize), depth: depth + 1)) }
                return .array(items)
            case 0xD:
                let (size, at) = try length()
                guard referenceSize > 0, fits(at, size, unit: 2 * referenceSize, before: trailer) else { throw fail }
                var dictionary: [String: PlistValue] = [:]
                for index in 0..<size {
                    guard case .string(let key) = try object(try integer(at + index * referenceSize, referenceSize), depth: depth + 1)
                    else { throw fail }
                    dictionary[key] = try object(try integer(at + (size + index) * referenceSize, referenceSize), depth: depth + 1)
                }
                return .dictionary(dictionary)
            default:
                throw fail
            }
        }
        return try object(top, depth: 0)
    }
}
