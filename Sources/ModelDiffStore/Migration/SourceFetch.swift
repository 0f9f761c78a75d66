import Foundation
@_spi(CLI) import ModelDiffKit

/// What an entity mapping's source expression fetches: Core Data's own form,
/// `FETCH(FUNCTION($manager, "fetchRequestForSourceEntityNamed:predicateString:", "Item", "image != nil"), $manager.sourceContext, NO)`,
/// whose predicate selects the source objects the mapping migrates.
struct SourceFetch: Sendable {
    /// The predicate as written in the source expression's string.
    let predicateText: String
    /// The parsed predicate; nil when it is `TRUEPREDICATE` (or empty): every object.
    let predicate: ValueExpression?
}

extension SourceExpressionCheck {
    /// The fetch of `mapping`'s source expression; nil when it has none (every object is read).
    static func fetch(_ mapping: EntityMapping) throws(MigrationError) -> SourceFetch? {
        let text: String?
        do {
            text = try predicateText(mapping)
        } catch {
            throw MigrationError(.migration, error.message, mapping: mapping.name)
        }
        guard let predicateText = text else { return nil }
        let predicate: ValueExpression
        do {
            predicate = try parsePredicate(predicateText)
        } catch {
            throw MigrationError(
                .migration, "the source expression's predicate \"\(predicateText)\": \(error.description)", mapping: mapping.name)
        }
        if case .predicate(true) = predicate { return SourceFetch(predicateText: predicateText, predicate: nil) }
        return SourceFetch(predicateText: predicateText, predicate: predicate)
    }
}
