import Foundation

/// Checks that an entity mapping's source expression fetches what the migration will read: every
/// object of the source entity, as Core Data's default does. A filtering predicate is refused
/// before anything is written, rather than silently ignored (modeldiff does not evaluate
/// predicates yet, and migrating objects the developer meant to drop would be a silent error).
enum SourceExpressionCheck {
    static let selector = "fetchRequestForSourceEntityNamed:predicateString:"

    static func check(_ mapping: EntityMapping) throws(MigrationError) {
        guard let text = mapping.sourceExpression, let source = mapping.sourceEntity else { return }
        guard case .function("FETCH", let arguments)? = try? ExpressionParser.parse(text), let request = arguments.first,
            case .call(.variable("manager"), selector, let requestArguments) = request, requestArguments.count == 2,
            case .constant(.string(let entity)) = requestArguments[0], case .constant(.string(let predicate)) = requestArguments[1]
        else {
            throw MigrationError(
                .migration, "the source expression is not a fetch of \(source) objects; write FETCH(FUNCTION($manager, \"\(selector)\", \"\(source)\", \"TRUEPREDICATE\"), $manager.sourceContext, NO) or remove it",
                mapping: mapping.name)
        }
        guard entity == source else {
            throw MigrationError(.migration, "the source expression fetches \(entity) objects, but the mapping's source entity is \(source)", mapping: mapping.name)
        }
        let trimmed = predicate.trimmingCharacters(in: .whitespaces)
        guard trimmed == "TRUEPREDICATE" || trimmed.isEmpty else {
            throw MigrationError(
                .migration, "the source expression filters \(source) objects with the predicate \"\(predicate)\", which modeldiff does not evaluate; migrate every object (TRUEPREDICATE) and drop the unwanted ones in a policy's createDestinationInstances",
                mapping: mapping.name)
        }
    }
}
