import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

@Test func xcodeTemplateEventHashesAsApplesStoreSays() {
    // Xcode's Master-Detail template; the value is quoted from an Apple-written store (fixture 01).
    let model = Model(entities: [Entity(name: "Event", attributes: [Attribute(name: "timeStamp", type: .date, isOptional: true)])])
    #expect(model.versionHashes().base64(entity: "Event") == "VDHARtMOfzLCzICZWK3R51ea0QSjqo/EhG6X168BzHk=")
}

@Test func transientAttributesDoNotChangeTheEntityHash() {
    let plain = Model(entities: [Entity(name: "A", attributes: [Attribute(name: "x", type: .string)])])
    let withTransient = Model(entities: [
        Entity(
            name: "A",
            attributes: [
                Attribute(name: "x", type: .string), Attribute(name: "cache", type: .string, isOptional: true, isTransient: true),
            ])
    ])
    #expect(plain.versionHashes().entityVersionHashes == withTransient.versionHashes().entityVersionHashes)
}

@Test func cosmeticFieldsDoNotChangeTheEntityHash() {
    let plain = Model(entities: [Entity(name: "A", attributes: [Attribute(name: "x", type: .string)])])
    let dressed = Model(entities: [
        Entity(
            name: "A", representedClassName: "MyA", renamingIdentifier: "Old",
            attributes: [Attribute(name: "x", type: .string, renamingIdentifier: "y", defaultValueString: "d", userInfo: ["a": "b"])],
            userInfo: ["k": "v"])
    ])
    #expect(plain.versionHashes() == dressed.versionHashes())
}

@Test func derivedCountIsHashedInCoreDatasCanonicalForm() {
    let a = Model(entities: [
        Entity(name: "A", attributes: [Attribute(name: "n", type: .integer64, isDerived: true, derivationExpression: "pages.@count")])
    ])
    let b = Model(entities: [
        Entity(name: "A", attributes: [Attribute(name: "n", type: .integer64, isDerived: true, derivationExpression: "count:(pages)")])
    ])
    #expect(a.versionHashes() == b.versionHashes())
}
