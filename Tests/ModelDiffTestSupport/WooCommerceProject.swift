import Foundation

/// WooCommerce's Model 9 and Model 10 laid out as in the woocommerce-ios repository, whose
/// `Storage/Storage.xcodeproj` builds `Storage/Storage/Model/WooCommerce.xcdatamodeld`: the layout
/// behind the model paths Xcode recorded in `WooCommerceModelV9toV10.xcmappingmodel`.
/// ../shared keeps only the bundle, so the versions are copied into a temporary tree (`root`).
package struct WooCommerceProject {
    package let root: URL
    package let old: String
    package let new: String

    package init() throws {
        root = try Paths.temporaryDirectory()
        let project = root.appendingPathComponent("Storage")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Storage.xcodeproj"), withIntermediateDirectories: true)
        let bundle = project.appendingPathComponent("Storage/Model/WooCommerce.xcdatamodeld")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let shared = Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld")
        for version in ["Model 9.xcdatamodel", "Model 10.xcdatamodel"] {
            try FileManager.default.copyItem(at: shared.appendingPathComponent(version), to: bundle.appendingPathComponent(version))
        }
        old = bundle.appendingPathComponent("Model 9.xcdatamodel").path
        new = bundle.appendingPathComponent("Model 10.xcdatamodel").path
    }

    package func remove() { try? FileManager.default.removeItem(at: root) }
}
