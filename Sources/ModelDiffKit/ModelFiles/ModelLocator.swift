import Foundation

/// Finds versions in bundles and orders them as people number them.
package enum ModelLocator {
    /// The version names (`Model 2`) of the `.xcdatamodel` folders in a bundle, in the team's order
    /// (`bundleOrder(_:bundle:)`).
    package static func versionFolders(inBundle path: String) throws(Diagnostic) -> [String] {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw Diagnostic(path: path, message: "cannot list the bundle's versions")
        }
        let names = entries.filter { $0.hasSuffix(".xcdatamodel") }.map { String($0.dropLast(".xcdatamodel".count)) }
        guard !names.isEmpty else {
            throw Diagnostic(path: path, message: "the bundle holds no .xcdatamodel version")
        }
        return bundleOrder(names, bundle: path)
    }

    /// Xcode names a bundle's first version after the bundle (`Model.xcdatamodeld/Model.xcdatamodel`)
    /// and each version it adds after the one it copies (`Model 2`, `Model 3`); a team that renames its
    /// versions keeps that first one. So: the version named after the bundle, then the other versions
    /// whose names begin with the bundle's name, then the rest, each group in natural order. Real
    /// histories this orders as they shipped, where natural order alone put the first version last:
    /// `CyfaceModel, 2 … 13`; `ArtsyPartner, ArtsyPartner 2 … 5, ArtsyFolio v1.4 … v2.7.0`; `mHealth,
    /// mHealth 2, mHealth 3, arc 3`. Every bundle under `../shared` keeps its natural order.
    package static func bundleOrder(_ names: [String], bundle path: String) -> [String] {
        let base = ((path.trimmingTrailingSlashes as NSString).lastPathComponent as NSString).deletingPathExtension
        func rank(_ name: String) -> Int { name == base ? 0 : !base.isEmpty && name.hasPrefix(base) ? 1 : 2 }
        let sorted = sortedNaturally(names)
        return (0...2).flatMap { group in sorted.filter { rank($0) == group } }
    }

    /// The current version named by `.xccurrentversion`, or the only version when that file is absent.
    package static func currentVersionName(ofBundle path: String, versions: [String]) throws(Diagnostic) -> String {
        let file = (path as NSString).appendingPathComponent(".xccurrentversion")
        guard FileManager.default.fileExists(atPath: file) else {
            if versions.count == 1 { return versions[0] }
            throw Diagnostic(
                path: path, message: "the bundle has \(versions.count) versions but no .xccurrentversion naming the current one")
        }
        let root = try XMLDocumentParser.parse(try RegularFile.bytes(at: file), path: file)
        guard let dict = root.children.first(where: { $0.name == "dict" }) else {
            throw Diagnostic(path: file, line: root.line.value, message: "expected a property list with a dict")
        }
        let items = dict.children
        guard let keyIndex = items.firstIndex(where: { $0.name == "key" && $0.text == "_XCCurrentVersionName" }),
            keyIndex + 1 < items.count, items[keyIndex + 1].name == "string"
        else {
            throw Diagnostic(path: file, line: dict.line.value, message: "no _XCCurrentVersionName string")
        }
        let value = items[keyIndex + 1]
        let name = value.text.hasSuffix(".xcdatamodel") ? String(value.text.dropLast(".xcdatamodel".count)) : value.text
        guard versions.contains(name) else {
            throw Diagnostic(
                path: file, line: value.line.value,
                message:
                    "the current version \"\(value.text)\" does not exist in the bundle (versions: \(versions.joined(separator: ", ")))")
        }
        return name
    }

    /// Whether a `.xcdatamodel` folder holds an Xcode 3 binary model instead of XML `contents`.
    package static func isXcode3Model(_ folder: String) -> Bool {
        let manager = FileManager.default
        return !manager.fileExists(atPath: (folder as NSString).appendingPathComponent("contents"))
            && manager.fileExists(atPath: (folder as NSString).appendingPathComponent("elements"))
    }
}

/// Orders names the way people number versions: `Model`, `Model 2`, … `Model 10`, `Model 117`.
package func naturalOrder(_ lhs: String, _ rhs: String) -> Bool {
    naturalPrecedes(naturalKey(lhs), naturalKey(rhs))
}

/// The names in `naturalOrder`, each name's key made once rather than twice per comparison: sorting
/// a bundle of 117 versions made 4,252 keys, each a string built a character at a time.
package func sortedNaturally(_ names: [String]) -> [String] {
    let keys = names.map(naturalKey)
    return names.indices.sorted { naturalPrecedes(keys[$0], keys[$1]) }.map { names[$0] }
}

private func naturalPrecedes(_ a: [NaturalPart], _ b: [NaturalPart]) -> Bool {
    for (x, y) in zip(a, b) where x != y {
        switch (x, y) {
        case (.number(let m), .number(let n)): return m < n
        case (.text(let s), .text(let t)): return coreDataCompare(s, t)
        case (.number, .text): return true
        case (.text, .number): return false
        }
    }
    return a.count < b.count
}

private enum NaturalPart: Equatable {
    case text(String)
    case number(Int)
}

private func naturalKey(_ string: String) -> [NaturalPart] {
    var parts: [NaturalPart] = []
    var current = ""
    var inNumber = false
    func flush() {
        guard !current.isEmpty else { return }
        parts.append(inNumber ? .number(Int(current) ?? Int.max) : .text(current))
        current = ""
    }
    for character in string {
        let isDigit = character.isASCII && character.isNumber
        if isDigit != inNumber {
            flush()
            inNumber = isDigit
        }
        current.append(character)
    }
    flush()
    return parts
}
