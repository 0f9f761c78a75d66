import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

private let wooCommerce = Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld").path

/// `ModelField.changesVersionHash(of:)` says which fields the hashes see; the hashes are computed by
/// `VersionHashes`, so over a real history the two must agree change by change.
@Test func fieldsThatChangeTheHashAgreeWithTheHashesOverWooCommercesHistory() throws {
    let bundle = try ModelBundle.load(path: wooCommerce)
    var hashFieldsSeen = 0
    for (old, new) in zip(bundle.versions, bundle.versions.dropFirst()) {
        let diff = ModelDiff(source: old.model, destination: new.model)
        for entity in diff.entities {
            for property in entity.properties {
                guard case .matched(let a, let b) = property.sides, a.name == b.name, property.movedTo == nil else { continue }
                let element: ModelField.Element =
                    switch b {
                    case .attribute: .attribute
                    case .relationship: .relationship
                    case .fetchedProperty: .fetchedProperty
                    }
                let hashed = property.fields.filter { $0.field.changesVersionHash(of: element) || $0.field == .kind }
                hashFieldsSeen += hashed.count
                // A field the hash sees changed exactly when the property's hash changed.
                #expect(hashed.isEmpty == !property.hashChanged, "\(old.name) → \(new.name): \(entity.name).\(b.name) \(property.fields)")
            }
            // Entity fields the hash sees always change the entity's hash (its properties can change it too).
            if case .matched = entity.sides, entity.fields.contains(where: { $0.field.changesVersionHash(of: .entity) }) {
                #expect(entity.hashChanged, "\(old.name) → \(new.name): \(entity.name) \(entity.fields)")
            }
        }
    }
    #expect(hashFieldsSeen > 0)
}

@Test func eachFieldChangesTheHashOfItsElementAsCoreDataHashesIt() {
    let base = Attribute(name: "x", type: .string, isOptional: true)
    let variants: [(ModelField, Attribute)] = [
        (.attributeType, Attribute(name: "x", type: .integer32, isOptional: true)),
        (.optional, Attribute(name: "x", type: .string, isOptional: false)),
        (.transient, Attribute(name: "x", type: .string, isOptional: true, isTransient: true)),
        (.versionHashModifier, Attribute(name: "x", type: .string, isOptional: true, versionHashModifier: "2")),
        (.defaultValue, Attribute(name: "x", type: .string, isOptional: true, defaultValueString: "d")),
        (.userInfo, Attribute(name: "x", type: .string, isOptional: true, userInfo: ["k": "v"])),
        (.valueTransformerName, Attribute(name: "x", type: .string, isOptional: true, valueTransformerName: "T")),
    ]
    let hash = { (a: Attribute) in Model(entities: [Entity(name: "A", attributes: [a])]).versionHashes().propertyVersionHashes["A"]?["x"] }
    for (field, variant) in variants {
        #expect((hash(base) != hash(variant)) == field.changesVersionHash(of: .attribute), "\(field)")
    }
    let plain = Model(entities: [Entity(name: "A", attributes: [base])])
    let entityVariants: [(ModelField, Entity)] = [
        (.abstract, Entity(name: "A", isAbstract: true, attributes: [base])),
        (.versionHashModifier, Entity(name: "A", versionHashModifier: "2", attributes: [base])),
        (.representedClassName, Entity(name: "A", representedClassName: "MyA", attributes: [base])),
        (.userInfo, Entity(name: "A", attributes: [base], userInfo: ["k": "v"])),
    ]
    for (field, variant) in entityVariants {
        let changed = plain.versionHashes().entityVersionHashes != Model(entities: [variant]).versionHashes().entityVersionHashes
        #expect(changed == field.changesVersionHash(of: .entity), "\(field)")
    }
}
