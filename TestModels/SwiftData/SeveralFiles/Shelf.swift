import Foundation
import SwiftData

extension ShelfSchemaV1 {
    @Model
    final class Shelf {
        var name: String = ""

        init() {}
    }
}

extension ShelfSchemaV2 {
    @Model
    final class Shelf {
        var name: String = ""
        var label: String

        init(label: String) {
            self.label = label
        }
    }
}
