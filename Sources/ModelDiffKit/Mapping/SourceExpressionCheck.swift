import Foundation

/// Reads an entity mapping's source expression before anything is written: a fetch of the mapping's
/// source entity, with a predicate in NSPredicate's format that parses.
package enum SourceExpressionCheck {
    package static let selector = "fetchRequestForSourceEntityNamed:predicateString:"

    /// The predicate string of `mapping`'s source expression, checked to be a fetch of the mapping's
    /// source entity; nil when it has no source expression.
    package static func predicateText(_ mapping: EntityMapping) throws(SourceExpressionError) -> String? {
        guard let text = mapping.sourceExpression, let source = mapping.sourceEntity else { return nil }
        guard case .function("FETCH", let arguments)? = try? ExpressionParser.parse(text), let request = arguments.first,
            case .call(.variable("manager"), selector, let requestArguments) = request, requestArguments.count == 2,
            case .constant(.string(let entity)) = requestArguments[0], case .constant(.string(let predicateText)) = requestArguments[1]
        else {
            throw SourceExpressionError(
                """
                the source expression is not a fetch of \(source) objects; write FETCH(FUNCTION($manager, \"\(selector)\", \"\(source)\", \
                \"TRUEPREDICATE\"), $manager.sourceContext, NO) or remove it
                """
            )
        }
        guard entity == source else {
            throw SourceExpressionError("the source expression fetches \(entity) objects, but the mapping's source entity is \(source)")
        }
        return predicateText
    }

    /// A fetch predicate: NSPredicate's format; empty text fetches everything, as a nil predicate does.
    package static func parsePredicate(_ text: String) throws(ExpressionError) -> ValueExpression {
        if text.allSatisfy(\.isWhitespace) { return .predicate(true) }
        return try ExpressionParser.parse(text)
    }
}

/// Why a source expression is not a fetch of its mapping's source entity; the migration manager
/// reports it as an NSMigrationError of the mapping, `mapping validate` as a line of the file.
package struct SourceExpressionError: Error {
    /// What is wrong, in words.
    package let message: String

    package init(_ message: String) { self.message = message }
}
