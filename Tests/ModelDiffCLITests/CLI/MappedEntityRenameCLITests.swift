import Foundation
import ModelDiffTestSupport
import Testing

/// A removed entity that the step's mapping migrates into a new one (XcodeServer's 2.0.0 mapping
/// turns `Stats` into `ManagedStats`) is no lost entity and no suspected rename: the mapping model
/// migrates it, so check says so in a note instead of `entity-removed` and `possible-rename` warnings.
@Test func aRemovedEntityTheMappingMigratesIsANoteNotALoss() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = folder.appendingPathComponent("Server.xcdatamodeld")
    let entity = { (name: String) in
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="\(name)" representedClassName="\(name)" syncable="YES">
                <attribute name="count" optional="YES" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="title" optional="YES" attributeType="String"/>
            </entity>
        </model>
        """
    }
    for (version, name) in [("Server", "Stats"), ("Server 2", "ManagedStats")] {
        let path = bundle.appendingPathComponent("\(version).xcdatamodel")
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
        try entity(name).write(to: path.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
    }
    let current = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>Server 2.xcdatamodel</string></dict></plist>
        """
    try current.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
    // Without the mapping, the step drops every Stats object and suspects a rename.
    let bare = try runModeldiff(["check", "Server.xcdatamodeld"], in: folder)
    #expect(bare.stdout.contains("[entity-removed]") && bare.stdout.contains("[possible-rename]"), "\(bare.stdout)")
    let mapping = """
        <mappingModel formatVersion="1" source="Server" destination="Server 2">
            <entityMapping name="StatsToManagedStats" type="transform" source="Stats" destination="ManagedStats">
                <attribute name="count">$source.count</attribute>
                <attribute name="title">$source.title</attribute>
            </entityMapping>
        </mappingModel>
        """
    try mapping.write(to: folder.appendingPathComponent("Stats.mapping.xml"), atomically: true, encoding: .utf8)
    let check = try runModeldiff(["check", "Server.xcdatamodeld", "--verbose"], in: folder)
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(!check.stdout.contains("warning:"), "\(check.stdout)")
    #expect(
        check.stdout.contains("note: `Stats` objects are migrated into ManagedStats by the mapping model ./Stats.mapping.xml"),
        "\(check.stdout)")
    #expect(check.stdout.contains("note: `ManagedStats` objects are made from Stats objects by the mapping model ./Stats.mapping.xml"))
    #expect(check.stdout.contains("overall: mapped"))
}
