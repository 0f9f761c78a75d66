@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

@Test func versionNamesSortAsPeopleNumberThem() {
    let names = ["Model 10", "Model", "Model 2", "Model 117", "Model 9", "Model 1a", "Model 1", "model", "Model 02", "Zeta", "Alpha 3"]
    // Text by UTF-16 code unit, numbers by value; "Model 2" and "Model 02" have one key and keep
    // their order (the sort is stable).
    let expected = ["Alpha 3", "Model", "Model 1", "Model 1a", "Model 2", "Model 02", "Model 9", "Model 10", "Model 117", "Zeta", "model"]
    #expect(sortedNaturally(names) == expected)
    #expect(names.sorted(by: naturalOrder) == expected)
}
