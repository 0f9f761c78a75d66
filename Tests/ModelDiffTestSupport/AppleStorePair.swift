import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import Testing

/// Consecutive Apple-written stores: migrating store n with the inferred mapping must give store n+1's layout.
package struct AppleStorePair: Sendable, CustomStringConvertible {
    package let from: StoreFixture
    package let to: StoreFixture
    package var description: String { "\(from.store.lastPathComponent) → \(to.store.lastPathComponent)" }

    package static let all: [AppleStorePair] = {
        let byName = Dictionary(
            StoreFixture.all.map { ($0.store.lastPathComponent + "|" + $0.store.deletingLastPathComponent().lastPathComponent, $0) },
            uniquingKeysWith: { a, _ in a })
        let chains: [(String, [String])] = [
            (
                "11-DDG-BookmarksModel",
                ["Bookmarks_V1.sqlite", "Bookmarks_V2.sqlite", "Bookmarks_V3.sqlite", "Bookmarks_V4.sqlite", "Bookmarks_V5.sqlite"]
            ),
            (
                "04-jeffreybergier-CoreDataMigrationTests",
                [
                    "Example_v1.0.0.sqlite", "Example_v1.1.0.sqlite", "Example_v1.1.2.sqlite", "Example_v1.2.0.sqlite",
                    "Example_v2.0.0.sqlite",
                ]
            ),
            ("06-CoreDataPlus-SampleModel", ["SampleModel_V1.sqlite", "SampleModel_V2.sqlite"]),
            ("02-wibosco-CoreDataMigration-Example", ["CoreDataMigration_Example_1.sqlite", "CoreDataMigration_Example_2.sqlite"]),
            ("03-wibosco-CoreDataMigrationRevised-Example", ["CoreDataMigration_Example_1.sqlite", "CoreDataMigration_Example_2.sqlite"]),
        ]
        return chains.flatMap { folder, stores in
            zip(stores, stores.dropFirst()).compactMap { a, b in
                guard let x = byName[a + "|" + folder], let y = byName[b + "|" + folder] else { return nil }
                return AppleStorePair(from: x, to: y)
            }
        }
    }()
}
