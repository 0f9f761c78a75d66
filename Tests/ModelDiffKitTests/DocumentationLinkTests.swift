import Foundation
import ModelDiffTestSupport
import Testing

/// The README is the front door: at most 250 lines, and every page it, CONTRIBUTING.md and the guide
/// link to exists, so a moved or renamed page cannot leave a dead link behind.
@Suite struct DocumentationLinkTests {
    /// The Markdown files whose relative links are checked: the front door, the contributor guide,
    /// the changelog and every page under `docs/`.
    static func pages() throws -> [URL] {
        let root = Paths.repository
        var pages = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", "Fuzz/README.md"].map { root.appendingPathComponent($0) }
        let docs = root.appendingPathComponent("docs")
        let walker = try #require(FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil))
        for case let url as URL in walker where url.pathExtension == "md" { pages.append(url) }
        return pages
    }

    /// The targets of `[text](target)` links in `text` that point into the repository (no
    /// pure `#anchor`, no `scheme:` such as `https:` or `javascript:`), without their `#fragment`.
    static func relativeTargets(in text: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            let target = String(after[..<close])
            rest = after[close...]
            if target.contains(":") || target.hasPrefix("#") || target.contains(" ") { continue }
            targets.append(String(target.split(separator: "#", maxSplits: 1).first ?? ""))
        }
        return targets
    }

    @Test func theREADMEIsAtMost250Lines() throws {
        let readme = try String(contentsOf: Paths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - (readme.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= 250, "README.md has \(lines) lines")
    }

    @Test func everyRelativeLinkResolves() throws {
        for page in try Self.pages() {
            let text = try String(contentsOf: page, encoding: .utf8)
            for target in Self.relativeTargets(in: text) where !target.isEmpty {
                let resolved = page.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL
                #expect(
                    FileManager.default.fileExists(atPath: resolved.path),
                    "\(page.lastPathComponent) links to \(target), which does not exist")
            }
        }
    }

    @Test func everyGuidePageIsReachableFromTheREADME() throws {
        let readme = try String(contentsOf: Paths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let linked = Set(Self.relativeTargets(in: readme))
        let guide = Paths.repository.appendingPathComponent("docs/guide")
        for name in try FileManager.default.contentsOfDirectory(atPath: guide.path) where name.hasSuffix(".md") {
            #expect(linked.contains("docs/guide/\(name)"), "README.md does not link to docs/guide/\(name)")
        }
    }
}
