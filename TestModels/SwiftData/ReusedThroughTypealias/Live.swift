import Foundation
import SwiftData

/// The app's live classes, edited in every release.
enum Live {
    @Model
    final class Tag {
        var name: String = ""
        var colour: String = ""

        init() {}
    }
}
