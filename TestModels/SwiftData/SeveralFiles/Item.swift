import Foundation
import SwiftData

extension ShelfSchemaV1 {
    @Model
    class Item {
        var title: String = ""
        @Relationship(inverse: \Cover.item) var cover: Cover

        init(cover: Cover) {
            self.cover = cover
        }
    }

    @Model
    final class Book: Item {
        var pages: Int = 0
    }

    @Model
    final class Cover {
        var color: String = ""
        var item: Item

        init(item: Item) {
            self.item = item
        }
    }
}

extension ShelfSchemaV2 {
    @Model
    class Item {
        var title: String = ""
        @Relationship(inverse: \Cover.item) var cover: Cover

        init(cover: Cover) {
            self.cover = cover
        }
    }

    @Model
    final class Book: Item {
        var pages: Int = 0
    }

    @Model
    final class Cover {
        var color: String = ""
        var item: Item

        init(item: Item) {
            self.item = item
        }
    }
}
