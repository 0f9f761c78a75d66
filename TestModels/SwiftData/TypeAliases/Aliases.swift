import Foundation

/// Aliases in a file of their own, as teams write them: the reader follows them as Swift does.
typealias Percentage = Double
typealias Identifier = UUID

enum Units {
    typealias Grams = Int32
}
