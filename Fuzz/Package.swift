// swift-tools-version:6.0
// libFuzzer targets for modeldiff's parsers. Built only by Scripts/fuzz.sh, with MODELDIFF_FUZZ=1 so
// that the root package instruments its own modules too: each target starts libFuzzer's driver,
// which only this build links, so they cannot live in the root package, whose plain `swift build`
// would fail to link them.
import PackageDescription

let sanitizers: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]

let fuzzTargets = [
    "FuzzModelXML", "FuzzMappingXML", "FuzzXcodeMapping", "FuzzExpression", "FuzzStoreMetadata", "FuzzConfig", "FuzzKeyedArchive",
    "FuzzPlanSwift", "FuzzCompiledModel", "FuzzSwiftSource",
]

let package = Package(
    name: "modeldiff-fuzz",
    platforms: [.macOS(.v13)],
    products: fuzzTargets.map { .executable(name: $0, targets: [$0]) },
    dependencies: [.package(name: "modeldiff", path: "..")],
    targets: [
        .target(
            name: "FuzzDriver", dependencies: [.product(name: "ModelDiffKit", package: "modeldiff")], swiftSettings: sanitizers)
    ]
        + fuzzTargets.map {
            .executableTarget(
                name: $0, dependencies: ["FuzzDriver", .product(name: "ModelDiffKit", package: "modeldiff")],
                swiftSettings: sanitizers, linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])])
        },
    swiftLanguageModes: [.v6]
)
