import Foundation

/// The `<object>`s of an Xcode `xcmapping.xml` (a Core Data XML store) by id, with the checks that
/// keep a damaged file from being read as a smaller mapping: every `idrefs` entry must name an object
/// of the type the relationship holds, once, and the archived models must be keyed archives.
package struct XcodeMappingObjects {
    package struct Object {
        package let id: String
        package let type: String
        package let attributes: [String: String]
        package let attributeLines: [String: SourceLine]
        package let relationships: [String: [String]]
        package let line: SourceLine
    }

    package let path: String
    private var objects: [String: Object] = [:]
    /// The ids in file order.
    package private(set) var order: [String] = []

    package init(root: XMLElementNode, path: String) throws(Diagnostic) {
        self.path = path
        for element in root.children where element.name == "object" {
            guard let id = element[attribute: "id"], let type = element[attribute: "type"] else { continue }
            var attributes: [String: String] = [:]
            var lines: [String: SourceLine] = [:]
            var relationships: [String: [String]] = [:]
            for child in element.children {
                guard let name = child[attribute: "name"] else { continue }
                if child.name == "attribute" {
                    attributes[name] = child.text
                    lines[name] = child.line
                }
                if child.name == "relationship" {
                    relationships[name] = (child[attribute: "idrefs"] ?? "").split(separator: " ").map(String.init)
                }
            }
            if let first = objects[id] {
                throw Diagnostic(
                    path: path, line: element.line.value, message: "object id \"\(id)\" is used twice (first on line \(first.line))")
            }
            objects[id] = Object(
                id: id, type: type, attributes: attributes, attributeLines: lines, relationships: relationships, line: element.line)
            order.append(id)
        }
    }

    package subscript(id: String) -> Object? { objects[id] }

    /// The ids a relationship of `object` lists, each checked to be an object of `type` listed once.
    /// Only the mapping model lists entity mappings and only entity mappings list property mappings,
    /// so a reference back up the tree (a cycle) is an object of the wrong type and refused here.
    func references(_ relationship: String, of object: Object, to type: String) throws(Diagnostic) -> [String] {
        let ids = object.relationships[relationship] ?? []
        var seen: Set<String> = []
        for id in ids {
            guard let target = objects[id] else {
                throw Diagnostic(
                    path: path, line: object.line.value,
                    message: "\(relationship) of object \"\(object.id)\" names object \"\(id)\", which the file does not have")
            }
            guard target.type == type else {
                throw Diagnostic(
                    path: path, line: object.line.value,
                    message:
                        "\(relationship) of object \"\(object.id)\" names object \"\(id)\", a \(target.type) (line \(target.line)), where a \(type) belongs"
                )
            }
            guard seen.insert(id).inserted else {
                throw Diagnostic(
                    path: path, line: object.line.value, message: "\(relationship) of object \"\(object.id)\" names object \"\(id)\" twice")
            }
        }
        return ids
    }

    /// Checks that an archived model (`sourcemodeldata`) is a base64 keyed archive, when present:
    /// Xcode compiles the mapping against it, and garbage there means the file was damaged. Returns
    /// the decoded property list (nil when the key is absent), for reading the model it records.
    @discardableResult
    func checkArchive(_ key: String, of object: Object) throws(Diagnostic) -> PlistValue? {
        guard let text = object.attributes[key] else { return nil }
        let line = (object.attributeLines[key] ?? object.line).value
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters), !data.isEmpty else {
            throw Diagnostic(path: path, line: line, message: "\(key) is not base64")
        }
        let archive: PlistValue
        do {
            archive = try BinaryPropertyList.decode([UInt8](data), path: path)
        } catch {
            throw Diagnostic(path: path, line: line, message: "\(key) is not an archived model: \(error.message)")
        }
        guard case .dictionary(let top) = archive, case .string("NSKeyedArchiver")? = top["$archiver"], top["$objects"] != nil else {
            throw Diagnostic(path: path, line: line, message: "\(key) is not an archived model: not an NSKeyedArchiver archive")
        }
        return archive
    }
}
