import Foundation

/// richardpiazza/XcodeServer in ../shared/models/more-stores/xcodeserver (its SOURCES.md): one
/// `XcodeServer.xcdatamodeld` per version (`1_0_0`, `1_1_0`, `2_0_0`), the two mapping models Xcode
/// saved beside the newer two (1.0.0 → 1.1.0, 1.1.0 → 2.0.0) with their compiled `.cdm_precompiled`,
/// and two stores Core Data wrote with 1.0.0.
package enum XcodeServer {
    package static let folder = Paths.models.appendingPathComponent("more-stores/xcodeserver")

    /// The `Resources` folder of one version's Swift package target.
    package static func resources(_ version: String) -> URL {
        folder.appendingPathComponent("Sources/XcodeServerModel_\(version)/Resources")
    }

    /// The model version (`XcodeServer.xcdatamodel`) of a version.
    package static func model(_ version: String) -> String {
        resources(version).appendingPathComponent("XcodeServer.xcdatamodeld/XcodeServer.xcdatamodel").path
    }

    /// The mapping model Xcode saved into the newer version's target.
    package static func mapping(to version: String) -> String {
        resources(version).appendingPathComponent("MappingModel.xcmappingmodel").path
    }

    /// The compiled mapping model beside it, copied under a `.cdm` name into `folder` (modeldiff reads
    /// a compiled mapping by that extension).
    package static func compiledMapping(to version: String, in folder: URL) throws -> String {
        let copy = folder.appendingPathComponent("MappingModel_\(version).cdm")
        try FileManager.default.copyItem(at: resources(version).appendingPathComponent("MappingModel.cdm_precompiled"), to: copy)
        return copy.path
    }

    /// The two 1.0.0 stores (`empty`, `full`), each to be copied with its -wal and -shm before it is opened.
    package static let stores = ["empty", "full"].map {
        StoreFixture(
            store: folder.appendingPathComponent("Tests/XcodeServerTests/Resources/XcodeServer_1.0.0_\($0).sqlite"),
            model: URL(fileURLWithPath: model("1_0_0")))
    }
}
