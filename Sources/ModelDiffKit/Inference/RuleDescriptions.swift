/// Every finding code with its severity and a one-line description (the README's table comes from here).
public enum RuleDescriptions {
    /// Code, severity, description.
    public static let all: [(code: String, severity: Diagnostic.Severity, text: String)] = [
        ("attribute-type-incompatible", .error, "An attribute's type changes in a way lightweight migration cannot convert (134190)."),
        ("required-attribute-without-default", .error, "A new required attribute has no default value: migrating a non-empty store fails validation (134110)."),
        ("optional-to-required-without-default", .error, "An optional attribute becomes required without a default value (134110 on any nil value)."),
        ("mapping-invalid", .error, "A mapping model in the repository claims a step but does not validate against its two versions."),
        ("locked-version-changed", .error, "A version recorded in the lock file has other entity version hashes now: stores of the shipped app would no longer open (134100)."),
        ("locked-version-removed", .error, "A version recorded in the lock file is gone from the bundle."),
        ("current-version-moved-back", .error, "The current version is older than the lock file's current one."),
        ("required-relationship-added", .error, "A new required to-one relationship, or a new to-many one with a minimum count of 1 or more: every migrated object has it empty and fails validation. A new non-optional to-many with a minimum count of 0 is inferable (an empty set passes)."),
        ("hierarchy-merge", .error, "Entities from separate hierarchies now share a parent; Core Data cannot merge hierarchies."),
        ("relationship-retargeted", .error, "A relationship points to a different entity; lightweight migration cannot re-target it."),
        ("property-kind-changed", .error, "A property changes between attribute and relationship under the same name."),
        ("ambiguous-renaming-identifier", .error, "Several new elements match the same old element."),
        ("unmatched-renaming-identifier", .error, "A renaming identifier matches nothing in the old version (a typo drops the data)."),
        ("acknowledgement-unused", .warning, "An acknowledged finding in .modeldiff.yml matches nothing in the pairs checked (fixed, or mistyped)."),
        ("possible-rename", .warning, "Something disappears and a look-alike appears without a renaming identifier: the data is dropped."),
        ("entity-removed", .warning, "An entity is removed: its objects are deleted."),
        ("stale-renaming-identifier", .warning, "An entity of the old version carries a renaming identifier that no entity of the new version carries, while an entity of the same name exists: Core Data matches by renaming identifier, so it deletes the old objects and the new entity starts empty."),
        ("attribute-removed", .warning, "A stored attribute is removed: its values are lost."),
        ("relationship-removed", .warning, "A stored relationship is removed: its links are lost."),
        ("attribute-made-transient", .warning, "A stored attribute becomes transient: its values are lost."),
        ("relationship-made-transient", .warning, "A stored relationship becomes transient: its links are lost."),
        ("to-many-to-one", .warning, "A to-many relationship becomes to-one: only one related object is kept."),
        ("max-count-lowered", .warning, "A to-many relationship's maximum count is lowered: objects with more fail validation."),
        ("relationship-made-required", .warning, "A relationship becomes required: objects with fewer related objects fail validation."),
        ("number-narrowed", .warning, "A number type narrows: values that do not fit are truncated or overflow."),
        ("number-to-boolean", .warning, "A number becomes Boolean: every non-zero value becomes YES."),
        ("entity-added", .note, "A new entity (inferable)."),
        ("entity-renamed", .note, "An entity is renamed through its renaming identifier (inferable)."),
        ("entity-changed", .note, "An entity's stored shape changes: abstract, version hash modifier, uniqueness constraints (inferable)."),
        ("hierarchy-changed", .note, "An entity gets a new parent or leaves its hierarchy (inferable)."),
        ("property-added", .note, "A new optional, defaulted or transient property (inferable)."),
        ("property-removed", .note, "A transient or fetched property is removed (nothing stored is lost)."),
        ("property-renamed", .note, "A property is renamed through its renaming identifier (inferable)."),
        ("property-moved", .note, "A property moves up or down the entity hierarchy (inferable)."),
        ("attribute-changed", .note, "An attribute's stored definition changes (inferable)."),
        ("optional-to-required", .note, "An attribute becomes required and has a default value (inferable)."),
        ("required-to-optional", .note, "An attribute becomes optional (inferable)."),
        ("number-widened", .note, "A number type widens (inferable)."),
        ("boolean-to-number", .note, "A Boolean becomes a number (inferable)."),
        ("binary-transformable", .note, "Binary ↔ Transformable with NSMigrationAllowTypeTransformation (inferable)."),
        ("to-one-to-many", .note, "A to-one relationship becomes to-many (inferable)."),
        ("ordering-changed", .note, "A to-many relationship becomes ordered or unordered (inferable)."),
        ("renaming-identifier-from-older-version", .note, "A renaming identifier names an element of another version of the bundle, not of the old one."),
        ("cosmetic-change", .note, "A change that does not affect the store (class names, userInfo, defaults, indexes …)."),
        ("configuration-changed", .note, "A configuration's entities change."),
        ("fetch-request-changed", .note, "A stored fetch request changes."),
    ]

    /// The description of a code.
    public static func text(for code: String) -> String {
        all.first { $0.code == code }?.text ?? code
    }
}
