@_spi(CLI) import ModelDiffKit
import Testing

private func model(_ entities: String) throws -> Model {
    let xml = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22758" systemVersion="23E224" \
        minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
        \(entities)
        </model>
        """
    return try ModelReader.read(Array(xml.utf8), path: "model.xml").model
}

/// Xcode generates a property mapping's expression from a source property of the same kind: CareKit
/// 2.1's `tags` is a Transformable attribute in 2.0 and a relationship to the new `Tag` in 2.1; its
/// relationship mapping (`autogenerateexpression`, no stored expression) gets none, nor does an
/// attribute mapping whose name the source has as a relationship. Same-kind ones are generated.
@Test func xcodeAutogenerationMatchesTheSourcePropertysKind() throws {
    let old = try model(
        """
        <entity name="Outcome"><attribute name="tags" optional="YES" attributeType="Transformable"/>\
        <attribute name="title" optional="YES" attributeType="String"/>\
        <relationship name="owner" optional="YES" maxCount="1" destinationEntity="Person"/>\
        <relationship name="task" optional="YES" maxCount="1" destinationEntity="Person"/></entity>
        <entity name="Person"><attribute name="name" optional="YES" attributeType="String"/></entity>
        """)
    let new = try model(
        """
        <entity name="Outcome"><attribute name="owner" optional="YES" attributeType="String"/>\
        <attribute name="title" optional="YES" attributeType="String"/>\
        <relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag"/>\
        <relationship name="task" optional="YES" maxCount="1" destinationEntity="Person"/></entity>
        <entity name="Person"><attribute name="name" optional="YES" attributeType="String"/></entity>
        <entity name="Tag"><attribute name="title" optional="YES" attributeType="String"/></entity>
        """)
    let generated = { (name: String) in PropertyMapping(name: name, valueExpression: nil, userInfo: [autogenerateKey: "YES"]) }
    let mapping = MappingModel(
        sourceVersion: "V1", destinationVersion: "V2",
        entityMappings: [
            EntityMapping(
                name: "OutcomeToOutcome", type: .custom, sourceEntity: "Outcome", destinationEntity: "Outcome",
                policyClassName: "OutcomePolicy",
                attributeMappings: [generated("owner"), generated("title")], relationshipMappings: [generated("tags"), generated("task")]),
            EntityMapping(name: "PersonToPerson", type: .copy, sourceEntity: "Person", destinationEntity: "Person"),
        ])
    let resolved = try #require(mapping.resolvingXcodeAutogeneration(source: old, destination: new).entityMappings.first)
    #expect(resolved.attributeMappings.map(\.valueExpression) == [nil, "$source.title"])
    #expect(
        resolved.relationshipMappings.map(\.valueExpression) == [
            nil, #"FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "PersonToPerson", $source.task)"#,
        ])
}
