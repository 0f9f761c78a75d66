/// An NSKeyedArchiver archive (`$archiver`, `$objects`, `$top`): Xcode's compiled models (`.mom`),
/// compiled mapping models (`.cdm`), a store's `Z_MODELCACHE` and archived expressions.
///
/// Objects refer to each other by UID, and an archive may be hostile: references may point anywhere,
/// form cycles or be shared by many parents. So the reader never follows references on its own:
/// every accessor resolves one UID, one level, and walks a list in time linear in its length. A
/// decoder that follows a path of references does so with its own depth bound, and cycles cannot
/// make it loop because each step it takes is one it asked for.
package struct KeyedArchive: Sendable {
    /// The archive's `$objects`.
    package let objects: [PlistValue]
    /// The archive's `$top` entries.
    package let top: [String: PlistValue]
    /// The file the archive came from, for diagnostics.
    package let path: String

    /// Decodes a binary property list and checks that it is a keyed archive.
    package init(bytes: [UInt8], path: String) throws(Diagnostic) {
        let plist: PlistValue
        do {
            plist = try BinaryPropertyList.decode(bytes, path: path)
        } catch {
            throw Self.failure(path, "not an NSKeyedArchiver archive: \(error.message)")
        }
        try self.init(plist: plist, path: path)
    }

    /// Checks that an already decoded property list is a keyed archive.
    package init(plist: PlistValue, path: String) throws(Diagnostic) {
        guard case .dictionary(let archive) = plist, case .array(let objects)? = archive["$objects"],
            case .dictionary(let top)? = archive["$top"]
        else { throw Self.failure(path, "not an NSKeyedArchiver archive (no $objects or $top)") }
        self.objects = objects
        self.top = top
        self.path = path
    }

    /// An error about this archive; an archive has no lines, so it points at the file's start.
    package func failure(_ message: String) -> Diagnostic { Self.failure(path, message) }

    static func failure(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(path: path, line: 1, column: 1, message: message)
    }

    /// The root object (`$top.root`), if it is an object.
    package var root: ArchivedObject? { object(top["root"]) }

    /// A value with one UID resolved; nil for a missing value, `$null` or a UID out of range.
    package func resolve(_ value: PlistValue?) -> PlistValue? {
        guard case .uid(let index)? = value else { return value }
        guard index >= 0, index < objects.count else { return nil }
        if index == 0, case .string("$null") = objects[0] { return nil }
        return objects[index]
    }

    /// The object a value refers to (a dictionary with its fields), if any.
    package func object(_ value: PlistValue?) -> ArchivedObject? {
        guard case .dictionary(let fields)? = resolve(value) else { return nil }
        var reference: Int?
        if case .uid(let index)? = value { reference = index }
        return ArchivedObject(archive: self, fields: fields, reference: reference)
    }

    /// A string: a plain string object, or an `NSString`/`NSMutableString` archived as `NS.string`.
    package func string(_ value: PlistValue?) -> String? {
        switch resolve(value) {
        case .string(let text)?: return text
        case .dictionary(let fields)?:
            if case .string(let text)? = resolve(fields["NS.string"]) { return text }
            if case .data(let bytes)? = resolve(fields["NS.bytes"]) { return String(decoding: bytes, as: UTF8.self) }
            return nil
        default: return nil
        }
    }

    /// The elements of an `NSArray`, `NSSet` or `NSOrderedSet` (and their mutable kinds), unresolved.
    package func array(_ value: PlistValue?) -> [PlistValue]? {
        switch resolve(value) {
        case .array(let items)?: return items
        case .dictionary(let fields)?:
            if case .array(let items)? = fields["NS.objects"], fields["NS.keys"] == nil { return items }
            return nil
        default: return nil
        }
    }

    /// The entries of an `NSDictionary` (`NS.keys`/`NS.objects`) or of the `NSKnownKeysDictionary1`
    /// Core Data archives into a store's model cache (`searchMapping.keys` and `values`), in archive
    /// order, values unresolved. Keys that are not strings are left out.
    package func dictionary(_ value: PlistValue?) -> [(key: String, value: PlistValue)]? {
        guard case .dictionary(let fields)? = resolve(value) else { return nil }
        let keys: [PlistValue]
        let values: [PlistValue]
        if case .array(let k)? = fields["NS.keys"], case .array(let v)? = fields["NS.objects"] {
            keys = k
            values = v
        } else if let mapping = object(fields["searchMapping"]), let k = array(mapping.fields["keys"]), let v = array(fields["values"]) {
            keys = k
            values = v
        } else {
            return nil
        }
        // The known-keys kind marks empty slots with a token; a slot holding it has no entry.
        let emptyToken = string(fields["emptyToken"])
        var entries: [(key: String, value: PlistValue)] = []
        entries.reserveCapacity(min(keys.count, values.count))
        for (key, item) in zip(keys, values) {
            guard let name = string(key) else { continue }
            if let emptyToken, string(item) == emptyToken { continue }
            entries.append((name, item))
        }
        return entries
    }

    /// Bytes: a data object, or an `NSData`/`NSMutableData` archived as `NS.bytes` or `NS.data`.
    package func data(_ value: PlistValue?) -> [UInt8]? {
        switch resolve(value) {
        case .data(let bytes)?: return bytes
        case .dictionary(let fields)?:
            if case .data(let bytes)? = resolve(fields["NS.bytes"] ?? fields["NS.data"]) { return bytes }
            return nil
        default: return nil
        }
    }

    /// The class name of an archived object (`$class` → `$classname`).
    package func className(of fields: [String: PlistValue]) -> String? {
        guard case .dictionary(let info)? = resolve(fields["$class"]), case .string(let name)? = info["$classname"] else { return nil }
        return name
    }
}

/// One archived object: its fields, read through the archive it belongs to.
package struct ArchivedObject: Sendable {
    /// The archive.
    package let archive: KeyedArchive
    /// The object's fields as archived, references unresolved.
    package let fields: [String: PlistValue]
    /// The object's index in `$objects`, when it was reached through a reference.
    package let reference: Int?

    /// The object's class name.
    package var className: String? { archive.className(of: fields) }
    /// A field's value, its reference resolved.
    package func value(_ key: String) -> PlistValue? { archive.resolve(fields[key]) }
    /// The object a field refers to.
    package func object(_ key: String) -> ArchivedObject? { archive.object(fields[key]) }
    /// A field's string.
    package func string(_ key: String) -> String? { archive.string(fields[key]) }
    /// A field's bytes.
    package func data(_ key: String) -> [UInt8]? { archive.data(fields[key]) }
    /// The objects of an array or set field, in archive order (elements that are not objects are left out).
    package func objects(_ key: String) -> [ArchivedObject] {
        (archive.array(fields[key]) ?? []).compactMap { archive.object($0) }
    }
    /// A dictionary field's entries.
    package func dictionary(_ key: String) -> [(key: String, value: PlistValue)]? { archive.dictionary(fields[key]) }

    /// A number field as an integer (a real only when it is a whole number).
    package func integer(_ key: String) -> Int? {
        switch value(key) {
        case .integer(let number)?: return number
        case .real(let number)?: return number.isFinite && number.rounded() == number && abs(number) < 1e15 ? Int(number) : nil
        case .bool(let flag)?: return flag ? 1 : 0
        default: return nil
        }
    }

    /// A boolean field; a missing field is false, as `-[NSCoder decodeBoolForKey:]` reads it.
    package func bool(_ key: String) -> Bool {
        switch value(key) {
        case .bool(let flag)?: return flag
        case .integer(let number)?: return number != 0
        default: return false
        }
    }
}
