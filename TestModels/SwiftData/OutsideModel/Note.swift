import Foundation
import SwiftData

/// The app's live model class, edited in every release.
@Model
final class Note {
    var title: String
    var body: String
    var createdAt: Date
    var isArchived: Bool = false

    init(title: String, body: String) {
        self.title = title
        self.body = body
        self.createdAt = Date()
    }
}
