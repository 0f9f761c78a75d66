import Foundation

/// What an entity mapping's source expression fetches: Core Data's own form,
/// `FETCH(FUNCTION($manager, "fetchRequestForSourceEntityNamed:predicateString:", "Item", "image != nil"), $manager.sourceContext, NO)`,
/// whose predicate selects the source objects the mapping migrates.
struct SourceFetch: Sendable {
    /// The predicate as written in the source expression's string.
    let predicateText: String
    /// The parsed predicate; nil when it is `TRUEPREDICATE` (or empty): every object.
    let predicate: ValueExpression?
}

/// Reads an entity mapping's source expression before anything is written: a fetch of the mapping's
/// source entity, with a predicate in NSPredicate's format that parses.
enum SourceExpressionCheck {
    static let selector = "fetchRequestForSourceEntityNamed:predicateString:"

    /// The fetch of `mapping`'s source expression; nil when it has none (every object is read).
    static func fetch(_ mapping: EntityMapping) throws(MigrationError) -> SourceFetch? {
        guard let predicateText = try predicateText(mapping) else { return nil }
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

    /// The predicate string of `mapping`'s source expression, checked to be a fetch of the mapping's
    /// source entity; nil when it has no source expression.
    static func predicateText(_ mapping: EntityMapping) throws(MigrationError) -> String? {
        guard let text = mapping.sourceExpression, let source = mapping.sourceEntity else { return nil }
        guard case .function("FETCH", let arguments)? = try? ExpressionParser.parse(text), let request = arguments.first,
            case .call(.variable("manager"), selector, let requestArguments) = request, requestArguments.count == 2,
            case .constant(.string(let entity)) = requestArguments[0], case .constant(.string(let predicateText)) = requestArguments[1]
        else {
            throw MigrationError(
                .migration,
                "the source expression is not a fetch of \(source) objects; write FETCH(FUNCTION($manager, \"\(selector)\", \"\(source)\", \"TRUEPREDICATE\"), $manager.sourceContext, NO) or remove it",
                mapping: mapping.name)
        }
        guard entity == source else {
            throw MigrationError(
                .migration, "the source expression fetches \(entity) objects, but the mapping's source entity is \(source)",
                mapping: mapping.name)
        }
        return predicateText
    }

    /// A fetch predicate: NSPredicate's format; empty text fetches everything, as a nil predicate does.
    static func parsePredicate(_ text: String) throws(ExpressionError) -> ValueExpression {
        if text.allSatisfy(\.isWhitespace) { return .predicate(true) }
        return try ExpressionParser.parse(text)
    }
}
