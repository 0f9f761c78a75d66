import Foundation
import ModelDiffTestSupport
import Testing

/// `check` on WooCommerce's 117 versions (231 pairs) in every format: each distinct finding once in
/// text, GitHub and SARIF, every pair complete in JSON beside the deduplicated list.
private let wooCommerce = "../shared/models/woocommerce-ios/WooCommerce.xcdatamodeld"

@Test(.tags(.slow), .notInFastTier, arguments: [("text", "txt"), ("github", "github"), ("sarif", "sarif"), ("json", "json")])
func wooCommerceCheckMatchesItsGoldenFile(format: String, ext: String) throws {
    // A relative path from the repository, so the files name the same paths in any clone.
    let result = try runModeldiff(["check", wooCommerce, "--format", format])
    #expect(result.status == 1)
    #expect(result.stderr.isEmpty)
    try expectGolden(result.stdout, named: "check-formats/woocommerce.\(ext)")
}

@Test(.tags(.slow), .notInFastTier) func wooCommerceSARIFHasEachDistinctFindingOnceWithItsPairs() throws {
    let json = try runModeldiff(["check", wooCommerce, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let pairs = try #require(object["pairs"] as? [[String: Any]])
    // The distinct findings computed here from the complete pairs, independently of FindingGroup.
    struct Key: Hashable {
        let severity, code, entity, property, message: String
    }
    func key(_ finding: [String: Any]) -> Key {
        Key(
            severity: finding["severity"] as? String ?? "", code: finding["code"] as? String ?? "",
            entity: finding["entity"] as? String ?? "",
            property: finding["property"] as? String ?? "", message: finding["message"] as? String ?? "")
    }
    var pairsOf: [Key: [String]] = [:]
    for pair in pairs {
        let title = "\(pair["from"] as? String ?? "") → \(pair["to"] as? String ?? "")"
        for finding in pair["findings"] as? [[String: Any]] ?? [] { pairsOf[key(finding), default: []].append(title) }
    }
    let total = pairsOf.values.reduce(0) { $0 + $1.count }
    #expect(total > 10_000)
    #expect(pairsOf.count < 400)

    // JSON's deduplicated list: each distinct finding once, with every pair that reports it.
    let distinct = try #require(object["distinct"] as? [[String: Any]])
    #expect(distinct.count == pairsOf.count)
    for finding in distinct { #expect(finding["pairs"] as? [String] == pairsOf[key(finding)], "\(key(finding))") }

    // SARIF: one result per distinct finding, its first pair in the message and every other pair in
    // a related location, at most a tenth of the 7,430,238 bytes it took with a result per pair.
    let sarif = try runModeldiff(["check", wooCommerce, "--format", "sarif"])
    #expect(sarif.stdout.utf8.count < 743_023, "\(sarif.stdout.utf8.count) bytes")
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == pairsOf.count)
    var seen = Set<Key>()
    for result in results {
        let text = try #require((result["message"] as? [String: Any])?["text"] as? String)
        let properties = result["properties"] as? [String: Any] ?? [:]
        let matches = pairsOf.filter { key, _ in
            key.code == result["ruleId"] as? String && key.severity == result["level"] as? String
                && key.entity == properties["entity"] as? String ?? "" && text.hasPrefix(key.message + " (in ")
        }
        let (found, titles) = try #require(matches.count == 1 ? matches.first : nil, "\(text)")
        #expect(seen.insert(found).inserted)
        #expect(
            text.hasSuffix("(in \(titles[0]))")
                || text.contains("(in \(titles[0]) and in \(titles.count - 1) other pair\(titles.count == 2 ? "" : "s")"))
        #expect(properties["pairCount"] as? Int == titles.count)
        let related = (result["relatedLocations"] as? [[String: Any]] ?? []).compactMap {
            ($0["message"] as? [String: Any])?["text"] as? String
        }
        let named = Set(related.flatMap { $0.components(separatedBy: ", ") })
        // Every pair is named once: the first in the message, the others where they locate it (the
        // pairs that locate it where the first does are in neither list).
        #expect(named.isSubset(of: Set(titles)) && !named.contains(titles[0]))
    }
}
