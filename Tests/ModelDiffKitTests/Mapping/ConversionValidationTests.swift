import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// Items 1 → 2: `code` changes from String to Integer 64.
private func problems(_ attributes: String) throws -> [String] {
    let load = { (name: String) in
        try ModelFile.load(path: Paths.testModels.appendingPathComponent("conversions/\(name)").path).model
    }
    let text = """
        <mappingModel formatVersion="1">
            <entityMapping name="ItemToItem" type="transform" source="Item" destination="Item">
        \(attributes)
            </entityMapping>
        </mappingModel>
        """
    let mapping = try MappingXML.read(Array(text.utf8), path: "m.xml")
    return MappingValidation.problems(
        mapping, path: "m.xml", text: text, source: try load("Items1.xml"), destination: try load("Items2.xml")
    )
    .map(\.description)
}

@Test func conversionsThatFitTheDestinationAttributeAreValid() throws {
    for code in [
        "FUNCTION($source.code, \"integerValue\")", "CAST($source.code, \"NSNumber\")", "$source.code.integerValue",
        "FUNCTION(FUNCTION($source, \"valueForKey:\", \"code\"), \"longLongValue\")", "FUNCTION($source.title, \"length\")",
    ] {
        let found = try problems(
            """
                    <attribute name="code">\(code)</attribute>
                    <attribute name="title">FUNCTION(FUNCTION($source.title, "uppercaseString"), "stringByAppendingString:", "!")</attribute>
                    <attribute name="note">FUNCTION(CAST($source.note, "NSNumber"), "stringValue")</attribute>
            """)
        #expect(found == [], "\(code)")
    }
}

@Test func aStringExpressionIntoAnInteger64AttributeIsAnErrorThatSuggestsTheConversion() throws {
    let found1 = try problems(
        """
                <attribute name="code">$source.code</attribute>
                <attribute name="title">$source.title</attribute>
                <attribute name="note">  FUNCTION($source.code, "lowercaseString")</attribute>
        """)
    #expect(
        found1 == [
            """
            m.xml:3:32: error: Item.code: the expression gives a String, which an Integer 64 attribute cannot hold; convert it, as in \
            FUNCTION($source.code, \"integerValue\")
            """
        ], "\(found1)")
    let found2 = try problems(
        """
                <attribute name="code">uppercase:($source.note)</attribute>
        """)
    #expect(
        found2 == [
            """
            m.xml:3:32: error: Item.code: the expression gives a String, which an Integer 64 attribute cannot hold; convert it, as in \
            FUNCTION(uppercase:($source.note), \"integerValue\")
            """
        ], "\(found2)")
}

@Test func anUnknownSelectorIsAnErrorAtTheSelector() throws {
    let found3 = try problems(
        """
                <attribute name="title">FUNCTION($source.title, "reversedString")</attribute>
                <attribute name="note">FUNCTION($source, "titleOfItem")</attribute>
                <attribute name="code">FUNCTION($manager, "destinationInstancesForEntity:sourceInstances:", "ItemToItem", $source)</attribute>
        """)
    #expect(
        found3 == [
            """
            m.xml:3:57: error: Item.title: a String (NSString) does not respond to \"reversedString\"; it answers boolValue, \
            componentsSeparatedByString:, containsString:, description, doubleValue, floatValue, hasPrefix:, hasSuffix:, intValue, \
            integerValue, isEqualToString:, length, longLongValue, lowercaseString, stringByAppendingString:, uppercaseString, valueForKey:, \
            valueForKeyPath:
            """,
            "m.xml:4:50: error: Item.note: an Item object does not respond to \"titleOfItem\"; read a property with valueForKey: or a key path",
            """
            m.xml:5:51: error: Item.code: the migration manager does not respond to \"destinationInstancesForEntity:sourceInstances:\"; it \
            answers destinationInstancesForEntityMappingNamed:sourceInstances:, sourceInstancesForEntityMappingNamed:destinationInstances:, \
            destinationInstancesForSourceRelationshipNamed:sourceInstances:, fetchRequestForSourceEntityNamed:predicateString:
            """,
        ], "\(found3)")
}

@Test func aWrongArgumentCountIsAnErrorAtTheSelector() throws {
    let found4 = try problems(
        """
                <attribute name="title">FUNCTION($source.title, "stringByAppendingString:", "a", "b")</attribute>
                <attribute name="note">FUNCTION($source.note, "integerValue", 10)</attribute>
                <attribute name="code">FUNCTION($source, "valueForKey:")</attribute>
        """)
    #expect(
        found4 == [
            "m.xml:3:57: error: Item.title: \"stringByAppendingString:\" takes 1 argument after the selector, but 2 are given",
            "m.xml:4:55: error: Item.note: \"integerValue\" takes 0 arguments after the selector, but 1 is given",
            "m.xml:5:50: error: Item.code: \"valueForKey:\" takes 1 argument after the selector, but 0 are given",
        ], "\(found4)")
}

@Test func anUnknownKeyOnAVariableOrOnAnAttributeValueIsAnError() throws {
    let found5 = try problems(
        """
                <attribute name="title">$source.title.characterCount</attribute>
                <attribute name="note">FUNCTION($source, "valueForKey:", "notes")</attribute>
                <attribute name="code">$destination.kode.integerValue</attribute>
        """)
    #expect(
        found5 == [
            """
            m.xml:3:33: error: Item.title: $source.title is a String, which has no key \"characterCount\" (NSString answers boolValue, \
            description, doubleValue, floatValue, intValue, integerValue, length, longLongValue, lowercaseString, uppercaseString)
            """,
            "m.xml:4:66: error: Item.note: $source.notes is not a property of Item in the old version",
            "m.xml:5:32: error: Item.code: $destination.kode is not a property of Item in the new version",
        ], "\(found5)")
}

private func model(_ type: String) throws -> Model {
    let xml = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22758" systemVersion="23E224" \
        minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
            <entity name="Item" representedClassName="Item" syncable="YES">
                <attribute name="value" optional="YES" attributeType="\(type)"/>
            </entity>
        </model>
        """
    return try ModelReader.read(Array(xml.utf8), path: "\(type).xml").model
}

/// The conversion `infer` suggests for each type change it cannot infer, and that the suggestion validates.
@Test(arguments: [
    ("String", "Integer 64", "FUNCTION($source.value, \"integerValue\")"),
    ("String", "Double", "FUNCTION($source.value, \"doubleValue\")"),
    ("String", "Decimal", "CAST($source.value, \"NSNumber\")"),
    ("String", "Boolean", "FUNCTION($source.value, \"boolValue\")"),
    ("Integer 32", "String", "FUNCTION($source.value, \"stringValue\")"),
    ("Double", "String", "FUNCTION($source.value, \"stringValue\")"),
    ("Date", "String", "FUNCTION($source.value, \"description\")"),
    ("Date", "Double", "CAST($source.value, \"NSNumber\")"),
    ("Integer 64", "Date", "CAST($source.value, \"NSDate\")"),
])
func inferSuggestsTheConversionForATypeChange(_ old: String, _ new: String, _ expression: String) throws {
    let (source, destination) = (try model(old), try model(new))
    let mapping = MappingInference.infer(from: source, to: destination, names: ("old", "new"))
    let text = MappingXML.write(mapping)
    #expect(text.contains("into \(new) as the element's text, such as \(expression) ("), "\(text)")
    let placeholder = try #require(text.range(of: #"<attribute name="value" todo="[^"]*"/>"#, options: .regularExpression))
    let filled = text.replacingCharacters(in: placeholder, with: "<attribute name=\"value\">\(expression)</attribute>")
    let reread = try MappingXML.read(Array(filled.utf8), path: "m.xml")
    #expect(
        MappingValidation.problems(reread, path: "m.xml", text: filled, source: source, destination: destination).map(\.description) == [])
}
