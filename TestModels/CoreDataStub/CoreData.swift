// A stand-in for the part of Core Data that `modeldiff plan --format swift` uses, with Apple's
// signatures (iOS 17 / macOS 14 SDK), so the generated source can be type-checked on Linux.
// PlanTests compiles it as a module named CoreData; it is in no target of the package.
// Apple's CoreData module re-exports Foundation, as this one does.
@_exported import Foundation

open class NSManagedObjectModel {}

open class NSPersistentStore {
    public struct StoreType: RawRepresentable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let sqlite = StoreType(rawValue: "SQLite")
    }
    open var url: URL? { nil }
}

open class NSPersistentStoreCoordinator {
    open var persistentStores: [NSPersistentStore] { [] }
    open func replacePersistentStore(
        at destinationURL: URL, destinationOptions: [AnyHashable: Any]? = nil, withPersistentStoreFrom sourceURL: URL,
        sourceOptions: [AnyHashable: Any]? = nil, type storeType: NSPersistentStore.StoreType
    ) throws {}
    open func destroyPersistentStore(at url: URL, type storeType: NSPersistentStore.StoreType, options: [AnyHashable: Any]? = nil) throws {}
}

open class NSPersistentContainer {
    open var persistentStoreCoordinator: NSPersistentStoreCoordinator { NSPersistentStoreCoordinator() }
}

open class NSMappingModel {
    public init?(contentsOf url: URL?) {}
}

open class NSMigrationManager {
    public init(sourceModel: NSManagedObjectModel, destinationModel: NSManagedObjectModel) {}
    open func migrateStore(
        from sourceURL: URL, type sourceType: NSPersistentStore.StoreType, options sourceOptions: [AnyHashable: Any]? = nil,
        mapping: NSMappingModel, to destinationURL: URL, type destinationType: NSPersistentStore.StoreType,
        options destinationOptions: [AnyHashable: Any]? = nil
    ) throws {}
}

open class NSManagedObjectModelReference {
    public init(model: NSManagedObjectModel, versionChecksum: String) { self.versionChecksum = versionChecksum }
    public init(fileURL: URL, versionChecksum: String) { self.versionChecksum = versionChecksum }
    public init(name modelName: String, in bundle: Bundle?, versionChecksum: String) { self.versionChecksum = versionChecksum }
    public init(entityVersionHashes versionHash: [AnyHashable: Any], in bundle: Bundle?, versionChecksum: String) {
        self.versionChecksum = versionChecksum
    }
    public var resolvedModel: NSManagedObjectModel { NSManagedObjectModel() }
    public let versionChecksum: String
}

open class NSMigrationStage {
    public var label: String?
}

open class NSLightweightMigrationStage: NSMigrationStage {
    public let versionChecksums: [String]
    public convenience init(_ checksums: [String]) { self.init(checksums: checksums) }
    private init(checksums: [String]) { versionChecksums = checksums }
}

open class NSCustomMigrationStage: NSMigrationStage {
    public let currentModel: NSManagedObjectModelReference
    public let nextModel: NSManagedObjectModelReference
    public var willMigrateHandler: ((NSStagedMigrationManager, NSCustomMigrationStage) throws -> Void)?
    public var didMigrateHandler: ((NSStagedMigrationManager, NSCustomMigrationStage) throws -> Void)?
    public convenience init(migratingFrom currentModel: NSManagedObjectModelReference, to nextModel: NSManagedObjectModelReference) {
        self.init(current: currentModel, next: nextModel)
    }
    private init(current: NSManagedObjectModelReference, next: NSManagedObjectModelReference) {
        currentModel = current
        nextModel = next
    }
}

open class NSStagedMigrationManager {
    public let stages: [NSMigrationStage]
    public var container: NSPersistentContainer? { nil }
    public convenience init(_ stages: [NSMigrationStage]) { self.init(stages: stages) }
    private init(stages: [NSMigrationStage]) { self.stages = stages }
}
