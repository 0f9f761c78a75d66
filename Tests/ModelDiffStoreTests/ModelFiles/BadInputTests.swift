import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

private func model(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
    \(body)
    </model>
    """
}

/// The diagnostic that loading these bytes, written to a temporary `name`, produces.
private func diagnostic(for bytes: [UInt8], name: String = "bad.xml") throws -> String {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(bytes).write(to: folder.appendingPathComponent(name))
    do {
        _ = try ModelFile.load(path: folder.appendingPathComponent(name).path)
        return "no error"
    } catch {
        // The short name, as a user who ran modeldiff in that folder sees it; the working directory is
        // process-wide, so the tests never change it.
        return error.description.replacingOccurrences(of: folder.path + "/", with: "")
    }
}

@Suite struct BadModelInput {
    @Test func malformedXMLNamesLineAndColumn() throws {
        let text = model("    <entity name=\"A\">\n        <attribute name=\"x\" attributeType=\"String\"/>\n")
        #expect(try diagnostic(for: Array(text.utf8)) == "bad.xml:6:9: error: Opening and ending tag mismatch: entity line 3 and model")
    }

    @Test func wrongRootElement() throws {
        let text = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"/>"
        #expect(
            try diagnostic(for: Array(text.utf8)) == "bad.xml:2: error: not an Xcode model: the root element is <plist>, expected <model>")
    }

    @Test func unknownAttributeType() throws {
        let text = model("    <entity name=\"Note\">\n        <attribute name=\"count\" attributeType=\"Integer 128\"/>\n    </entity>")
        #expect(
            try diagnostic(for: Array(text.utf8))
                == """
                bad.xml:4: error: unknown attributeType \"Integer 128\" on attribute \"Note.count\"; expected one of Undefined, Integer 16, \
                Integer 32, Integer 64, Decimal, Double, Float, String, Boolean, Date, Binary, UUID, URI, Transformable, ObjectID, Composite
                """
        )
    }

    @Test func missingAttributeType() throws {
        let text = model("    <entity name=\"Note\">\n        <attribute name=\"count\"/>\n    </entity>")
        #expect(try diagnostic(for: Array(text.utf8)) == "bad.xml:4: error: attribute \"Note.count\" has no attributeType")
    }

    @Test func untypedTransientAttributeIsUndefinedAndWritesBackUntyped() throws {
        // As older Xcode versions wrote them (Wire's model has them in every version).
        let line = #"<attribute name="assetId" optional="YES" transient="YES" syncable="YES"/>"#
        let text = model("    <entity name=\"Note\">\n        \(line)\n    </entity>")
        #expect(try diagnostic(for: Array(text.utf8)) == "no error")
        let loaded = try ModelReader.read(Array(text.utf8), path: "untyped.xml")
        let attribute = try #require(loaded.model.entity(named: "Note")?.attributes.first)
        #expect(attribute.type == .undefined && attribute.isTypeOmitted && attribute.isTransient)
        #expect(ModelWriter.xml(loaded.model).contains(line))
    }

    @Test func missingParentEntity() throws {
        let text = model("    <entity name=\"Car\" parentEntity=\"Vehicle\"/>")
        #expect(
            try diagnostic(for: Array(text.utf8))
                == "bad.xml:3: error: entity \"Car\" has parent entity \"Vehicle\", which the model does not declare")
    }

    @Test func parentCycle() throws {
        let text = model("    <entity name=\"A\" parentEntity=\"B\"/>\n    <entity name=\"B\" parentEntity=\"A\"/>")
        #expect(try diagnostic(for: Array(text.utf8)) == "bad.xml:3: error: entity \"A\" is its own ancestor: A → B → A")
    }

    @Test func missingDestinationEntity() throws {
        let text = model(
            "    <entity name=\"Note\">\n        <relationship name=\"folder\" maxCount=\"1\" destinationEntity=\"Folder\"/>\n    </entity>"
        )
        #expect(
            try diagnostic(for: Array(text.utf8))
                == "bad.xml:4: error: relationship \"Note.folder\" points to entity \"Folder\", which the model does not declare")
    }

    /// Xcode compiles a one-sided inverse and Core Data loads it: a warning, the model read as written.
    @Test func inverseThatDoesNotPointBackIsAWarning() throws {
        let text = model(
            """
                <entity name="Folder">
                    <relationship name="notes" toMany="YES" destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
                    <relationship name="other" toMany="YES" destinationEntity="Note"/>
                </entity>
                <entity name="Note">
                    <relationship name="folder" maxCount="1" destinationEntity="Folder" inverseName="other" inverseEntity="Folder"/>
                </entity>
            """)
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.xml")
        try Data(text.utf8).write(to: file)
        let loaded = try ModelFile.load(path: file.path)
        #expect(loaded.model.entity(named: "Folder")?.relationships.first?.inverseName == "folder")
        #expect(
            loaded.notes.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") } == [
                "bad.xml:4: warning: relationship \"Folder.notes\" has inverse \"Note.folder\", whose inverse is \"other\", not \"notes\"; "
                    + "Core Data loads the model as written: set \"Note.folder\"'s inverse to \"notes\" or this inverse to none",
                "bad.xml:8: warning: relationship \"Note.folder\" has inverse \"Folder.other\", whose inverse is not set, not \"folder\"; "
                    + "Core Data loads the model as written: set \"Folder.other\"'s inverse to \"folder\" or this inverse to none",
            ])
    }

    @Test func inverseThatDoesNotExist() throws {
        let text = model(
            """
                <entity name="Folder">
                    <relationship name="notes" toMany="YES" destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
                </entity>
                <entity name="Note"/>
            """)
        #expect(
            try diagnostic(for: Array(text.utf8))
                == "bad.xml:4: error: relationship \"Folder.notes\" has inverse \"Note.folder\", which does not exist")
    }

    @Test func duplicateEntity() throws {
        let text = model("    <entity name=\"A\"/>\n    <entity name=\"A\"/>")
        #expect(try diagnostic(for: Array(text.utf8)) == "bad.xml:4: error: duplicate entity \"A\" (first declared on line 3)")
    }

    @Test func duplicateProperty() throws {
        let text = model(
            """
                <entity name=\"A\">\n        <attribute name=\"x\" attributeType=\"String\"/>\n        <attribute name=\"x\" \
            attributeType=\"Date\"/>\n    </entity>
            """
        )
        #expect(try diagnostic(for: Array(text.utf8)) == "bad.xml:5: error: duplicate property \"A.x\" (first declared on line 4)")
    }

    @Test func propertyClashingWithAnInheritedOne() throws {
        let text = model(
            """
                <entity name=\"A\">\n        <attribute name=\"x\" attributeType=\"String\"/>\n    </entity>\n    <entity name=\"B\" \
            parentEntity=\"A\">\n        <attribute name=\"x\" attributeType=\"String\"/>\n    </entity>
            """
        )
        #expect(try diagnostic(for: Array(text.utf8)) == "bad.xml:7: error: property \"B.x\" clashes with \"A.x\", which it inherits")
    }

    /// The clash is found with the nearest ancestor declaring the name, and reported for the entity's
    /// first own property that has it, two levels up as one.
    @Test func propertyClashingWithAGrandparentsOne() throws {
        let text = model(
            """
                <entity name=\"A\">\n        <attribute name=\"y\" attributeType=\"String\"/>\n        <attribute name=\"x\" \
            attributeType=\"String\"/>\n    </entity>\n    <entity name=\"B\" parentEntity=\"A\"/>\n    <entity name=\"C\" \
            parentEntity=\"B\">\n        <attribute name=\"z\" attributeType=\"String\"/>\n        <attribute name=\"x\" \
            attributeType=\"String\"/>\n        <attribute name=\"y\" attributeType=\"String\"/>\n    </entity>
            """
        )
        #expect(try diagnostic(for: Array(text.utf8)) == "bad.xml:10: error: property \"C.x\" clashes with \"A.x\", which it inherits")
    }

    @Test func emptyFile() throws {
        #expect(try diagnostic(for: []) == "bad.xml:1:1: error: the file is empty")
    }

    @Test func invalidUTF8() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<model>\n  <ent".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("ity/>\n</model>".utf8)
        #expect(
            try diagnostic(for: bytes)
                == "bad.xml:3:7: error: the bytes are not valid UTF-8, the encoding the file declares (or XML's default)")
    }

    @Test func binaryFile() throws {
        #expect(
            try diagnostic(for: [0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0x00, 0x01, 0xFF])
                == "bad.xml: error: not an Xcode model: the file is binary, not XML")
    }

    @Test func missingFile() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: Diagnostic(path: folder.path + "/nope.xml", message: "no such file or directory")) {
            try ModelFile.load(path: folder.path + "/nope.xml")
        }
    }

    @Test func folderWithoutContents() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = folder.appendingPathComponent("Empty.xcdatamodel")
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        #expect(throws: Diagnostic(path: model.path, message: "not a model folder: it has no contents file")) {
            try ModelFile.load(path: model.path)
        }
    }

    @Test func currentVersionThatDoesNotExist() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("M.xcdatamodeld")
        let version = bundle.appendingPathComponent("M.xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try model("    <entity name=\"A\"/>").write(to: version.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>_XCCurrentVersionName</key>
        \t<string>M 2.xcdatamodel</string>
        </dict>
        </plist>
        """.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
        #expect(
            throws: Diagnostic(
                path: bundle.path + "/.xccurrentversion", line: 5,
                message: "the current version \"M 2.xcdatamodel\" does not exist in the bundle (versions: M)")
        ) {
            try ModelFile.load(path: bundle.path)
        }
    }

    @Test func externalEntitiesAreNeverExpandedOrFetched() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE model [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <model><entity name="&secret;"/></model>
            """
        let result = try diagnostic(for: Array(text.utf8))
        #expect(!result.contains("root:"))
    }
}
