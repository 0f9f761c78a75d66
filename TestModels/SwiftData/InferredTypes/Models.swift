import Foundation
import SwiftData

enum Provider: String, Codable {
    case ollama
    case openAI
}

/// Properties typed only by their initializer: Swift infers the type, and SwiftData stores it.
@Model
final class Settings {
    var provider = Provider.ollama
    var tags = [String]()
    var score = 0.0
    var name = "default"

    init() {}
}
