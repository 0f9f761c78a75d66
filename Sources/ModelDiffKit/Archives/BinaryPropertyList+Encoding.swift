import Foundation

extension BinaryPropertyList {
    /// Encodes `value` as a binary property list (`bplist00`), the format of a store's `Z_METADATA.Z_PLIST`.
    ///
    /// Written in Swift rather than through Foundation's `PropertyListSerialization`: the same code on
    /// Linux and macOS, UIDs written as UIDs, dictionary keys in a stable order, and no C writer on the
    /// path that copies a user's metadata into a migrated store.
    package static func encode(_ value: PlistValue) -> [UInt8] {
        var objects = ObjectTable()
        let top = objects.add(value)
        let referenceSize = byteCount(for: objects.nodes.count - 1)
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.nodes.count)
        for node in objects.nodes {
            offsets.append(bytes.count)
            node.write(to: &bytes, referenceSize: referenceSize)
        }
        let tableStart = bytes.count
        let offsetSize = byteCount(for: offsets.last ?? 0)
        for offset in offsets { append(offset, size: offsetSize, to: &bytes) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        append(objects.nodes.count, size: 8, to: &bytes)
        append(top, size: 8, to: &bytes)
        append(tableStart, size: 8, to: &bytes)
        return bytes
    }

    /// The flattened objects: containers refer to their items by index, equal leaves are written once
    /// (as Apple's writer does), and containers are never shared.
    private struct ObjectTable {
        var nodes: [Node] = []
        var leaves: [Leaf: Int] = [:]

        mutating func add(_ value: PlistValue) -> Int {
            switch value {
            case .array(let items):
                let index = reserve()
                nodes[index] = .array(items.map { add($0) })
                return index
            case .dictionary(let entries):
                let index = reserve()
                // Sorted by UTF-8 bytes, so the same metadata always gives the same bytes.
                let keys = entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                let keyReferences = keys.map { add(.string($0)) }
                let valueReferences = keys.map { add(entries[$0]!) }
                nodes[index] = .dictionary(keys: keyReferences, values: valueReferences)
                return index
            default:
                let leaf = Leaf(value)
                if let index = leaves[leaf] { return index }
                nodes.append(.leaf(value))
                leaves[leaf] = nodes.count - 1
                return nodes.count - 1
            }
        }

        private mutating func reserve() -> Int {
            nodes.append(.array([]))
            return nodes.count - 1
        }
    }

    /// A leaf's identity for sharing: exact bytes and bits, because Swift's `==` calls canonically
    /// equivalent strings and 0.0 and -0.0 equal, and a writer must not merge them.
    private enum Leaf: Hashable {
        case string([UInt8])
        case data([UInt8])
        case integer(Int)
        case real(UInt64)
        case date(UInt64)
        case bool(Bool)
        case uid(Int)

        init(_ value: PlistValue) {
            switch value {
            case .string(let text): self = .string(Array(text.utf8))
            case .data(let bytes): self = .data(bytes)
            case .integer(let number): self = .integer(number)
            case .real(let number): self = .real(number.bitPattern)
            case .date(let date): self = .date(date.timeIntervalSinceReferenceDate.bitPattern)
            case .bool(let flag): self = .bool(flag)
            case .uid(let number): self = .uid(number)
            case .array, .dictionary: preconditionFailure("containers are not leaves")
            }
        }
    }

    private enum Node {
        case leaf(PlistValue)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])

        func write(to bytes: inout [UInt8], referenceSize: Int) {
            switch self {
            case .array(let items):
                marker(0xA, count: items.count, to: &bytes)
                for item in items { append(item, size: referenceSize, to: &bytes) }
            case .dictionary(let keys, let values):
                marker(0xD, count: keys.count, to: &bytes)
                for reference in keys + values { append(reference, size: referenceSize, to: &bytes) }
            case .leaf(let value):
                writeLeaf(value, to: &bytes)
            }
        }

        private func writeLeaf(_ value: PlistValue, to bytes: inout [UInt8]) {
            switch value {
            case .bool(let flag):
                bytes.append(flag ? 0x09 : 0x08)
            case .integer(let number):
                writeInteger(number, to: &bytes)
            case .real(let number):
                bytes.append(0x23)
                append(Int(bitPattern: UInt(number.bitPattern)), size: 8, to: &bytes)
            case .date(let date):
                bytes.append(0x33)
                append(Int(bitPattern: UInt(date.timeIntervalSinceReferenceDate.bitPattern)), size: 8, to: &bytes)
            case .data(let data):
                marker(0x4, count: data.count, to: &bytes)
                bytes += data
            case .string(let text) where text.utf8.allSatisfy({ $0 < 0x80 }):
                marker(0x5, count: text.utf8.count, to: &bytes)
                bytes += text.utf8
            case .string(let text):
                let units = Array(text.utf16)
                marker(0x6, count: units.count, to: &bytes)
                for unit in units { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
            case .uid(let number):
                // A UID's size is its length minus one in the low nibble, in 1, 2, 4 or 8 bytes.
                let size = number < 0 ? 8 : byteCount(for: number)
                bytes.append(0x80 | UInt8(size - 1))
                append(number, size: size, to: &bytes)
            case .array, .dictionary:
                preconditionFailure("containers are written as nodes")
            }
        }
    }

    /// An object's marker: the type in the high nibble, a count below 15 in the low one, else 0xF and
    /// the count as an integer object.
    private static func marker(_ type: UInt8, count: Int, to bytes: inout [UInt8]) {
        if count < 15 {
            bytes.append(type << 4 | UInt8(count))
        } else {
            bytes.append(type << 4 | 0x0F)
            writeInteger(count, to: &bytes)
        }
    }

    /// Integers of one, two and four bytes are unsigned; eight bytes are signed, so negatives take eight.
    private static func writeInteger(_ number: Int, to bytes: inout [UInt8]) {
        let size = number < 0 ? 8 : byteCount(for: number)
        bytes.append(0x10 | UInt8(size.trailingZeroBitCount))
        append(number, size: size, to: &bytes)
    }

    /// The smallest of 1, 2, 4 and 8 bytes that holds a non-negative `number`.
    private static func byteCount(for number: Int) -> Int {
        switch number {
        case ...0xFF: 1
        case ...0xFFFF: 2
        case ...0xFFFF_FFFF: 4
        default: 8
        }
    }

    /// Appends the low `size` bytes of `number`, big-endian.
    private static func append(_ number: Int, size: Int, to bytes: inout [UInt8]) {
        let bits = UInt64(UInt(bitPattern: number))
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }
}
