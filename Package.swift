// swift-tools-version:6.0
import PackageDescription

// Two switches for the project's own modules, read from the environment; the dependencies are
// always compiled as the configuration says, so their objects are shared by every build in `.build`.
// - MODELDIFF_OPTIMIZE=1 (`.ci/run`): compiled with -O inside the debug build, testability kept, so
//   the tests' corpus sweeps and the binary they run take a fraction of the debug time, without a
//   second, release build of swift-syntax and the rest (CONTRIBUTING.md, CI, has the numbers).
// - MODELDIFF_FUZZ=1 (`Scripts/fuzz.sh`): the two libraries compiled with libFuzzer's coverage and
//   AddressSanitizer, for the libFuzzer targets of Fuzz/ (which link the sanitizers' runtimes).
// Unset, no setting is added: a package that depends on modeldiff sees no unsafe flags.
let optimizing = Context.environment["MODELDIFF_OPTIMIZE"] == "1"
let fuzzing = Context.environment["MODELDIFF_FUZZ"] == "1"
func ownSettings(fuzzed: Bool) -> [SwiftSetting] {
    let flags = (optimizing ? ["-O"] : []) + (fuzzing && fuzzed ? ["-sanitize=fuzzer,address"] : [])
    return flags.isEmpty ? [] : [.unsafeFlags(flags)]
}

let package = Package(
    name: "modeldiff",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "modeldiff", targets: ["modeldiff"]),
        // One product, two modules: `import ModelDiffKit` for models, hashes, diffs, checks, mappings
        // and reports; `import ModelDiffStore` as well for SQLite stores and migrating them.
        .library(name: "ModelDiffKit", targets: ["ModelDiffKit", "ModelDiffStore"]),
        .plugin(name: "ModelDiffCheck", targets: ["ModelDiffCheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.0"..<"5.0.0"),
        // `.modeldiff.yml`, the project configuration `check` reads (YAML with line and column marks).
        .package(url: "https://github.com/jpsim/Yams", "5.0.1"..<"7.0.0"),
        // SwiftData schemas (`@Model`, `VersionedSchema`, `SchemaMigrationPlan`) read from Swift source, no compiler.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
        // Only for `swift package generate-documentation`: no target depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite3"])]
        ),
        // Raw deflate, for the compiled model Core Data caches in a store (Z_MODELCACHE).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Models, model files, hashes, diffs, inference, mappings, expressions and reports: no SQLite.
        .target(
            name: "ModelDiffKit",
            dependencies: [
                "CLibXML2",
                "CZlib",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: ownSettings(fuzzed: true)
        ),
        // Core Data SQLite stores and migrating them: the layer above, which ModelDiffKit cannot import.
        .target(
            name: "ModelDiffStore",
            dependencies: ["ModelDiffKit", "CSQLite"],
            swiftSettings: ownSettings(fuzzed: true)
        ),
        .executableTarget(
            name: "modeldiff",
            dependencies: [
                "ModelDiffKit",
                "ModelDiffStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            packageAccess: false,
            swiftSettings: ownSettings(fuzzed: false)
        ),
        .executableTarget(
            name: "generate-store",
            dependencies: ["ModelDiffKit", "ModelDiffStore"],
            path: "Benchmarks/Generator"
        ),
        .plugin(
            name: "ModelDiffCheck",
            capability: .command(
                intent: .custom(
                    verb: "modeldiff-check",
                    description: "Run modeldiff check on every .xcdatamodeld bundle in the package"
                )
            ),
            dependencies: ["modeldiff"]
        ),
        // Tests by layer. The helpers they share (paths to fixtures and golden files, running the built
        // binary, test tiers, store fixtures) are one module; the golden files live in Tests/Golden.
        .target(
            name: "ModelDiffTestSupport",
            dependencies: ["ModelDiffKit", "ModelDiffStore"],
            path: "Tests/ModelDiffTestSupport"
        ),
        // The library: XML, model files, hashing, diff, inference, mapping, expressions, reports.
        .testTarget(
            name: "ModelDiffKitTests",
            dependencies: ["ModelDiffKit", "ModelDiffTestSupport"]
        ),
        // The store layer: stores, migration, and the library entry points that open stores.
        .testTarget(
            name: "ModelDiffStoreTests",
            dependencies: ["ModelDiffKit", "ModelDiffStore", "ModelDiffTestSupport"]
        ),
        // End-to-end runs of the built `modeldiff` (and of `generate-store`), which these targets build first.
        .testTarget(
            name: "ModelDiffCLITests",
            dependencies: ["ModelDiffKit", "ModelDiffStore", "ModelDiffTestSupport", "modeldiff", "generate-store"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
