import Foundation
@_spi(CLI) import ModelDiffKit

/// Hashes decide (issue 34, item 4): no rule reports an error or a warning about a change Core Data
/// cannot see. A pair whose entity version hashes are all equal is never migrated (the store is
/// compatible), so its findings are notes; a matched property whose version hash is unchanged has
/// only notes. Renaming identifiers, which are no part of any hash but decide how Core Data matches
/// elements in a migration that does happen, are the exception (`stale-renaming-identifier`,
/// `ambiguous-renaming-identifier`, `unmatched-renaming-identifier`), as are the hierarchy rules.
package enum HashesDecide {
    /// Codes about how elements are matched, which a changed model can raise on an unchanged element.
    package static let matchingCodes: Set<String> = [
        "stale-renaming-identifier", "ambiguous-renaming-identifier", "unmatched-renaming-identifier", "hierarchy-merge",
    ]

    /// Every `.xcdatamodeld` below `folder`, sorted.
    package static func bundles(below folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var found: [String] = []
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "xcdatamodeld" {
                found.append(url.path)
                walker?.skipDescendants()
            }
        }
        return found.sorted()
    }

    /// What breaks the rule in one pair's report: each line names the finding.
    package static func breaches(_ report: InferenceReport) -> [String] {
        let loud = report.findings.filter { $0.severity > .note }
        if report.diff.isIdenticalForTheStore {
            return loud.map { "identical for the store, yet \($0.severity.rawValue) [\($0.code)] \($0.message)" }
        }
        var unchanged = Set<String>()
        for entity in report.diff.entities {
            for property in entity.properties where property.kind == .matched && !property.hashChanged && !property.isRenamed {
                unchanged.insert("\(entity.name).\(property.name)")
            }
        }
        return loud.filter { finding in
            guard let entity = finding.entity, let property = finding.property, !matchingCodes.contains(finding.code.rawValue) else {
                return false
            }
            return unchanged.contains("\(entity).\(property)")
        }.map { "unchanged hash of \($0.entity!).\($0.property!), yet \($0.severity.rawValue) [\($0.code)] \($0.message)" }
    }

    /// The breaches of every consecutive pair (and every pair into the current version) of `bundle`.
    package static func breaches(inBundle path: String) throws -> [String] {
        let bundle = try ModelBundle.load(path: path, keepingUnreadable: true)
        let check = try BundleCheck(bundle: bundle, order: nil, path: .all)
        return check.pairs.flatMap { pair in breaches(pair.report).map { "\(path): \(pair.from) → \(pair.to): \($0)" } }
    }
}
