/// Core Data's per-property version hashes (`-[NSPropertyDescription versionHash]` and subclasses).
enum PropertyHash {
    /// `-[NSPropertyDescription _versionHash:inStyle:]`: name, flags, version hash modifier.
    static func base(
        name: String, isOptional: Bool, isTransient: Bool, isReadOnly: Bool, versionHashModifier: String?, memo: inout DigestMemo
    ) -> [UInt8] {
        var input = HashInput(memo: &memo)
        input.add(name)
        let flags: UInt16 = (isOptional ? 1 : 0) | (isTransient ? 2 : 0) | (isReadOnly ? 4 : 0)
        input.add(le16: flags)
        if let versionHashModifier { input.add(versionHashModifier) }
        return input.finish(memo: &memo)
    }

    /// An attribute's hash; derived and composite attributes replace the base hash entirely.
    static func attribute(_ attribute: Attribute, in model: Model, memo: inout DigestMemo) -> [UInt8] {
        if attribute.isDerived, let expression = attribute.derivationExpression {
            var input = HashInput(memo: &memo)
            input.add(canonicalDerivation(expression))
            return input.finish(memo: &memo)
        }
        if attribute.type == .composite {
            return composite(attribute, in: model, memo: &memo)
        }
        // The base hash first: one input at a time reuses one buffer.
        let base = base(
            name: attribute.name, isOptional: attribute.isOptional, isTransient: attribute.isTransient,
            isReadOnly: false, versionHashModifier: attribute.versionHashModifier, memo: &memo)
        var input = HashInput(memo: &memo)
        input.add(bytes: base)
        input.add(le32: UInt32(bitPattern: attribute.type.attributeTypeCode))
        if attribute.allowsExternalBinaryDataStorage { input.add(byte: 1) }
        if attribute.preservesValueInHistoryOnDeletion { input.add(byte: 1) }
        return input.finish(memo: &memo)
    }

    /// A relationship's hash: base, destination name, inverse name (unless self-inverse), max then min count, ordered.
    static func relationship(_ relationship: Relationship, declaredBy entity: Entity, in model: Model, memo: inout DigestMemo)
        -> [UInt8]
    {
        let base = base(
            name: relationship.name, isOptional: relationship.isOptional, isTransient: relationship.isTransient,
            isReadOnly: false, versionHashModifier: relationship.versionHashModifier, memo: &memo)
        var input = HashInput(memo: &memo)
        input.add(bytes: base)
        if let destination = relationship.destinationEntity { input.add(destination) }
        if let inverse = relationship.inverseName, !isSelfInverse(relationship, declaredBy: entity, in: model) {
            input.add(inverse)
        }
        input.add(le32: UInt32(truncatingIfNeeded: relationship.maxCount))
        input.add(le32: UInt32(truncatingIfNeeded: relationship.minCount))
        if relationship.isOrdered { input.add(le16: 1) }
        return input.finish(memo: &memo)
    }

    /// A fetched property's hash: the base hash with the transient and read-only flags set.
    static func fetchedProperty(_ property: FetchedProperty, memo: inout DigestMemo) -> [UInt8] {
        base(
            name: property.name, isOptional: property.isOptional, isTransient: true, isReadOnly: true,
            versionHashModifier: property.versionHashModifier, memo: &memo)
    }

    /// Core Data checks the top-most entity that declares a relationship of this name.
    private static func isSelfInverse(_ relationship: Relationship, declaredBy entity: Entity, in model: Model) -> Bool {
        let declaring = model.ancestry(of: entity).last { $0.relationships.contains { $0.name == relationship.name } } ?? entity
        guard let top = declaring.relationships.first(where: { $0.name == relationship.name }) else { return false }
        return top.inverseName == top.name && (top.inverseEntity ?? top.destinationEntity) == declaring.name
    }

    /// A composite's hash: the concatenated hashes of its non-transient elements, sorted by name.
    private static func composite(_ attribute: Attribute, in model: Model, memo: inout DigestMemo) -> [UInt8] {
        let elements = model.composites.first { $0.name == attribute.compositeName }?.attributes ?? []
        let hashes = elements.filter({ !$0.isTransient }).sorted(by: { coreDataCompare($0.name, $1.name) }).map {
            self.attribute($0, in: model, memo: &memo)
        }
        var input = HashInput(memo: &memo)
        for hash in hashes { input.add(bytes: hash) }
        return input.finish(memo: &memo)
    }

    /// Core Data stores `x.@count` as `count:(x)` and `x.@sum`/`x.@total` as `sum:(x)`; other
    /// expressions are hashed as written, an approximation of NSExpression's `predicateFormat`.
    static func canonicalDerivation(_ expression: String) -> String {
        let trimmed = expression.trimmingCharacters(in: .whitespaces)
        for (suffix, function) in [(".@count", "count"), (".@sum", "sum"), (".@total", "sum")] where trimmed.hasSuffix(suffix) {
            return "\(function):(\(trimmed.dropLast(suffix.count)))"
        }
        return trimmed
    }
}
