@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

@Test func sourceLinesTakeNoPartInEquality() {
    let a = Attribute(name: "title", type: .string, line: SourceLine(3))
    let b = Attribute(name: "title", type: .string, line: SourceLine(30))
    #expect(a == b)
}

@Test func inheritedPropertiesComeRootFirst() {
    let model = Model(entities: [
        Entity(name: "Car", attributes: [Attribute(name: "plate", type: .string)]),
        Entity(name: "SportCar", parentEntity: "Car", attributes: [Attribute(name: "speed", type: .double)]),
    ])
    let sport = model.entity(named: "SportCar")!
    #expect(model.allProperties(of: sport).map(\.name) == ["plate", "speed"])
    #expect(model.rootEntity(of: sport).name == "Car")
}

@Test func namesSortByUTF16CodeUnit() {
    #expect(coreDataCompare("ItemZ", "Itema"))
    #expect(!coreDataCompare("Itema", "ItemZ"))
    // UTF-16 puts surrogate pairs (above U+FFFF) before U+E000–U+FFFF; UTF-8 byte order would not.
    #expect(coreDataCompare("a\u{1F600}", "a\u{FF01}"))
    #expect(!coreDataCompare("a\u{FF01}", "a\u{1F600}"))
    #expect(coreDataCompare("a\u{E9}", "a\u{FF01}"))
    #expect(coreDataCompare("Item", "Items"))
    #expect(!coreDataCompare("Item", "Item"))
}

@Test func prefixWordsOrderNamesAsTheirStringsDo() {
    // Words that differ decide; equal words (a common first eight bytes) and names that are not
    // ASCII leave it to the strings.
    let names = [
        "", "a", "ab", "aB", "abcdefgh", "abcdefghi", "abcdefgg", "abcdefgh\u{0}", "a\u{0}b", "Zebra", "zebra",
        "shippingAddress", "shippingCity", "\u{E9}t\u{E9}", "a\u{E9}", "abcdefg\u{E9}", "a\u{FF01}", "a\u{1F600}",
    ]
    #expect(coreDataPrefix("a\u{E9}") == nil)
    #expect(coreDataPrefix("abcdefgh\u{E9}") != nil)
    for lhs in names {
        for rhs in names {
            #expect(
                coreDataCompare(lhs, prefix: coreDataPrefix(lhs), rhs, prefix: coreDataPrefix(rhs)) == coreDataCompare(lhs, rhs),
                "\(lhs) < \(rhs)")
        }
    }
}
