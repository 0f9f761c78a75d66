import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// A model file around `body`.
private func modelText(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
    \(body)
    </model>
    """
}

/// What a model file must not get away with (issues 14 and 23): each case is one exact diagnostic.
private func diagnostic(_ body: String) -> String {
    do {
        _ = try ModelReader.read(Array(modelText(body).utf8), path: "m.xml")
        return "no error"
    } catch {
        return error.description
    }
}

private let note = #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#

@Suite struct RefusedNames {
    @Test(arguments: [
        (
            #"<entity name="X (A); ATTACH DATABASE 'SRC.SQLITE' AS S; DELETE FROM S.ZPOST; CREATE TABLE ZY"/>"#,
            #"""
            m.xml:3: error: entity name "X (A); ATTACH DATABASE 'SRC.SQLITE' AS S; DELETE FROM S.ZPOST; CREATE TABLE ZY" may hold only letters, digits \#
            and underscores, not " "
            """#
        ),
        (#"<entity name="_Note"/>"#, #"m.xml:3: error: entity name "_Note" must begin with a letter"#),
        (#"<entity name="2Note"/>"#, #"m.xml:3: error: entity name "2Note" must begin with a letter"#),
        (
            #"<entity name="Note"><attribute name="a&quot;) ; DROP TABLE ZNOTE; --" attributeType="String"/></entity>"#,
            #"m.xml:3: error: property name "a") ; DROP TABLE ZNOTE; --" may hold only letters, digits and underscores, not """"#
        ),
        (
            #"<entity name="Note"><relationship name="x.y" maxCount="1" deletionRule="Nullify" destinationEntity="Note"/></entity>"#,
            #"m.xml:3: error: property name "x.y" may hold only letters, digits and underscores, not ".""#
        ),
        (
            #"<entity name="Note" elementID="Old Note"/>"#,
            #"m.xml:3: error: renaming identifier of entity "Note" "Old Note" may hold only letters, digits and underscores, not " ""#
        ),
        (
            #"<entity name="Note"><attribute name="title" elementID="t;x" attributeType="String"/></entity>"#,
            #"m.xml:3: error: renaming identifier of property "Note.title" "t;x" may hold only letters, digits and underscores, not ";""#
        ),
        (
            note + #"<configuration name="Cloud; DROP"><memberEntity name="Note"/></configuration>"#,
            #"m.xml:3: error: configuration name "Cloud; DROP" may hold only letters, digits and underscores, not ";""#
        ),
        (
            #"""
            <entity name="Note"><attribute name="title" attributeType="String"/><fetchIndex name="byTitle ON X; --"><fetchIndexElement property="title" \#
            type="Binary" order="ascending"/></fetchIndex></entity>
            """#,
            #"m.xml:3: error: fetch index name "byTitle ON X; --" may hold only letters, digits and underscores, not " ""#
        ),
        (
            note + #"<fetchRequest name="all notes" entity="Note"/>"#,
            #"m.xml:3: error: fetch request name "all notes" may hold only letters, digits and underscores, not " ""#
        ),
    ])
    func refused(body: String, expected: String) {
        #expect(diagnostic(body) == expected)
    }

    /// Xcode's conventions are warnings: a model that breaks them still loads (a hand-edited file can).
    @Test(arguments: [
        (
            #"<entity name="note"/>"#,
            #"m.xml:3: warning: entity name "note" should begin with an upper-case letter, as Xcode's model editor asks"#
        ),
        (
            #"<entity name="Note"><attribute name="Title" attributeType="String"/></entity>"#,
            #"m.xml:3: warning: property name "Title" should begin with a lower-case letter, as Xcode's model editor asks"#
        ),
        (
            #"<entity name="Note"><attribute name="description" attributeType="String"/></entity>"#,
            #"""
            m.xml:3: warning: property "Note.description" has the name of a method of NSObject or NSManagedObject, which Core Data's documentation \#
            forbids: its accessors would replace the method
            """#
        ),
        // One-letter names, and first letters outside ASCII: decided by the letter, not its bytes.
        (
            #"<entity name="n"/>"#,
            #"m.xml:3: warning: entity name "n" should begin with an upper-case letter, as Xcode's model editor asks"#
        ),
        (
            #"<entity name="Note"><attribute name="T" attributeType="String"/></entity>"#,
            #"m.xml:3: warning: property name "T" should begin with a lower-case letter, as Xcode's model editor asks"#
        ),
        (
            #"<entity name="été"/>"#,
            #"m.xml:3: warning: entity name "été" should begin with an upper-case letter, as Xcode's model editor asks"#
        ),
        // An ASCII letter followed by a combining accent: the first character is "é", still lower-case.
        (
            "<entity name=\"e\u{301}te\"/>",
            "m.xml:3: warning: entity name \"e\u{301}te\" should begin with an upper-case letter, as Xcode's model editor asks"
        ),
        (
            #"<entity name="Note"><attribute name="Écrit" attributeType="String"/></entity>"#,
            #"m.xml:3: warning: property name "Écrit" should begin with a lower-case letter, as Xcode's model editor asks"#
        ),
    ])
    func conventionsAreWarnings(body: String, expected: String) throws {
        let loaded = try ModelReader.read(Array(modelText(body).utf8), path: "m.xml")
        #expect(loaded.notes.map(\.description) == [expected])
    }

    @Test func unicodeLettersDigitsAndUnderscoresAreNames() {
        #expect(diagnostic(#"<entity name="Été_2"><attribute name="größe_1" attributeType="String"/></entity>"#) == "no error")
    }
}

@Suite struct RefusedLayouts {
    @Test(arguments: [
        (
            #"<entity name="Tag"/><entity name="TAG"/>"#,
            #"m.xml:3: error: entities "Tag" (line 3) and "TAG" would both be stored in table ZTAG; SQLite does not tell names apart by case"#
        ),
        (
            #"<entity name="Note"><attribute name="title" attributeType="String"/><attribute name="tItle" attributeType="String"/></entity>"#,
            #"m.xml:3: error: properties "Note.title" and "Note.tItle" would both be stored in column ZTITLE; SQLite does not tell names apart by case"#
        ),
        (
            #"""
            <entity name="Base"><attribute name="title" attributeType="String"/></entity><entity name="Sub" parentEntity="Base"><attribute name="tiTLE" \#
            attributeType="String"/></entity>
            """#,
            #"m.xml:3: error: properties "Base.title" and "Sub.tiTLE" would both be stored in column ZTITLE; SQLite does not tell names apart by case"#
        ),
        (
            #"""
            <entity name="Note"><attribute name="title" attributeType="String"/><fetchIndex name="byTitle"><fetchIndexElement property="title" \#
            type="Binary" order="ascending"/></fetchIndex><fetchIndex name="BYTITLE"><fetchIndexElement property="title" type="Binary" \#
            order="descending"/></fetchIndex></entity>
            """#,
            #"""
            m.xml:3: error: fetch index "byTitle" of entity "Note" and fetch index "BYTITLE" of entity "Note" would both be SQLite index Z_Note_BYTITLE; \#
            SQLite does not tell names apart by case
            """#
        ),
    ])
    func refused(body: String, expected: String) {
        #expect(diagnostic(body) == expected)
    }

    /// Xcode's conventions are warnings: a model that breaks them still loads (a hand-edited file can).
    @Test(arguments: [
        (
            #"<entity name="note"/>"#,
            #"m.xml:3: warning: entity name "note" should begin with an upper-case letter, as Xcode's model editor asks"#
        ),
        (
            #"<entity name="Note"><attribute name="Title" attributeType="String"/></entity>"#,
            #"m.xml:3: warning: property name "Title" should begin with a lower-case letter, as Xcode's model editor asks"#
        ),
        (
            #"<entity name="Note"><attribute name="description" attributeType="String"/></entity>"#,
            #"""
            m.xml:3: warning: property "Note.description" has the name of a method of NSObject or NSManagedObject, which Core Data's documentation \#
            forbids: its accessors would replace the method
            """#
        ),
    ])
    func conventionsAreWarnings(body: String, expected: String) throws {
        let loaded = try ModelReader.read(Array(modelText(body).utf8), path: "m.xml")
        #expect(loaded.notes.map(\.description) == [expected])
    }

    @Test func siblingSubEntitiesMayShareAColumnName() {
        let body =
            #"""
            <entity name="Base"/><entity name="A" parentEntity="Base"><attribute name="text" attributeType="String"/></entity><entity name="B" \#
            parentEntity="Base"><attribute name="tExt" attributeType="String"/></entity>
            """#
        #expect(diagnostic(body) == "no error")
    }

    /// A pair sharing a column in two unrelated hierarchies makes the model check every entity's
    /// ancestry (the pass over the whole model only finds that such a pair exists), and that check
    /// finds nothing here; the same pair within one ancestry, three levels down, is still found.
    @Test func onlyAPairWithinOneAncestryIsRefused() {
        let apart =
            #"""
            <entity name="A"><attribute name="title" attributeType="String"/></entity><entity name="B"><relationship name="TITLE" destinationEntity="A" \#
            maxCount="1"/></entity>
            """#
        #expect(diagnostic(apart) == "no error")
        let toMany =
            #"<entity name="A"><attribute name="title" attributeType="String"/><relationship name="TITLE" destinationEntity="A" toMany="YES"/></entity>"#
        #expect(diagnostic(toMany) == "no error")
        let below =
            #"""
            <entity name="A"><attribute name="title" attributeType="String"/></entity><entity name="B" parentEntity="A"/><entity name="C" \#
            parentEntity="B"><attribute name="Title" attributeType="String"/></entity>
            """#
        #expect(
            diagnostic(below)
                == #"m.xml:3: error: properties "A.title" and "C.Title" would both be stored in column ZTITLE; SQLite does not tell names apart by case"#
        )
    }

    /// The pass that looks for such pairs folds ASCII names from their bytes; Unicode's upper case
    /// gives some other names an ASCII column (`ſ`, long s, is `S`), which only `uppercased()` finds.
    @Test func aNameThatIsNotASCIICanShareAnASCIIColumn() {
        #expect(
            diagnostic(
                #"<entity name="Note"><attribute name="ſtate" attributeType="String"/><attribute name="state" attributeType="String"/></entity>"#
            )
                == #"m.xml:3: error: properties "Note.ſtate" and "Note.state" would both be stored in column ZSTATE; SQLite does not tell names apart by case"#
        )
        #expect(
            diagnostic(
                #"""
                <entity name="Base"><attribute name="state" attributeType="String"/></entity><entity name="Sub" parentEntity="Base"><attribute \#
                name="ſtate" attributeType="String"/></entity>
                """#
            )
                == #"m.xml:3: error: properties "Base.state" and "Sub.ſtate" would both be stored in column ZSTATE; SQLite does not tell names apart by case"#
        )
    }

    @Test func twoThousandColumnsAreTooMany() {
        // Z_PK, Z_ENT and Z_OPT plus 1,997 attributes is SQLite's limit; one more is not.
        func body(_ count: Int) -> String {
            "<entity name=\"Wide\">" + (0..<count).map { "<attribute name=\"a\($0)\" attributeType=\"Integer 16\"/>" }.joined()
                + "</entity>"
        }
        #expect(diagnostic(body(1_997)) == "no error")
        #expect(
            diagnostic(body(1_998))
                == #"m.xml:3: error: table ZWIDE (entity "Wide" and its sub-entities) would have 2001 columns; SQLite allows at most 2000"#)
    }

    @Test func aToOneCanTakeThreeColumns() {
        // Each to-one of Wide takes its key, the entity column of a destination with sub-entities and
        // the order key of an ordered inverse: 3 + 3 × 666 = 2001 columns, though Wide declares only 666 properties.
        let count = 666
        let wide = (0..<count).map {
            """
            <relationship name=\"r\($0)\" maxCount=\"1\" deletionRule=\"Nullify\" destinationEntity=\"Target\" inverseName=\"w\($0)\" \
            inverseEntity=\"Target\"/>
            """
        }.joined()
        let target = (0..<count).map {
            """
            <relationship name=\"w\($0)\" toMany=\"YES\" ordered=\"YES\" deletionRule=\"Nullify\" destinationEntity=\"Wide\" \
            inverseName=\"r\($0)\" inverseEntity=\"Wide\"/>
            """
        }.joined()
        let body =
            "<entity name=\"Wide\">\(wide)</entity><entity name=\"Target\">\(target)</entity><entity name=\"Sub\" parentEntity=\"Target\"/>"
        #expect(
            diagnostic(body)
                == #"m.xml:3: error: table ZWIDE (entity "Wide" and its sub-entities) would have 2001 columns; SQLite allows at most 2000"#)
    }
}

@Suite struct RefusedValues {
    @Test(arguments: [
        (
            #"<entity name="Note"><attribute name="a" optional="maybe" attributeType="String"/></entity>"#,
            #"m.xml:3: error: optional="maybe" on attribute "Note.a" is neither YES nor NO"#
        ),
        (#"<entity name="Note" isAbstract="yes"/>"#, #"m.xml:3: error: isAbstract="yes" on entity "Note" is neither YES nor NO"#),
        (
            #"<entity name="Note"><relationship name="r" toMany="NO " destinationEntity="Note"/></entity>"#,
            #"m.xml:3: error: toMany="NO " on relationship "Note.r" is neither YES nor NO"#
        ),
        // The first flag in file order, whether the element's fields read it or keep it verbatim,
        // and before a missing type.
        (
            #"<entity name="Note"><attribute name="a" attributeType="String" toMany="sure"/></entity>"#,
            #"m.xml:3: error: toMany="sure" on attribute "Note.a" is neither YES nor NO"#
        ),
        (
            #"<entity name="Note"><attribute name="a" transient="x" optional="y" attributeType="String"/></entity>"#,
            #"m.xml:3: error: transient="x" on attribute "Note.a" is neither YES nor NO"#
        ),
        (
            #"<entity name="Note"><attribute name="a" optional="maybe"/></entity>"#,
            #"m.xml:3: error: optional="maybe" on attribute "Note.a" is neither YES nor NO"#
        ),
        (
            #"<entity name="Note"><relationship name="r" ordered="1" optional="z" destinationEntity="Note"/></entity>"#,
            #"m.xml:3: error: ordered="1" on relationship "Note.r" is neither YES nor NO"#
        ),
        (
            #"<entity name="Note"><attribute name="a" attributeType="Integer 16" defaultValueString="12x"/></entity>"#,
            #"m.xml:3: error: defaultValueString "12x" of attribute "Note.a" is not a number"#
        ),
        (
            #"<entity name="Note"><attribute name="a" attributeType="Integer 16" minValueString="40000"/></entity>"#,
            #"m.xml:3: error: minValueString "40000" of attribute "Note.a" is outside the range of Integer 16"#
        ),
        (
            #"<entity name="Note"><attribute name="a" attributeType="Double" maxValueString="big"/></entity>"#,
            #"m.xml:3: error: maxValueString "big" of attribute "Note.a" is not a number"#
        ),
        (
            #"<entity name="Note"><attribute name="a" attributeType="String" minValueString="-x"/></entity>"#,
            #"m.xml:3: error: minValueString "-x" of attribute "Note.a" is not a number"#
        ),
        (
            #"<entity name="Note"><attribute name="a" attributeType="Date" defaultDateTimeInterval="noon"/></entity>"#,
            #"m.xml:3: error: defaultDateTimeInterval "noon" of attribute "Note.a" is not a number of seconds"#
        ),
        (
            #"<entity name="Note"><attribute name="a" attributeType="Integer 16" derived="YES" derivationExpression="items.@count +"/></entity>"#,
            #"m.xml:3: error: the derivation expression of attribute "Note.a" does not parse: unexpected end of expression"#
        ),
        (
            #"<entity name="Note"><attribute name="a" attributeType="Transformable" valueTransformerName="Color Transformer"/></entity>"#,
            #"m.xml:3: error: valueTransformerName "Color Transformer" of attribute "Note.a" is not a class name"#
        ),
        (
            #"<entity name="Note"><attribute name="a" attributeType="Transformable" customClassName="UIColor;"/></entity>"#,
            #"m.xml:3: error: customClassName "UIColor;" of attribute "Note.a" is not a type name"#
        ),
        (
            #"""
            <entity name="Note"><attribute name="a" attributeType="String"/><compoundIndexes><compoundIndex><index \#
            value="b"/></compoundIndex></compoundIndexes></entity>
            """#,
            #"m.xml:3: error: compound index of entity "Note" names "b", which is not one of its properties"#
        ),
        (
            #"<entity name="Note"><attribute name="a" attributeType="Composite"/></entity>"#,
            #"m.xml:3: error: attribute "Note.a" is a Composite attribute without a composite"#
        ),
        (
            #"<entity name="Note"><attribute name="a" attributeType="Composite" composite="Place"/></entity>"#,
            #"m.xml:3: error: attribute "Note.a" uses composite "Place", which the model does not declare"#
        ),
        (
            #"""
            <entity name="Note"><attribute name="a" attributeType="String"/><uniquenessConstraints><uniquenessConstraint><constraint \#
            value="b"/></uniquenessConstraint></uniquenessConstraints></entity>
            """#,
            #"m.xml:3: error: uniqueness constraint of entity "Note" names "b", which is not one of its properties"#
        ),
        (
            #"""
            <entity name="Note"><attribute name="a" attributeType="String"/><fetchIndex name="byB"><fetchIndexElement property="b" type="Binary" \#
            order="ascending"/></fetchIndex></entity>
            """#,
            #"m.xml:3: error: fetch index "byB" of entity "Note" names "b", which is not one of its properties"#
        ),
        (
            #"""
            <entity name="Note"><fetchedProperty name="f"><fetchRequest name="fetchedPropertyFetchRequest" entity="Note" predicateString="title == \#
            =="/></fetchedProperty></entity>
            """#,
            #"m.xml:3: error: the predicate of fetched property "Note.f" does not parse: unexpected '=='"#
        ),
        (
            note + #"<configuration name="Cloud"><memberEntity name="Missing"/></configuration>"#,
            #"m.xml:3: error: configuration "Cloud" names entity "Missing", which the model does not declare"#
        ),
        (
            #"""
            <entity name="A"><relationship name="b" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="a" \#
            inverseEntity="C"/></entity><entity name="B"><relationship name="a" maxCount="1" deletionRule="Nullify" destinationEntity="A" inverseName="b" \#
            inverseEntity="A"/></entity><entity name="C"><relationship name="a" maxCount="1" deletionRule="Nullify" destinationEntity="A"/></entity>
            """#,
            #"m.xml:3: error: relationship "A.b" names inverse entity "C", but its destination is "B""#
        ),
    ])
    func refused(body: String, expected: String) {
        #expect(diagnostic(body) == expected)
    }

    /// Xcode's conventions are warnings: a model that breaks them still loads (a hand-edited file can).
    @Test(arguments: [
        (
            #"<entity name="note"/>"#,
            #"m.xml:3: warning: entity name "note" should begin with an upper-case letter, as Xcode's model editor asks"#
        ),
        (
            #"<entity name="Note"><attribute name="Title" attributeType="String"/></entity>"#,
            #"m.xml:3: warning: property name "Title" should begin with a lower-case letter, as Xcode's model editor asks"#
        ),
        (
            #"<entity name="Note"><attribute name="description" attributeType="String"/></entity>"#,
            #"""
            m.xml:3: warning: property "Note.description" has the name of a method of NSObject or NSManagedObject, which Core Data's documentation \#
            forbids: its accessors would replace the method
            """#
        ),
    ])
    func conventionsAreWarnings(body: String, expected: String) throws {
        let loaded = try ModelReader.read(Array(modelText(body).utf8), path: "m.xml")
        #expect(loaded.notes.map(\.description) == [expected])
    }

    @Test func transformerSettingsRealModelsHoldAreRead() {
        let body =
            #"""
            <entity name="Note"><attribute name="a" attributeType="Transformable" valueTransformerName="" customClassName="[String: Int]"/><attribute \#
            name="b" attributeType="Transformable" valueTransformerName="MyApp.ColorTransformer" customClassName="[Int64]"/></entity>
            """#
        #expect(diagnostic(body) == "no error")
    }

    /// ASCII names are accepted from their bytes and everything else by `Character`: both ways
    /// must give the same answers.
    @Test(arguments: [
        ("ColorTransformer", "UIColor", true), ("_T.a1._b", "[String: [Int]]?", true), ("Été.Transformer", "Ärger<Ö>", true),
        ("1Transformer", "UIColor", false), ("A..B", "UIColor", false), ("A.", "UIColor", false), (".A", "UIColor", false),
        ("A.1b", "UIColor", false), ("A-B", "UIColor", false), ("A", "   ", false), ("A", "\t", false), ("A", "UI Color", true),
        ("A", "Dictionary<String, Any>", true), ("A", "UIColor!", false), ("A", "UI\u{2003}Color", false), ("A", "Été\u{2003}", false),
    ])
    func transformerAndClassNames(transformer: String, customClass: String, accepted: Bool) {
        let body =
            #"""
            <entity name="Note"><attribute name="a" attributeType="Transformable" valueTransformerName="\#(transformer)" \#
            customClassName="\#(customClass.replacingOccurrences(of: "<", with: "&lt;"))"/></entity>
            """#
        let result = diagnostic(body)
        #expect((result == "no error") == accepted, "\(result)")
    }

    @Test func defaultsRealModelsHoldAreRead() {
        // WooCommerce's and Wire's models: YES/NO on integers once Boolean, 0.0 on an integer.
        let body =
            #"""
            <entity name="Note"><attribute name="a" attributeType="Integer 32" defaultValueString="NO"/><attribute name="b" attributeType="Integer 64" \#
            defaultValueString="0.0"/><attribute name="c" attributeType="Boolean" defaultValueString="0"/></entity>
            """#
        #expect(diagnostic(body) == "no error")
    }
}

@Suite struct RefusedXML {
    @Test func anEntityReferenceInTextIsAnErrorNotDropped() throws {
        let text =
            """
            <?xml version=\"1.0\"?>\n<!DOCTYPE mappingModel [<!ENTITY x \"1\">]>\n<mappingModel formatVersion=\"1\">\n<entityMapping \
            name=\"NoteToNote\" type=\"copy\" source=\"Note\" destination=\"Note\">\n<attribute \
            name=\"a\">$source.a&x;</attribute>\n</entityMapping>\n</mappingModel>
            """
        #expect(
            throws: Diagnostic(
                path: "m.mapping.xml", line: 5,
                message:
                    """
                    the XML entity reference \"&x;\" is not expanded: modeldiff reads no entity declarations; write the text itself or a \
                    character reference such as &#38;
                    """
            )
        ) {
            try MappingXML.read(Array(text.utf8), path: "m.mapping.xml")
        }
    }

    @Test func aDeclaredEntityInAModelIsAnErrorNotDropped() throws {
        let text =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE model [<!ENTITY y \"Z\">]>\n<model>\n<entity name=\"Note\" representedClassName=\"N&y;\"/>\n</model>"
        #expect(
            throws: Diagnostic(
                path: "m.xml", line: 4,
                message:
                    """
                    the XML entity reference \"&y;\" is not expanded: modeldiff reads no entity declarations; write the text itself or a \
                    character reference such as &#38;
                    """
            )
        ) {
            try ModelReader.read(Array(text.utf8), path: "m.xml")
        }
    }

    @Test func utf16WithAByteOrderMarkIsRead() throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<model><entity name=\"Note\"><attribute name=\"a\" attributeType=\"String\"/></entity></model>"
        for bigEndian in [false, true] {
            var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            for unit in text.utf16 {
                bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
            let loaded = try ModelReader.read(bytes, path: "m.xml")
            #expect(loaded.model.entities.map(\.name) == ["Note"])
        }
    }

    @Test func libxml2sAdviceToProgrammersIsReworded() {
        let deep = "<model>" + String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300) + "</model>"
        #expect(
            throws: Diagnostic(
                path: "m.xml", line: 1, column: 776,
                message: "the XML is nested more than 256 levels deep, which no model or mapping file needs")
        ) {
            try ModelReader.read(Array(deep.utf8), path: "m.xml")
        }
    }

    @Test func controlCharactersInPathsAndMessagesAreEscaped() {
        let diagnostic = Diagnostic(path: "a\u{1B}[2Jb\nc.xml", line: 1, message: "entity \"E\u{9B}x\u{7}\"")
        #expect(diagnostic.description == #"a\u{1B}[2Jb\nc.xml:1: error: entity "E\u{9B}x\u{7}""#)
    }
}

/// Random names from an alphabet of SQL and XML metacharacters: whatever the reader accepts as an
/// entity, property, index or configuration name can only be letters, digits and underscores, so no
/// accepted model puts a quote, a semicolon, a space or a parenthesis into SQL.
@Test func randomNamesThatReadHoldNothingButLettersDigitsAndUnderscores() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("aZ_09 ;'\"()-*/.,=\t\u{1B}éЖ")
    // Half the names are well formed (starting with `first`), half are any characters after `first`:
    // a hostile name is then tested in each place while the three others read.
    func name(_ first: Character) -> String {
        let clean = Array("aZ_09éЖ")
        let pool = Bool.random(using: &generator) ? clean : alphabet
        return String(first) + String((0..<Int.random(in: 0...5, using: &generator)).map { _ in pool.randomElement(using: &generator)! })
    }
    func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(
            of: "<", with: "&lt;")
    }
    var accepted = 0
    for _ in 0..<4_000 {
        let (entity, property, index, configuration) = (name("E"), name("p"), name("i"), name("C"))
        let body = """
            <entity name="\(escaped(entity))"><attribute name="\(escaped(property))" attributeType="String"/><fetchIndex \
            name="\(escaped(index))"><fetchIndexElement property="\(escaped(property))" type="Binary" order="ascending"/></fetchIndex></entity><configuration \
            name="\(escaped(configuration))"><memberEntity name="\(escaped(entity))"/></configuration>
            """
        let clean = [entity, property, index, configuration].allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
        guard diagnostic(body) == "no error" else {
            #expect(!clean, "refused well-formed names \(entity), \(property), \(index), \(configuration): \(diagnostic(body))")
            continue
        }
        accepted += 1
        for text in [entity, property, index, configuration] {
            #expect(text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }, "accepted \(text.debugDescription)")
        }
    }
    #expect(accepted > 0, "no random model was accepted: the alphabet is too hostile to test anything")
}
