@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// The streaming reader gives what libxml2's tree gave: text and CDATA joined and trimmed, comments
/// before an element leading it and those after the last child trailing, `&amp;`/`&#38;` read as `&`,
/// no attribute a DTD defaults, no comment from inside the DTD, the line where a start tag ends.
@Suite struct StreamingXMLReader {
    static let document = """
        <?xml version="1.0"?>
        <!DOCTYPE root [<!-- in the DTD --><!ATTLIST item defaulted CDATA "d"><!ENTITY e "<item name='x'/>">]>
        <!-- header -->
        <root a="1 &amp; 2 &#38; &lt;3&gt;" b='q"'
              c="&#x41;">
            <!-- before item -->
            <item name="i1"/>
            text <![CDATA[<raw>]]> more
            <item name="i2"><!-- inside --></item>
            tail &amp; end
            <!-- trailing -->
        </root>
        <!-- after -->
        """

    @Test func everyKindOfNodeReadsAsLibxml2sTreeHeldIt() throws {
        let root = try XMLDocumentParser.parse(Array(Self.document.utf8), path: "doc.xml")
        let expected = XMLElementNode(
            name: "root", attributes: [XMLAttribute("a", "1 & 2 & <3>"), XMLAttribute("b", "q\""), XMLAttribute("c", "A")],
            children: [
                XMLElementNode(name: "item", attributes: [XMLAttribute("name", "i1")], leadingComments: [" before item "]),
                XMLElementNode(name: "item", attributes: [XMLAttribute("name", "i2")], trailingComments: [" inside "]),
            ],
            text: "text <raw> more\n    \n    tail & end", leadingComments: [" header "], trailingComments: [" trailing "])
        #expect(root == expected)
        #expect(root.line.value == 5)
        #expect(root.children.map(\.line.value) == [7, 9])
    }

    @Test func anEntityReferenceInTextIsAnErrorAndItsReplacementNeverReachesTheTree() throws {
        let text = Self.document.replacingOccurrences(of: "tail &amp; end", with: "tail &e; end")
        do {
            _ = try XMLDocumentParser.parse(Array(text.utf8), path: "doc.xml")
            Issue.record("no error")
        } catch {
            #expect(
                "\(error)"
                    == """
                    doc.xml:5: error: the XML entity reference \"&e;\" is not expanded: modeldiff reads no entity declarations; write the text \
                    itself or a character reference such as &#38;
                    """
            )
        }
    }

    @Test func malformedXMLAfterAnEntityReferenceReportsTheMalformedXML() throws {
        let text = Self.document.replacingOccurrences(of: "tail &amp; end", with: "tail &e; end").replacingOccurrences(
            of: "</root>", with: "</rot>")
        do {
            _ = try XMLDocumentParser.parse(Array(text.utf8), path: "doc.xml")
            Issue.record("no error")
        } catch {
            #expect("\(error)".hasPrefix("doc.xml:12:"))
            #expect("\(error)".contains("Opening and ending tag mismatch: root line 4 and rot"))
        }
    }
}
