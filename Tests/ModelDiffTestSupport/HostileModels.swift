import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

/// Models whose names are attacks on SQL, built in Swift (the model reader may refuse such names;
/// the library must be safe without it) and migrated through the library.
///
/// A property the migration maps is named in the mapping's value expressions (`$source.name`), so it
/// must be an expression key (letters of any script, digits, `_`); entity names are written into the
/// expressions' string literals (without a `"`, which the inferred mapping does not escape). Every
/// other name is free text: properties only one version has (their columns, join table and indexes
/// still reach SQL on both sides), the fetch index, the configuration, and a default value.
package struct HostileNames {
    /// A hierarchy root, its sub-entity, and a second entity (free text without `"`).
    package var root, child, other: String
    /// Mapped properties (keys): the root's attributes, `other`'s to-one to the root and its inverse,
    /// a many-to-many pair (a join table), the sub-entity's attribute.
    package var text, number, owner, items, tags, tagged, childText: String
    /// Free text: an attribute, a to-one and a many-to-many pair only this version has (so never
    /// mapped), the fetch index, the configuration, and the unmapped attribute's default. The to-one
    /// is in source models only: the SQL fast path declines a new to-one the mapping leaves empty.
    package var lone, loneLink, loneTags, loneTagged, fetchIndex, configuration, defaultText: String

    /// All names: `entity`, `key` and `free` make one for a role; each is made distinct by a suffix
    /// (Core Data capitalises names into columns, so names differing in case only would collide).
    package init(entity: (String) -> String, key: (String) -> String, free: (String) -> String) {
        var used = Set<String>()
        func unique(_ role: String, _ make: (String) -> String) -> String {
            var name = make(role)
            var counter = 0
            while name.isEmpty || !used.insert(name.uppercased()).inserted {
                counter += 1
                name = make(role) + "\(counter)"
            }
            return name
        }
        root = unique("root", entity)
        child = unique("child", entity)
        other = unique("other", entity)
        text = unique("text", key)
        number = unique("number", key)
        owner = unique("owner", key)
        items = unique("items", key)
        tags = unique("tags", key)
        tagged = unique("tagged", key)
        childText = unique("childText", key)
        lone = unique("lone", free)
        loneLink = unique("loneLink", free)
        loneTags = unique("loneTags", free)
        loneTagged = unique("loneTagged", free)
        fetchIndex = unique("fetchIndex", free)
        configuration = unique("configuration", free)
        defaultText = free("default")
    }

    /// The model; with `renamedFrom`, each mapped element's renaming identifier names its counterpart
    /// there, so the inferred mapping carries every value and link across.
    package func model(renamedFrom old: HostileNames? = nil) -> Model {
        let root = Entity(
            name: self.root, renamingIdentifier: old?.root,
            attributes: [
                Attribute(name: text, type: .string, isOptional: true, renamingIdentifier: old?.text),
                Attribute(name: number, type: .integer64, isOptional: true, renamingIdentifier: old?.number, minValueString: "-1000000"),
                Attribute(name: lone, type: .string, isOptional: true, defaultValueString: defaultText),
            ],
            relationships: [
                Relationship(name: items, destinationEntity: other, inverseName: owner, isToMany: true, renamingIdentifier: old?.items),
                Relationship(name: tags, destinationEntity: other, inverseName: tagged, isToMany: true, renamingIdentifier: old?.tags),
                Relationship(name: loneTags, destinationEntity: other, inverseName: loneTagged, isToMany: true),
            ],
            uniquenessConstraints: [[text, lone]],
            fetchIndexes: [FetchIndex(name: fetchIndex, elements: [.init(property: lone), .init(property: number, order: "descending")])])
        let child = Entity(
            name: self.child, parentEntity: self.root, renamingIdentifier: old?.child,
            attributes: [Attribute(name: childText, type: .string, isOptional: true, renamingIdentifier: old?.childText)])
        let other = Entity(
            name: self.other, renamingIdentifier: old?.other,
            attributes: [Attribute(name: text, type: .string, isOptional: true, renamingIdentifier: old?.text)],
            relationships: [
                Relationship(name: owner, destinationEntity: self.root, inverseName: items, renamingIdentifier: old?.owner),
                Relationship(
                    name: tagged, destinationEntity: self.root, inverseName: tags, isToMany: true, renamingIdentifier: old?.tagged),
                Relationship(name: loneTagged, destinationEntity: self.root, inverseName: loneTags, isToMany: true),
            ] + (old == nil ? [Relationship(name: loneLink, destinationEntity: self.child)] : []))
        return Model(
            entities: [root, child, other],
            configurations: [Configuration(name: configuration, memberEntities: [self.root, self.child, self.other])])
    }

    /// Creates a store of `model()` at `path`: roots and children, each with an `other` that points
    /// back to it and is tagged with it through both many-to-manys; every attribute has a value.
    /// With `wal`, the rows are written in WAL mode and left in the `-wal`: the store is returned
    /// open (keep it until done), so the source has a `-wal` and a `-shm` whose bytes must not change.
    @discardableResult
    package func makeStore(at path: String, objects: Int = 3, wal: Bool = false) throws -> PersistentStore {
        let model = self.model()
        let store = try PersistentStore.create(path: path, model: model)
        if wal {
            try store.database.execute("PRAGMA journal_mode = WAL")
            try store.database.execute("PRAGMA wal_autocheckpoint = 0")
        }
        let writer = try StoreWriter(store: store, layout: StoreLayout(model: model))
        try store.database.execute("BEGIN")
        var lastChild: ObjectID?
        for index in 0..<objects {
            let entity = index % 2 == 0 ? root : child
            var values: [String: StoreValue] = [
                text: .string("it's \"\(index)\"; DROP TABLE x; --"), number: .integer(Int64(index)), lone: .string("lone \(index)"),
            ]
            if entity == child { values[childText] = .string("child \(index)") }
            let object = try writer.insert(entity: entity, attributes: values)
            if entity == child { lastChild = object }
            let partner = try writer.insert(entity: other, attributes: [text: .string("other \(index)")])
            try writer.setToOne(partner, entity: other, relationship: owner, to: object)
            if let lastChild { try writer.setToOne(partner, entity: other, relationship: loneLink, to: lastChild) }
            try writer.addToMany(object, entity: entity, relationship: tags, destinations: [partner])
            try writer.addToMany(object, entity: entity, relationship: loneTags, destinations: [partner])
        }
        try writer.finish()
        try store.database.execute("COMMIT")
        return store
    }
}

/// What a folder and the working directory hold, file by file, to show a migration wrote nothing else.
package struct FolderSnapshot: Equatable {
    package let files: [String: Data]

    package init(_ folder: URL) throws {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
        }
        self.files = files
    }

    /// The working directory's entry names (not their contents: other tests may be building there).
    package static func workingDirectoryNames() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)) ?? [])
    }
}

/// Reproducible pseudo-random numbers (SplitMix64), so a failing seed can be replayed.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
