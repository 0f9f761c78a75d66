import Foundation
import SwiftData

@Model
final class Ingredient {
    var share: Percentage = 0.5
    var key: Identifier?
    var weight: Units.Grams = 0

    init() {}
}
