/// Builds the object table of an NSKeyedArchiver archive: `$null` first, each class description
/// once, objects referring to each other by `.uid`. An object's slot is reserved before its fields
/// are known, so graphs with cycles (an owner and what it owns) can be written.
package struct KeyedArchiveBuilder {
    /// The `$objects` table.
    package private(set) var objects: [PlistValue] = [.string("$null")]
    private var classes: [String: Int] = [:]
    private var sharedStrings: [String: Int] = [:]

    /// NSKeyedArchiver's nil: a reference to `$null`.
    package static let null = PlistValue.uid(0)

    package init() {}

    /// A slot for an object whose fields `fill` gives later.
    package mutating func reserve() -> Int {
        objects.append(.string("$null"))
        return objects.count - 1
    }

    /// Gives the object in `slot` its class (the chain from the class to NSObject) and fields.
    package mutating func fill(_ slot: Int, classes chain: [String], _ fields: [String: PlistValue]) {
        var dictionary = fields
        dictionary["$class"] = .uid(classReference(chain))
        objects[slot] = .dictionary(dictionary)
    }

    /// A new object of class `chain` with `fields`, as a reference.
    package mutating func object(_ chain: [String], _ fields: [String: PlistValue]) -> PlistValue {
        let slot = reserve()
        fill(slot, classes: chain, fields)
        return .uid(slot)
    }

    /// A string object, as a reference.
    package mutating func string(_ text: String) -> PlistValue {
        objects.append(.string(text))
        return .uid(objects.count - 1)
    }

    /// A number or boolean object (an NSNumber encoded as an object), as a reference.
    package mutating func number(_ value: PlistValue) -> PlistValue {
        objects.append(value)
        return .uid(objects.count - 1)
    }

    /// A string object written once per archive, as a reference: Xcode's archived expressions hold
    /// each distinct string (a selector, a variable's name) once, however often it is used.
    package mutating func sharedString(_ text: String) -> PlistValue {
        if let index = sharedStrings[text] { return .uid(index) }
        objects.append(.string(text))
        sharedStrings[text] = objects.count - 1
        return .uid(objects.count - 1)
    }

    /// A string object, or `$null` for nil.
    package mutating func string(_ text: String?) -> PlistValue { text.map { string($0) } ?? Self.null }

    /// An `NSMutableArray` of `items` (references or inline numbers), as a reference.
    package mutating func mutableArray(_ items: [PlistValue]) -> PlistValue {
        object(["NSMutableArray", "NSArray", "NSObject"], ["NS.objects": .array(items)])
    }

    /// An `NSMutableDictionary` with string keys, in the order given, as a reference.
    package mutating func mutableDictionary(_ pairs: [(key: String, value: PlistValue)]) -> PlistValue {
        let keys = pairs.map { string($0.key) }
        return object(
            ["NSMutableDictionary", "NSDictionary", "NSObject"], ["NS.keys": .array(keys), "NS.objects": .array(pairs.map(\.value))])
    }

    /// The archive's bytes (a binary property list) with `root` as `$top.root`.
    package func archive(root: PlistValue) -> [UInt8] {
        BinaryPropertyList.encode(
            .dictionary([
                "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000), "$top": .dictionary(["root": root]),
                "$objects": .array(objects),
            ]))
    }

    private mutating func classReference(_ chain: [String]) -> Int {
        if let index = classes[chain[0]] { return index }
        objects.append(.dictionary(["$classname": .string(chain[0]), "$classes": .array(chain.map(PlistValue.string))]))
        classes[chain[0]] = objects.count - 1
        return objects.count - 1
    }
}
