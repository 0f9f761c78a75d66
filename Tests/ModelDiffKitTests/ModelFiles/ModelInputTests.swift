import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

private let notes = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld").path

@Test func aPathNamesABundleOrOneVersion() throws {
    #expect(ModelInput.isBundle(notes) && ModelInput.isBundle(notes + "//"))
    guard case .bundle(let bundle) = try ModelInput.load(path: notes + "/") else {
        Issue.record("a .xcdatamodeld folder is a bundle")
        return
    }
    let version = (notes as NSString).appendingPathComponent(bundle.versions[0].name + ".xcdatamodel")
    #expect(!ModelInput.isBundle(version))
    guard case .version(let loaded) = try ModelInput.load(path: version) else {
        Issue.record("a .xcdatamodel folder is one version")
        return
    }
    #expect(loaded.model == bundle.versions[0].model)
    #expect(throws: Diagnostic.self) { try ModelInput.load(path: notes + "-missing.xcdatamodeld") }
}

@Test func aVersionOrderIsCheckedAgainstTheBundle() throws {
    let bundle = try ModelBundle.load(path: notes)
    let names = bundle.versions.map(\.name)
    let natural = try bundle.versions(inOrder: nil)
    #expect(natural.versions.map(\.name) == names)
    #expect(natural.versions[natural.current].name == bundle.currentVersionName)
    #expect(throws: VersionOrderError.unknownVersion("Nope", versions: names)) { try bundle.versions(inOrder: ["Nope"]) }
    let withoutCurrent = names.filter { $0 != bundle.currentVersionName }
    #expect(throws: VersionOrderError.currentVersionLeftOut(bundle.currentVersionName)) { try bundle.versions(inOrder: withoutCurrent) }
    // The library states the fact; the CLI names its flag (`--order`).
    #expect(!VersionOrderError.currentVersionLeftOut("X").message.contains("--"))
}
