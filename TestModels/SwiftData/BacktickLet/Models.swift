import Foundation
import SwiftData

/// A backticked keyword names the property without its backticks, and a `let` property is stored
/// (SwiftData persists `id` as column ZID, a UUID attribute, in the model it caches in the store).
@Model
final class Part {
    let id = UUID()
    let serial: String
    var `default`: Bool = false
    var count: Int = 1

    init(serial: String) {
        self.serial = serial
    }
}
