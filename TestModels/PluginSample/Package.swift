// swift-tools-version:6.0
// A package shaped like an iOS app's model package, to try the modeldiff-check plugin:
// `swift package modeldiff-check` here checks Sources/Notes/Notes.xcdatamodeld and the SwiftData
// schemas of Sources/NotesData (its sources import SwiftData, so the target builds on Apple's systems only).
import PackageDescription

let package = Package(
    name: "PluginSample",
    products: [.library(name: "Notes", targets: ["Notes"]), .library(name: "NotesData", targets: ["NotesData"])],
    dependencies: [
        // An app names the repository instead: .package(url: "https://github.com/OWNER/modeldiff", from: "0.1.0")
        .package(path: "../..")
    ],
    targets: [
        .target(name: "Notes"),
        .target(name: "NotesData"),
    ]
)
