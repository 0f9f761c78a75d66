/// The names a model may use, checked before anything else reads them.
///
/// Core Data's names are key-value coding keys and Objective-C accessor names (`name`, `setName:`,
/// `primitiveName`), and modeldiff turns them into SQLite table and column names (`ZPOST`,
/// `ZTITLE`): a name with a space, a dot, a quote or a semicolon is none of these, and is exactly what
/// an attacker would put in a model file to reach SQL.
/// The rule has two strengths:
/// - errors: every entity name is a letter, and every property name a letter or an underscore, then
///   letters, digits and underscores — what a key, an accessor and a column can be. "Must begin with a
///   letter" for a property is Xcode's model editor's rule, not Core Data's: SwiftData builds models with
///   `_id` and stores it in column `Z_ID`. A stored property whose column would be one of the three Core
///   Data gives every table itself (`_pk` is `Z_PK`) is an error: decompiled CoreData shows
///   `-[NSSQLStoreMappingGenerator newGeneratedPropertyName:]` naming a column `Z` + the upper-cased name,
///   unique only among the generated names, while `Z_PK`, `Z_ENT` and `Z_OPT` are set on their columns
///   without the generator, so the table would have two columns of one name;
/// - warnings, which do not refuse the file: an entity name should start with an upper-case letter
///   and a property name with a lower-case one (Xcode's model editor asks for it, but a file edited
///   by hand or by another tool can differ), and a property should not take the name of a
///   no-parameter method of `NSObject` or `NSManagedObject` ("you cannot give a property the name
///   “description”", `NSPropertyDescription.name`'s documentation). No decompilation or compiler
///   message shows Core Data refusing these at run time, and a production model with one such name
///   must still load: refusing it would stop a team's CI on a model their app ships;
/// - configuration, fetch request, fetch index and renaming-identifier names are identifiers: a
///   letter or an underscore, then letters, digits and underscores.
/// Every model under `../shared` (242 model versions of real apps) passes; version hash modifiers are
/// free text in real models (`add index`) and never reach SQL, so they are not checked.
extension ModelValidator {
    /// No-parameter methods of `NSObject` and `NSManagedObject` that a property would shadow.
    static let reservedPropertyNames: Set<String> = [
        "description", "debugDescription", "class", "superclass", "self", "hash", "zone", "isProxy",
        "entity", "objectID", "managedObjectContext", "isInserted", "isUpdated", "isDeleted", "isFault",
        "hasChanges", "hasPersistentChangedValues", "changedValues", "changedValuesForCurrentEvent",
        "faultingState", "observationInfo", "awakeFromFetch", "awakeFromInsert", "willSave", "didSave",
        "willTurnIntoFault", "didTurnIntoFault", "prepareForDeletion", "validateForDelete", "validateForInsert",
        "validateForUpdate", "retain", "release", "autorelease", "retainCount", "copy", "mutableCopy", "init", "dealloc",
    ]

    /// Throws for a name that cannot be one; returns warnings for names that break Xcode's conventions.
    func validateNames() throws(Diagnostic) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for (position, entity) in model.entities.enumerated() where !isLocallyValid(at: position) {
            try validateNames(of: entity, into: &warnings)
        }
        for composite in model.composites {
            try check(composite.name, "composite name", line: composite.line)
            for attribute in composite.attributes {
                try check(attribute.name, letterFirst: true, "property name", expected: "a letter", line: attribute.line)
                convention(attribute.name, upperCase: false, "property name", "a lower-case letter", attribute.line, into: &warnings)
            }
        }
        for configuration in model.configurations {
            try check(configuration.name, "configuration name", line: configuration.line)
        }
        for request in model.fetchRequests where !request.name.isEmpty {
            try check(request.name, "fetch request name", line: request.line)
        }
        return warnings
    }

    /// The names of one entity, its properties and fetch indexes, which depend on nothing else in the model.
    func validateNames(of entity: Entity, into warnings: inout [Diagnostic]) throws(Diagnostic) {
        try check(entity.name, letterFirst: true, "entity name", expected: "a letter", line: entity.line)
        convention(entity.name, upperCase: true, "entity name", "an upper-case letter", entity.line, into: &warnings)
        if let identifier = entity.renamingIdentifier {
            try check(identifier, "renaming identifier of entity \"\(entity.name)\"", line: entity.line)
        }
        // A fetch index's name becomes part of its SQLite index name (`Z_Note_byTitle`).
        for index in entity.fetchIndexes {
            try check(index.name, "fetch index name", line: index.line)
        }
        for property in entity.properties {
            try check(property.name, "property name", line: property.line)
            try checkColumn(of: property, in: entity)
            convention(property.name, upperCase: false, "property name", "a lower-case letter", property.line, into: &warnings)
            if Self.reservedPropertyNames.contains(property.name) {
                warnings.append(
                    Diagnostic(
                        .warning, path: property.line.file(or: path), line: property.line.value,
                        message:
                            """
                            property \"\(entity.name).\(property.name)\" has the name of a method of NSObject or NSManagedObject, which \
                            Core Data's documentation forbids: its accessors would replace the method
                            """
                    ))
            }
            if property.canonicalName != property.name {
                try check(
                    property.canonicalName, "renaming identifier of property \"\(entity.name).\(property.name)\"", line: property.line)
            }
        }
    }

    /// Warns when `name` does not begin with the case Xcode's model editor asks for.
    private func convention(
        _ name: String, upperCase: Bool, _ what: String, _ expected: String, _ line: SourceLine, into warnings: inout [Diagnostic]
    ) {
        // A name whose first two bytes are ASCII starts with that one ASCII character (no combining
        // mark follows it): decided from the byte, without Unicode's character properties.
        var bytes = name.utf8.makeIterator()
        let breaksConvention: Bool
        if let byte = bytes.next(), byte < 0x80, bytes.next().map({ $0 < 0x80 }) ?? true {
            breaksConvention = upperCase ? (0x61...0x7A).contains(byte) : (0x41...0x5A).contains(byte)
        } else if let head = name.first, head.isLetter {
            breaksConvention = upperCase ? !head.isUppercase : !head.isLowercase
        } else {
            breaksConvention = false
        }
        if breaksConvention {
            warnings.append(
                Diagnostic(
                    .warning, path: line.file(or: path), line: line.value,
                    message: "\(what) \"\(name)\" should begin with \(expected), as Xcode's model editor asks"))
        }
    }

    /// Throws unless `name` is a letter or underscore followed by letters, digits and underscores
    /// (or, with `letterFirst`, starts with a letter).
    private func check(
        _ name: String, letterFirst: Bool = false, _ what: String, expected: String = "a letter or an underscore",
        line: SourceLine
    ) throws(Diagnostic) {
        // Almost every name is ASCII letters, digits and underscores: accept those from their bytes,
        // without Unicode's character properties (which were a twentieth of reading a model).
        if let byte = name.utf8.first, Self.isASCIILetter(byte) || (!letterFirst && byte == UInt8(ascii: "_")),
            name.utf8.allSatisfy({ Self.isASCIILetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_") })
        {
            return
        }
        guard let head = name.first else { throw error(line, "the \(what) is empty") }
        let startsWell = letterFirst ? head.isLetter : (head.isLetter || head == "_")
        guard startsWell else {
            throw error(line, "\(what) \"\(name)\" must begin with \(expected)")
        }
        if let bad = name.first(where: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
            throw error(line, "\(what) \"\(name)\" may hold only letters, digits and underscores, not \"\(bad)\"")
        }
    }

    /// The columns Core Data gives every entity table itself: primary key, entity number, optimistic lock.
    static let reservedColumns: Set<String> = ["Z_PK", "Z_ENT", "Z_OPT"]

    /// Throws when a stored property's column would be one of `reservedColumns`.
    private func checkColumn(of property: Property, in entity: Entity) throws(Diagnostic) {
        guard property.name.first == "_" else { return }
        let hasColumn: Bool
        switch property {
        case .attribute(let attribute): hasColumn = !attribute.isTransient
        case .relationship(let relationship): hasColumn = !relationship.isTransient && !relationship.isToMany
        case .fetchedProperty: hasColumn = false
        }
        let column = columnName(property.name)
        guard hasColumn, Self.reservedColumns.contains(column) else { return }
        throw error(
            property.line,
            """
            property "\(entity.name).\(property.name)" would be stored in column \(column), which Core Data gives every table itself \
            (Z_PK, Z_ENT, Z_OPT): a column is Z and the property's upper-cased name, and Core Data does not number it away from \
            these, so the store cannot be created; rename the property
            """)
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}
