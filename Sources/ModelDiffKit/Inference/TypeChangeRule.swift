/// Core Data's rule for attribute type changes, read off its inferred-mapping builder.
enum TypeChangeRule {
    /// Ranks number types by the values they hold, so narrowing can be detected.
    private static func width(_ type: AttributeType) -> Int {
        switch type {
        case .integer16: 1
        case .integer32: 2
        case .integer64: 3
        case .float: 4
        case .double: 5
        case .decimal: 6
        default: 0
        }
    }

    /// Whether Core Data's inference accepts changing an attribute from `old` to `new`.
    static func isInferable(_ old: Attribute, _ new: Attribute) -> Bool {
        if old.type == new.type { return true }
        if (old.type.isNumber || old.type == .boolean) && (new.type.isNumber || new.type == .boolean) { return true }
        return allowsBinaryTransformation(old, new)
    }

    static func check(_ a: Attribute, _ b: Attribute, entity: String, _ context: inout RuleContext) {
        let name = "`\(entity).\(b.name)`"
        let change = "changes from \(a.type.xcodeName) to \(b.type.xcodeName)"
        if a.type.isNumber && b.type.isNumber {
            let narrowing = width(b.type) < width(a.type) || (a.type.isInteger == false && b.type.isInteger)
            if narrowing {
                context.new(
                    .numberNarrowed, entity: entity, property: b.name, line: b.line,
                    "\(name) \(change): inferable, but values that do not fit are truncated or overflow")
            } else {
                context.new(.numberWidened, entity: entity, property: b.name, line: b.line, "\(name) \(change): inferable")
            }
        } else if a.type.isNumber && b.type == .boolean {
            context.new(
                .numberToBoolean, entity: entity, property: b.name, line: b.line,
                "\(name) \(change): inferable, but every non-zero value becomes YES")
        } else if a.type == .boolean && b.type.isNumber {
            context.new(
                .booleanToNumber, entity: entity, property: b.name, line: b.line, "\(name) \(change): inferable (NO is 0, YES is 1)")
        } else if isBinaryTransformablePair(a, b) {
            if allowsBinaryTransformation(a, b) {
                context.new(
                    .binaryTransformable, entity: entity, property: b.name, line: b.line,
                    "\(name) \(change): inferable, as its userInfo has NSMigrationAllowTypeTransformation")
            } else {
                let external = a.allowsExternalBinaryDataStorage || b.allowsExternalBinaryDataStorage
                context.new(
                    .attributeTypeIncompatible, entity: entity, property: b.name, line: b.line,
                    """
                    \(name) \(change), which lightweight migration accepts only when the new attribute's userInfo has the key \
                    NSMigrationAllowTypeTransformation and neither side stores data \
                    externally\(external ? " (one side allows external storage)" : ""): add that userInfo \
                    key\(external ? " and turn off external storage" : ""), or write a custom mapping — `modeldiff infer` writes a starter
                    """
                )
            }
        } else {
            context.new(
                .attributeTypeIncompatible, entity: entity, property: b.name, line: b.line,
                """
                \(name) \(change), which lightweight migration cannot convert (Core Data error 134190, \"Source and destination attribute types \
                are incompatible\"): keep the old attribute and add a new one, or write a custom mapping — `modeldiff infer` writes a starter
                """
            )
        }
    }

    private static func isBinaryTransformablePair(_ a: Attribute, _ b: Attribute) -> Bool {
        Set([a.type, b.type]) == [.binary, .transformable]
    }

    private static func allowsBinaryTransformation(_ a: Attribute, _ b: Attribute) -> Bool {
        isBinaryTransformablePair(a, b) && b.userInfo["NSMigrationAllowTypeTransformation"] != nil
            && !a.allowsExternalBinaryDataStorage && !b.allowsExternalBinaryDataStorage
    }
}
