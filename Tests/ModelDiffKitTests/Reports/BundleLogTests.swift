import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

private let wooCommerceFolder = Paths.models.appendingPathComponent("woocommerce-ios")
private let wooCommerce = wooCommerceFolder.appendingPathComponent("WooCommerce.xcdatamodeld").path

/// A model element that a line of WooCommerce's MIGRATIONS.md names.
private enum Mention: Hashable, CustomStringConvertible {
    /// An entity of the version or of the one before it.
    case entity(String)
    /// A property of one of those entities: any of the candidates (`Entity`, `property`) will do
    /// when the line names the property without its entity.
    case property([Pair])

    struct Pair: Hashable {
        let entity: String
        let property: String
    }

    var description: String {
        switch self {
        case .entity(let name): name
        case .property(let pairs): pairs.map { "\($0.entity).\($0.property)" }.joined(separator: " or ")
        }
    }
}

/// The team's own log, version by version: `## Model N (Release …)` headings (the bundle's
/// `Model N`; `Model 9` has two headings, releases 1.0.0 and 1.0.0.1, both for the same version),
/// then lines by author, each naming things in backticks.
///
/// A backticked name counts as a model element when it is one in the version or the one before it
/// (the step MIGRATIONS.md describes), case-sensitively for entities: `Entity.property` when the
/// entity has that property; a bare entity name; a bare property name of an entity the same line
/// names, else of any entity of the two versions. A property name that matches only ignoring case is
/// taken too (`BudgetAmount` for `budgetAmount`, `OrderKey` for `orderKey`): the team's typo, the
/// model's element. Anything else is not a model element and is skipped: mapping model names
/// (`WooCommerceModelV42toV43.xcmappingmodel`), types and values (`Double`, `null`, `nullify`,
/// `NSSecureCoding`, `transformable`). Code spans holding a declaration
/// (`attributes: [OrderItemAttribute]`) are read identifier by identifier. Lines about a mapping
/// model are skipped whole: they say how the data was moved (Model 33's "to set `Product.date` with
/// `Product.dateCreated`"), and the elements they name need not have changed.
private func mentions(in text: String, bundle: ModelBundle) throws -> [(version: String, line: Int, text: String, mention: Mention)] {
    let heading = try Regex(#"^## (Model \d+)\b"#)
    let span = try Regex(#"`([^`]+)`"#)
    let identifier = try Regex(#"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?"#)
    var result: [(version: String, line: Int, text: String, mention: Mention)] = []
    var version: String?
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
        if let match = line.firstMatch(of: heading) {
            version = String(match.output[1].substring!)
            continue
        }
        guard let version, !line.lowercased().contains("mapping model") else { continue }
        guard let new = bundle.version(named: version)?.model,
            let position = bundle.versions.firstIndex(where: { $0.name == version }), position > 0
        else {
            Issue.record("MIGRATIONS.md:\(index + 1): \(version) is not a version of the bundle with one before it")
            continue
        }
        let old = bundle.versions[position - 1].model
        func entity(_ name: String) -> Bool { new.entity(named: name) != nil || old.entity(named: name) != nil }
        func properties(of entityName: String) -> [String] {
            (new.entity(named: entityName)?.propertyNames ?? []) + (old.entity(named: entityName)?.propertyNames ?? [])
        }
        func property(_ name: String, of entities: [String]) -> [Mention.Pair] {
            for sameCase in [true, false] {
                let pairs = entities.flatMap { entityName in
                    properties(of: entityName).filter { sameCase ? $0 == name : $0.lowercased() == name.lowercased() }
                        .map { Mention.Pair(entity: entityName, property: $0) }
                }
                if !pairs.isEmpty { return Array(Set(pairs)).sorted { "\($0.entity).\($0.property)" < "\($1.entity).\($1.property)" } }
            }
            return []
        }
        let names = line.matches(of: span).flatMap { match -> [String] in
            let code = String(match.output[1].substring!)
            return code.matches(of: identifier).map { String(code[$0.range]) }
        }
        let entitiesOnLine = names.filter(entity)
        let allEntities = Set(new.entities.map(\.name) + old.entities.map(\.name)).sorted()
        for name in names {
            var found: [Mention] = []
            let parts = name.split(separator: ".").map(String.init)
            if parts.count == 2 {
                if entity(parts[0]) { found = property(parts[1], of: [parts[0]]).map { .property([$0]) } }
            } else if entity(name) {
                found = [.entity(name)]
            } else {
                // "`minAllowedQuantity` attribute to `Product` and `ProductVariation`" names both
                // properties; a property whose entity the line leaves out may be any entity's.
                let onLine = property(name, of: entitiesOnLine)
                let anywhere = property(name, of: allEntities)
                found = onLine.isEmpty ? (anywhere.isEmpty ? [] : [.property(anywhere)]) : onLine.map { .property([$0]) }
            }
            for mention in found { result.append((version, index + 1, line.trimmingCharacters(in: .whitespaces), mention)) }
        }
    }
    return result
}

/// Whether the log's entry names the element: as a changed element, a cosmetic one, the old name of a
/// renamed one, an entity whose property changed, or a property listed on the line of its new entity.
private func names(_ entry: BundleLog.Entry, _ mention: Mention) -> Bool {
    let elements = entry.changes.flatMap { [$0.element] + ($0.previousName.map { [$0] } ?? []) } + entry.cosmetic.flatMap(\.elements)
    switch mention {
    case .entity(let name):
        return elements.contains { $0 == name || $0.hasPrefix(name + ".") }
    case .property(let pairs):
        return pairs.contains { pair in
            elements.contains("\(pair.entity).\(pair.property)")
                || entry.changes.contains {
                    $0.kind == .added && $0.element == pair.entity
                        && $0.detail.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).contains { $0 == pair.property }
                }
        }
    }
}

/// The text section of a version: its heading line and the lines up to the next blank line.
private func section(of entry: BundleLog.Entry, in text: String) -> String? {
    let heading = "\(entry.version)\(entry.isCurrent ? " (current)" : ""): "
    guard let start = text.range(of: "\n\n" + heading) else { return nil }
    let rest = text[start.upperBound...]
    return String(rest[..<(rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex)])
}

/// Every model element the team's MIGRATIONS.md names for a version is named by our log's section for
/// that version (377 mentions today, every version from Model 2 to Model 117), and the rendered
/// section shows what the entry holds.
@Test func theLogNamesEveryElementTheTeamsMigrationsFileNames() throws {
    let bundle = try ModelBundle.load(path: wooCommerce)
    let log = try BundleLog(bundle: bundle, mappings: try MappingDiscovery.files(besides: wooCommerce))
    let text = log.text()
    let entries = Dictionary(uniqueKeysWithValues: log.versions.map { ($0.version, $0) })
    let migrations = try String(contentsOf: wooCommerceFolder.appendingPathComponent("MIGRATIONS.md"), encoding: .utf8)
    let found = try mentions(in: migrations, bundle: bundle)
    // Enough to know the file was parsed: every version from Model 2 to Model 117 has an entry.
    #expect(found.count > 300)
    #expect(Set(found.map(\.version)).count == 116)
    for (version, line, lineText, mention) in found {
        guard let entry = entries[version] else {
            Issue.record("MIGRATIONS.md:\(line): no log entry for \(version)")
            continue
        }
        let named = names(entry, mention)
        #expect(named, "MIGRATIONS.md:\(line) (\(version)): \(lineText) — our log does not name \(mention)")
    }
    // The rendered sections hold what the entries hold.
    for entry in log.versions {
        let body = try #require(section(of: entry, in: text), "no section for \(entry.version)")
        for element in entry.changes.map(\.element) + entry.cosmetic.flatMap { $0.elements.prefix(8) } {
            #expect(body.contains(element), "\(entry.version)'s section does not show \(element)")
        }
    }
}

@Test func theLogFollowsTheBundleNewestFirstWithCheckVerdicts() throws {
    let bundle = try ModelBundle.load(path: wooCommerce)
    let log = try BundleLog(bundle: bundle, mappings: try MappingDiscovery.files(besides: wooCommerce))
    #expect(log.currentVersion == "Model 117")
    #expect(log.drafts.isEmpty)
    #expect(log.versions.map(\.version) == bundle.versions.map(\.name).reversed())
    #expect(log.versions.first?.isCurrent == true)
    #expect(log.versions.last?.previous == nil && log.versions.last?.verdict == nil)
    // Each step's verdict is check's for that consecutive step.
    let check = try BundleCheck(bundle: bundle, path: .consecutive, mappings: try MappingDiscovery.files(besides: wooCommerce))
    for pair in check.pairs {
        let entry = try #require(log.versions.first { $0.version == pair.to })
        #expect(entry.previous == pair.from)
        #expect(entry.verdict == pair.report.verdict, "\(pair.from) → \(pair.to)")
    }
    let model10 = try #require(log.versions.first { $0.version == "Model 10" })
    #expect(model10.verdict == .mapped)
    #expect(model10.mapping?.hasSuffix("WooCommerceModelV9toV10.xcmappingmodel/xcmapping.xml") == true)
    #expect(log.versions.filter { $0.verdict == .notInferable }.map(\.version) == ["Model 33"])
    // Model 29 dropped the value transformer of six transformable attributes; nothing else did that.
    let model29 = try #require(log.versions.first { $0.version == "Model 29" })
    #expect(model29.cosmetic.map(\.change) == ["valueTransformerName: NSSecureUnarchiveFromData → (none)"])
    #expect(
        model29.cosmetic.first?.elements == [
            "Product.crossSellIDs", "Product.groupedProducts", "Product.relatedIDs", "Product.upsellIDs", "Product.variations",
            "ProductAttribute.options",
        ])
    // Model 115's rename through a renaming identifier is one renamed entity, not a removal and an addition.
    let model115 = try #require(log.versions.first { $0.version == "Model 115" })
    #expect(model115.changes.first { $0.element == "MetaData" }?.kind == .renamed)
    #expect(model115.changes.first { $0.element == "MetaData" }?.previousName == "OrderMetaData")
    #expect(!model115.changes.contains { $0.element == "OrderMetaData" })
}

/// SampleModel3's current version is its first: the two after it are drafts, outside the history.
@Test func versionsAfterTheCurrentOneAreDrafts() throws {
    let bundle = try ModelBundle.load(
        path: Paths.fixtures.appendingPathComponent("07-CoreDataPlus-SampleModel3/SampleModel3.xcdatamodeld").path)
    let log = try BundleLog(bundle: bundle)
    #expect(log.versions.map(\.version) == ["SampleModel3"])
    #expect(log.drafts.map(\.version) == ["SampleModel3_v3", "SampleModel3_v2"])
    #expect(log.drafts.allSatisfy { $0.isDraft && $0.verdict != nil })
    let text = log.text()
    #expect(text.contains("\ndrafts (after the current version, not part of the history):\n  SampleModel3_v3: "))
    #expect(text.contains("\nSampleModel3 (current): first version"))
    #expect(!text.contains("\nSampleModel3_v2"))
}
