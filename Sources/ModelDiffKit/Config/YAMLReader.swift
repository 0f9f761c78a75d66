import CYaml
import Yams

/// A YAML document as plain values with their positions: the one file that talks to Yams and its
/// libyaml, so the rest of modeldiff reads configuration without knowing the parser.
enum YAMLValue: Sendable {
    case scalar(String, YAMLPosition)
    case sequence([YAMLValue], YAMLPosition)
    case mapping([(key: String, keyPosition: YAMLPosition, value: YAMLValue)], YAMLPosition)

    var position: YAMLPosition {
        switch self {
        case .scalar(_, let position), .sequence(_, let position), .mapping(_, let position): position
        }
    }
}

/// A 1-based line and column (columns in Unicode scalars, as libyaml counts them).
struct YAMLPosition: Sendable {
    let line: Int
    let column: Int
}

enum YAMLReader {
    /// Parses `text` (the file at `path`, for messages); nil for an empty document.
    static func read(_ text: String, path: String) throws(Diagnostic) -> YAMLValue? {
        try refuseAliases(text, path: path)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw diagnostic(error, path: path)
        } catch {
            throw Diagnostic(path: path, message: "not YAML: \(error)")
        }
        return try root.map { node throws(Diagnostic) in try value(node, path: path) }
    }

    /// Anchors and aliases add nothing to a configuration file and are how YAML bombs are built: a
    /// few lines of aliases to aliases expand to billions of nodes, which Yams would then compare as
    /// mapping keys and this reader walk. libyaml's event stream shows each alias before anything is
    /// expanded.
    private static func refuseAliases(_ text: String, path: String) throws(Diagnostic) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw Diagnostic(path: path, message: "out of memory reading YAML") }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer throws(Diagnostic) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            while true {
                var event = yaml_event_t()
                // A syntax error is left to Yams, which words it with its position.
                guard yaml_parser_parse(&parser, &event) == 1 else { return }
                defer { yaml_event_delete(&event) }
                let mark = event.start_mark
                switch event.type {
                case YAML_ALIAS_EVENT:
                    throw Diagnostic(
                        path: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1,
                        message: "aliases (*name) are not allowed in a configuration file")
                case YAML_STREAM_END_EVENT:
                    return
                default:
                    continue
                }
            }
        }
    }

    private static func value(_ node: Node, path: String) throws(Diagnostic) -> YAMLValue {
        let position = YAMLPosition(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        switch node {
        case .scalar(let scalar):
            return .scalar(scalar.string, position)
        case .sequence(let sequence):
            var items: [YAMLValue] = []
            for item in sequence { items.append(try value(item, path: path)) }
            return .sequence(items, position)
        case .mapping(let mapping):
            var entries: [(key: String, keyPosition: YAMLPosition, value: YAMLValue)] = []
            for (key, item) in mapping {
                let keyPosition = YAMLPosition(line: key.mark?.line ?? position.line, column: key.mark?.column ?? position.column)
                guard case .scalar(let name) = key else {
                    throw Diagnostic(path: path, line: keyPosition.line, column: keyPosition.column, message: "a key must be a plain name")
                }
                if entries.contains(where: { $0.key == name.string }) {
                    throw Diagnostic(
                        path: path, line: keyPosition.line, column: keyPosition.column, message: "\"\(name.string)\" is set twice")
                }
                entries.append((name.string, keyPosition, try value(item, path: path)))
            }
            return .mapping(entries, position)
        case .alias:
            // Refused before composing (refuseAliases); Yams resolves them anyway.
            throw Diagnostic(
                path: path, line: position.line, column: position.column, message: "aliases (*name) are not allowed in a configuration file"
            )
        }
    }

    private static func diagnostic(_ error: YamlError, path: String) -> Diagnostic {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return Diagnostic(path: path, line: mark.line, column: mark.column, message: "not valid YAML: \(problem)")
        case .reader(let problem, _, _, _):
            return Diagnostic(path: path, line: 1, column: 1, message: "not valid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return Diagnostic(
                path: path, line: context.mark.line, column: context.mark.column,
                message: "\(duplicates.map { "\"\($0)\"" }.joined(separator: ", ")) \(duplicates.count == 1 ? "is" : "are") set twice")
        default:
            return Diagnostic(path: path, line: 1, column: 1, message: "not valid YAML: \(error)")
        }
    }
}
