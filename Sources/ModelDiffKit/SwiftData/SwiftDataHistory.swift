/// What a folder of Swift sources declares for SwiftData: its `VersionedSchema`s, each converted to the
/// Core Data model SwiftData builds from its `@Model` types at run time, and its `SchemaMigrationPlan`s.
///
/// `SwiftDataReader` reads it (swift-syntax, no compiler); `ModelBundle` turns it into versions, so every
/// command that takes a `.xcdatamodeld` bundle takes a Swift source folder too.
public struct SwiftDataHistory: Sendable {
    /// The folder as the user named it.
    public let folder: String
    /// Every `VersionedSchema` declared in the folder, in the order of their files' paths, then of the source.
    public let schemas: [SwiftDataSchema]
    /// The `VersionedSchema`s SwiftData cannot build (their classes reach two classes of one name, or
    /// their model is one Core Data refuses), each with its problem: the others are read all the same.
    public let unreadableSchemas: [SwiftDataUnreadableSchema]
    /// The `@Model` types declared outside any `VersionedSchema` (the app's live classes), as one model,
    /// or nil when there are none.
    public let liveModels: LoadedModel?
    /// Every `SchemaMigrationPlan` declared in the folder, in the same order.
    public let plans: [SwiftDataPlan]
    /// What the reader could not read from source, each naming it and where it stands (a property type
    /// declared in another module, an `@Attribute` argument that is not a literal).
    public let warnings: [Diagnostic]

    /// Creates a history.
    package init(
        folder: String, schemas: [SwiftDataSchema], unreadableSchemas: [SwiftDataUnreadableSchema] = [], liveModels: LoadedModel?,
        plans: [SwiftDataPlan], warnings: [Diagnostic]
    ) {
        self.folder = folder
        self.schemas = schemas
        self.unreadableSchemas = unreadableSchemas
        self.liveModels = liveModels
        self.plans = plans
        self.warnings = warnings
    }
}

/// A place in a Swift source file: the file as found under the folder the user named, 1-based line and column.
public struct SwiftSourceLocation: Sendable, Hashable {
    /// The file's path (the folder as given, joined with the file's path inside it).
    public let path: String
    /// The 1-based line.
    public let line: Int
    /// The 1-based column.
    public let column: Int

    /// Creates a location.
    package init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }
}

/// One `VersionedSchema` (`enum SchemaV2: VersionedSchema`) and the model SwiftData builds from its `models`.
public struct SwiftDataSchema: Sendable {
    /// A type the schema's `models` names that is declared outside the schema.
    public struct OutsideModel: Sendable, Hashable {
        /// The class's qualified name as declared (`Note`, `SchemaV1.Note`), however `models` spells it
        /// (`Note.self` through `typealias Note = SchemaV1.Note` is `SchemaV1.Note`).
        public let typeName: String
        /// Where `models` names it.
        public let location: SwiftSourceLocation

        /// Creates an outside model.
        package init(typeName: String, location: SwiftSourceLocation) {
            self.typeName = typeName
            self.location = location
        }
    }

    /// The schema's type name (`SchemaV2`): the version's name in every command.
    public let name: String
    /// `versionIdentifier`'s literal parts (`Schema.Version(2, 0, 0)` is `[2, 0, 0]`), or nil when it is
    /// not a literal the reader can evaluate (a warning says so).
    public let versionIdentifier: [Int]?
    /// The schema's declaration.
    public let location: SwiftSourceLocation
    /// The Core Data model of the `@Model` types `models` names; its path is the file that declares the
    /// schema; an element declared in another file carries that file with its line (``SourceLine/file``).
    public let loaded: LoadedModel
    /// The types `models` names that are declared outside the schema (live classes or another schema's):
    /// a shipped schema must not follow later edits of them.
    public let outsideModels: [OutsideModel]

    /// Creates a schema.
    package init(
        name: String, versionIdentifier: [Int]?, location: SwiftSourceLocation, loaded: LoadedModel, outsideModels: [OutsideModel]
    ) {
        self.name = name
        self.versionIdentifier = versionIdentifier
        self.location = location
        self.loaded = loaded
        self.outsideModels = outsideModels
    }
}

/// A `VersionedSchema` whose model cannot be built, and why.
public struct SwiftDataUnreadableSchema: Sendable {
    /// The schema's type name (`SchemaV1`).
    public let name: String
    /// `versionIdentifier`'s literal parts, as ``SwiftDataSchema/versionIdentifier``.
    public let versionIdentifier: [Int]?
    /// The schema's declaration.
    public let location: SwiftSourceLocation
    /// Why its model cannot be built, at the place that shows it.
    public let problem: Diagnostic

    /// Creates an unreadable schema.
    package init(name: String, versionIdentifier: [Int]?, location: SwiftSourceLocation, problem: Diagnostic) {
        self.name = name
        self.versionIdentifier = versionIdentifier
        self.location = location
        self.problem = problem
    }
}

/// One `SchemaMigrationPlan`: its `schemas` in order and its `stages` in order.
public struct SwiftDataPlan: Sendable {
    /// One schema as the plan's `schemas` names it.
    public struct SchemaReference: Sendable, Hashable {
        /// The schema's type name as written (`SchemaV1`).
        public let name: String
        /// Where the plan names it.
        public let location: SwiftSourceLocation

        /// Creates a reference.
        package init(name: String, location: SwiftSourceLocation) {
            self.name = name
            self.location = location
        }
    }

    /// The plan's type name (`NotesMigrationPlan`).
    public let name: String
    /// The plan's declaration.
    public let location: SwiftSourceLocation
    /// `static var schemas`, in order.
    public let schemas: [SchemaReference]
    /// `static var stages`, in order, each resolved to the `MigrationStage` value it names.
    public let stages: [SwiftDataStage]

    /// Creates a plan.
    package init(name: String, location: SwiftSourceLocation, schemas: [SchemaReference], stages: [SwiftDataStage]) {
        self.name = name
        self.location = location
        self.schemas = schemas
        self.stages = stages
    }
}

/// One `MigrationStage`: `.lightweight(fromVersion:toVersion:)` or `.custom(fromVersion:toVersion:willMigrate:didMigrate:)`.
public struct SwiftDataStage: Sendable, Hashable {
    /// The stage's kind.
    public enum Kind: String, Sendable, Hashable {
        case lightweight, custom
    }

    /// The property that holds the stage (`migrateV1toV2`), or nil when `stages` spells it inline.
    public let name: String?
    /// The kind.
    public let kind: Kind
    /// `fromVersion:`'s schema type name (`SchemaV1`, from `SchemaV1.self`).
    public let fromVersion: String
    /// `toVersion:`'s schema type name.
    public let toVersion: String
    /// Where the stage is spelled (`.lightweight(` or `.custom(`).
    public let location: SwiftSourceLocation
    /// Whether a custom stage passes a `willMigrate` closure (not `nil`).
    public let hasWillMigrate: Bool
    /// Whether a custom stage passes a `didMigrate` closure (not `nil`).
    public let hasDidMigrate: Bool

    /// Creates a stage.
    package init(
        name: String?, kind: Kind, fromVersion: String, toVersion: String, location: SwiftSourceLocation, hasWillMigrate: Bool,
        hasDidMigrate: Bool
    ) {
        self.name = name
        self.kind = kind
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.location = location
        self.hasWillMigrate = hasWillMigrate
        self.hasDidMigrate = hasDidMigrate
    }
}
