// swift-tools-version:6.0
// A package shaped like an iOS app's model package, to try the modeldiff-check plugin:
// `swift package modeldiff-check` here checks Sources/Notes/Notes.xcdatamodeld.
import PackageDescription

let package = Package(
    name: "PluginSample",
    products: [.library(name: "Notes", targets: ["Notes"])],
    dependencies: [
        // An app names the repository instead: .package(url: "https://github.com/OWNER/modeldiff", from: "0.1.0")
        .package(path: "../..")
    ],
    targets: [
        .target(name: "Notes")
    ]
)
