import Foundation

/// A mapping file beside a bundle that cannot be read, and the step it names, as far as what can be
/// read of it tells: a migration whose steps cannot be that one goes on without it (Core Data, finding
/// no mapping model for a step, looks no further at the others), and one whose step may be it is refused.
///
/// The step is taken from, in this order: the entity version hashes the file's text records
/// (`sourceVersionHash`, `destinationVersionHash`: the step whose two versions have every one of them);
/// the version names it records (modeldiff's `source`/`destination` on `<mappingModel>`, Xcode's
/// `sourcemodelpath`/`destinationmodelpath`), when both name versions of the bundle; the two version
/// numbers of its file name (`Sessions2To3`, `2.0_2.1_Mapping`, `ModelV9toV10`), each the part of
/// exactly one version's name that sets it apart from the others (Xcode names the first version
/// without a number, so `1` is the first). A file none of these name a step for (an empty file, a Git
/// LFS pointer with a name like `Release 2.0`) may be the mapping of any step.
package struct UnreadableMapping: Sendable {
    /// Why the file cannot be read, at its place.
    package let problem: Diagnostic
    private let sourceHashes: Set<String>
    private let destinationHashes: Set<String>
    private let recordedNames: (source: String, destination: String)?
    private let fileNumbers: [String]

    /// Reads what it can of the file `problem` names (a file that cannot be opened has nothing to read).
    package init(_ problem: Diagnostic) {
        self.problem = problem
        let bytes = (try? RegularFile.bytes(at: problem.path, limit: 64 << 20)) ?? []
        let text = String(decoding: bytes, as: UTF8.self)
        sourceHashes = Set(Self.captures(#"sourceVersionHash\s*=\s*"([^"]+)""#, in: text))
        destinationHashes = Set(Self.captures(#"destinationVersionHash\s*=\s*"([^"]+)""#, in: text))
        let modeldiffNames = (
            Self.captures(#"<mappingModel\b[^>]*\ssource\s*=\s*"([^"]*)""#, in: text).first,
            Self.captures(#"<mappingModel\b[^>]*\sdestination\s*=\s*"([^"]*)""#, in: text).first
        )
        let xcodeNames = (
            Self.captures(#"name="sourcemodelpath"[^>]*>([^<]*)<"#, in: text).first.map(versionName(forPath:)),
            Self.captures(#"name="destinationmodelpath"[^>]*>([^<]*)<"#, in: text).first.map(versionName(forPath:))
        )
        if let source = modeldiffNames.0 ?? xcodeNames.0, let destination = modeldiffNames.1 ?? xcodeNames.1 {
            recordedNames = (source, destination)
        } else {
            recordedNames = nil
        }
        // The file's own name: `Sessions2To3.mapping.xml`, or the `.xcmappingmodel` folder holding `xcmapping.xml`.
        var name = (problem.path as NSString).lastPathComponent
        if name == "xcmapping.xml" { name = ((problem.path as NSString).deletingLastPathComponent as NSString).lastPathComponent }
        for suffix in [".mapping.xml", ".xcmappingmodel", ".cdm"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        fileNumbers = Self.captures(#"([0-9]+(?:\.[0-9]+)*)"#, in: name)
    }

    /// The step the file names among `versions` (indices, oldest first), nil when nothing read names one.
    /// `hashes` are the versions' entity version hashes, in the same order.
    package func namedStep(among versions: [String], hashes: [VersionHashes]) -> (from: String, to: String)? {
        if !sourceHashes.isEmpty || !destinationHashes.isEmpty {
            let sets = hashes.map { Set($0.entityVersionHashes.values.map { Data($0).base64EncodedString() }) }
            let sources = versions.indices.filter { sourceHashes.isSubset(of: sets[$0]) }
            let destinations = versions.indices.filter { destinationHashes.isSubset(of: sets[$0]) }
            if sources.count == 1, destinations.count == 1, sources[0] != destinations[0] {
                return (versions[sources[0]], versions[destinations[0]])
            }
        }
        if let (source, destination) = recordedNames, source != destination, versions.contains(source), versions.contains(destination) {
            return (source, destination)
        }
        guard fileNumbers.count == 2 else { return nil }
        let parts = Self.distinguishingParts(of: versions)
        let find = { (number: String) -> String? in
            let matches = versions.indices.filter { parts[$0] == number }
            return matches.count == 1 ? versions[matches[0]] : nil
        }
        guard let source = find(fileNumbers[0]), let destination = find(fileNumbers[1]), source != destination else { return nil }
        return (source, destination)
    }

    /// Each version's name without the prefix all share (`Model`, `Model 2` → `1`, `2`; `CareKitStore2.0` → `2.0`).
    private static func distinguishingParts(of names: [String]) -> [String] {
        guard let first = names.first else { return [] }
        var prefix = Substring(first)
        for name in names.dropFirst() { prefix = prefix.prefix(zip(prefix, name).prefix { $0 == $1 }.count) }
        // A shared leading digit belongs to the numbers (`2.0`, `2.1`), not to the prefix.
        while let last = prefix.last, last.isNumber || last == "." { prefix = prefix.dropLast() }
        return names.map { name in
            let part = name.dropFirst(prefix.count).trimmingCharacters(in: CharacterSet(charactersIn: " _-vV"))
            return part.isEmpty ? "1" : part
        }
    }

    private static func captures(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
