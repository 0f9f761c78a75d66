import Foundation
import SwiftData

/// A required attribute whose type is a Codable struct: SwiftData stores it as a Composite attribute
/// (NSCompositeAttributeDescription) of the struct's stored properties.
struct Point: Codable {
    var x: Double
    var y: Double
}

enum ItemSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [ItemModel.self]
    }

    @Model
    final class ItemModel {
        var name: String = ""
        var center: Point

        init(center: Point) {
            self.center = center
        }
    }
}

enum ItemSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [ItemModel.self]
    }

    @Model
    final class ItemModel {
        var name: String = ""
        var center: Point
        var note: String = ""

        init(center: Point) {
            self.center = center
        }
    }
}
