/// A bundle's history, newest version first (`modeldiff log`): for every version up to the current
/// one (`.xccurrentversion`'s), what changed against the version before it, `check`'s verdict for that
/// step and the mapping model that covers it. Versions ordered after the current one are drafts.
///
/// The steps are ``BundleCheck``'s consecutive pairs, found and judged as `check --path consecutive`
/// judges them (mapping files included), so the log and the CI gate never disagree.
@_spi(CLI) public struct BundleLog: Sendable, Encodable {
    /// One version and the step into it.
    package struct Entry: Sendable, Encodable {
        /// The version's name.
        package let version: String
        /// The version before it; nil for the first version, whose changes are its whole model.
        package let previous: String?
        /// `check`'s verdict for the step from `previous`; nil for the first version.
        package let verdict: Verdict?
        /// The mapping model that covers the step (verdict `mapped`).
        package let mapping: String?
        /// Whether this is the current version.
        package let isCurrent: Bool
        /// Whether this version comes after the current one (a draft).
        package let isDraft: Bool
        /// What changed for the store: elements added, removed, renamed, moved or changed.
        package let changes: [Change]
        /// Changes that leave the version hashes alone, one group per kind of change.
        package let cosmetic: [CosmeticGroup]
        /// The step's errors and warnings (notes say what is inferable and are left out); for a
        /// version that cannot be read, its `version-unreadable` finding.
        package let findings: [Finding]
        /// The reader's error, when this version cannot be read: its step and the next are not checked.
        package let problem: String?

        init(
            version: String, previous: String?, verdict: Verdict?, mapping: String?, isCurrent: Bool, isDraft: Bool, changes: [Change],
            cosmetic: [CosmeticGroup], findings: [Finding], problem: String? = nil
        ) {
            self.version = version
            self.previous = previous
            self.verdict = verdict
            self.mapping = mapping
            self.isCurrent = isCurrent
            self.isDraft = isDraft
            self.changes = changes
            self.cosmetic = cosmetic
            self.findings = findings
            self.problem = problem
        }

        enum CodingKeys: String, CodingKey {
            case version, previous, verdict, mapping, problem
            case isCurrent = "current"
            case isDraft = "draft"
            case changes, cosmetic, findings
        }
    }

    /// One changed element: an entity (`Order`), a property (`Order.status`), a configuration or a fetch request.
    package struct Change: Sendable, Hashable, Encodable {
        /// What happened to the element.
        package enum Kind: String, Sendable, Hashable, Encodable { case added, removed, renamed, moved, changed }

        /// What happened.
        package let kind: Kind
        /// The element's name in the new version (the old one for removals).
        package let element: String
        /// The element's name in the old version, when it was renamed.
        package let previousName: String?
        /// A short description: the property's type, the fields that changed (`attributeType: Integer 64 → Decimal`).
        package let detail: String

        init(kind: Kind, element: String, previousName: String? = nil, detail: String) {
            self.kind = kind
            self.element = element
            self.previousName = previousName
            self.detail = detail
        }
    }

    /// Elements that changed the same settings the same way without touching a version hash
    /// (class names, userInfo, value transformers, delete rules …).
    package struct CosmeticGroup: Sendable, Hashable, Encodable {
        /// The settings that changed (`valueTransformerName: (none) → NSSecureUnarchiveFromData`).
        package let change: String
        /// The elements, `Entity` or `Entity.property`.
        package let elements: [String]
    }

    /// The bundle's path.
    package let bundlePath: String
    /// The current version (`.xccurrentversion`).
    package let currentVersion: String
    /// The history: the current version first, the first version last.
    package let versions: [Entry]
    /// Versions after the current one, newest first.
    package let drafts: [Entry]

    enum CodingKeys: String, CodingKey {
        case bundlePath = "bundle"
        case currentVersion = "current"
        case versions, drafts
    }

    /// The history of `bundle` in `order` (the bundle's order when nil); a step that one of `mappings`
    /// covers and that validates against both versions has the verdict `mapped`. A version that cannot
    /// be read (a bundle loaded keeping them) is an entry with its problem and `version-unreadable`
    /// finding, and the step out of it has no verdict: `check` does not check a step across it.
    @_spi(CLI) public init(bundle: ModelBundle, order: [String]? = nil, mappings: [MappingFile] = []) throws(Diagnostic) {
        let check = try BundleCheck(bundle: bundle, order: order, path: .consecutive, mappings: mappings)
        let names = (order ?? bundle.versionNames).filter { bundle.version(named: $0) != nil || bundle.problem(ofVersion: $0) != nil }
        let currentIndex = names.firstIndex(of: bundle.currentVersionName) ?? names.count
        var entries: [Entry] = []
        for (index, name) in names.enumerated() {
            let previous = index == 0 ? nil : names[index - 1]
            let (isCurrent, isDraft) = (name == bundle.currentVersionName, index > currentIndex)
            guard let version = bundle.version(named: name) else {
                let problem = bundle.problem(ofVersion: name)
                entries.append(
                    Entry(
                        version: name, previous: previous, verdict: nil, mapping: nil, isCurrent: isCurrent, isDraft: isDraft, changes: [],
                        cosmetic: [], findings: check.versionFindings.filter { $0.message.hasPrefix("version \"\(name)\" ") },
                        problem: problem?.message))
                continue
            }
            guard let previous else {
                entries.append(
                    Entry(
                        version: name, previous: nil, verdict: nil, mapping: nil, isCurrent: isCurrent, isDraft: false,
                        changes: version.model.entities.map(Self.added), cosmetic: [], findings: []))
                continue
            }
            guard let pair = check.pairs.first(where: { $0.from == previous && $0.to == name && !$0.isJump && !$0.isMappingOnly }) else {
                // The version before cannot be read: nothing to compare with.
                entries.append(
                    Entry(
                        version: name, previous: previous, verdict: nil, mapping: nil, isCurrent: isCurrent, isDraft: isDraft, changes: [],
                        cosmetic: [], findings: []))
                continue
            }
            let (changes, cosmetic) = Self.changes(pair.report.diff)
            entries.append(
                Entry(
                    version: name, previous: previous, verdict: pair.report.verdict, mapping: pair.report.mappingPath,
                    isCurrent: isCurrent, isDraft: pair.isDraft, changes: changes, cosmetic: cosmetic,
                    findings: pair.report.findings.filter { $0.severity >= .warning }))
        }
        bundlePath = bundle.path
        currentVersion = bundle.currentVersionName
        versions = entries.reversed().filter { !$0.isDraft }
        drafts = entries.reversed().filter(\.isDraft)
    }

    /// Whether every version could be read.
    @_spi(CLI) public var allRead: Bool { (versions + drafts).allSatisfy { $0.problem == nil } }

    private static func added(_ entity: Entity) -> Change {
        let parent = entity.parentEntity.map { ", child of \($0)" } ?? ""
        let names = entity.propertyNames
        return Change(
            kind: .added, element: entity.name,
            detail: "entity\(parent); \(names.count) propert\(names.count == 1 ? "y" : "ies")"
                + (names.isEmpty ? "" : ": " + names.joined(separator: ", ")))
    }

    /// A step's changes, in the diff's order, and its cosmetic changes grouped by what changed.
    private static func changes(_ diff: ModelDiff) -> ([Change], [CosmeticGroup]) {
        var changes: [Change] = []
        var cosmetic: [String: [String]] = [:]
        var cosmeticOrder: [String] = []
        func addCosmetic(_ fields: [FieldChange], _ element: String) {
            let key = describe(fields)
            if cosmetic[key] == nil { cosmeticOrder.append(key) }
            cosmetic[key, default: []].append(element)
        }
        for entity in diff.entities where entity.isChange {
            switch entity.sides {
            case .added(let new): changes.append(added(new))
            case .removed: changes.append(Change(kind: .removed, element: entity.name, detail: "entity"))
            case .matched(let old, _):
                if entity.isRenamed {
                    changes.append(
                        Change(
                            kind: .renamed, element: entity.name, previousName: old.name,
                            detail: joined("entity renamed from \(old.name)", entity.fields)))
                } else if !entity.fields.isEmpty {
                    if entity.hashChanged {
                        changes.append(Change(kind: .changed, element: entity.name, detail: describe(entity.fields)))
                    } else {
                        addCosmetic(entity.fields, entity.name)
                    }
                }
            }
            // Inherited properties appear under every subentity: name each where it is declared.
            let declared = Set((entity.destination?.propertyNames ?? []) + (entity.source?.propertyNames ?? []))
            for property in entity.properties where declared.contains(property.name) || declared.contains(property.source?.name ?? "") {
                let element = "\(entity.name).\(property.name)"
                let fields = property.fields.filter { $0.field != .kind }
                switch property.sides {
                case .added(let new): changes.append(Change(kind: .added, element: element, detail: DiffReports.summary(new)))
                case .removed(let old): changes.append(Change(kind: .removed, element: element, detail: DiffReports.summary(old)))
                case .matched(let oldProperty, _):
                    if property.isRenamed, let oldEntity = entity.source {
                        let old = oldProperty.name
                        changes.append(
                            Change(
                                kind: .renamed, element: element, previousName: "\(oldEntity.name).\(old)",
                                detail: joined("renamed from \(old)", fields)))
                    } else if let from = property.movedFrom, let to = property.movedTo {
                        changes.append(Change(kind: .moved, element: element, detail: joined("moved from \(from) to \(to)", fields)))
                    } else if property.hashChanged {
                        changes.append(Change(kind: .changed, element: element, detail: describe(fields)))
                    } else {
                        addCosmetic(fields, element)
                    }
                }
            }
        }
        for change in diff.configurationChanges {
            changes.append(Change(kind: .changed, element: "configuration \(change.name)", detail: "[\(change.old)] → [\(change.new)]"))
        }
        for change in diff.fetchRequestChanges {
            changes.append(Change(kind: .changed, element: "fetch request \(change.name)", detail: "[\(change.old)] → [\(change.new)]"))
        }
        return (changes, cosmeticOrder.map { CosmeticGroup(change: $0, elements: cosmetic[$0]!) })
    }

    private static func describe(_ fields: [FieldChange]) -> String {
        fields.map(\.text).joined(separator: "; ")
    }

    private static func joined(_ note: String, _ fields: [FieldChange]) -> String { fields.isEmpty ? note : note + "; " + describe(fields) }
}

extension BundleLog {
    /// The text log: a header, the drafts (one line each), then one section per version, newest first.
    /// Every value (paths, version names, elements, details, findings) is escaped (`MessageEscaping`).
    @_spi(CLI) public func text(style: Style = Style(colorize: false)) -> String {
        let e = MessageEscaping.escaped
        var output =
            "\(e(bundlePath)): \(versions.count) version\(versions.count == 1 ? "" : "s"), newest first; current \(e(currentVersion))\n"
        if !drafts.isEmpty {
            output += "drafts (after the current version, not part of the history):\n"
            for draft in drafts { output += "  \(e(draft.version)): \(verdictText(draft, style)); \(e(draft.problem ?? draft.summary))\n" }
        }
        for entry in versions {
            output += "\n" + style.bold(e(entry.version)) + (entry.isCurrent ? " (current)" : "") + ": \(verdictText(entry, style))\n"
            for change in entry.changes {
                let sign =
                    change.kind == .added
                    ? style.green(change.sign) : change.kind == .removed ? style.red(change.sign) : style.yellow(change.sign)
                output += "  \(sign) \(e(change.element)): \(e(change.detail))\n"
            }
            for group in entry.cosmetic { output += "  · cosmetic, version hashes unchanged: \(e(group.change)): \(e(group.names()))\n" }
            for finding in entry.findings { output += "  \(style.severity(finding.severity)): \(e(finding.message)) [\(finding.code)]\n" }
        }
        return output
    }

    /// The Markdown log, for a wiki page or a pull request: a heading per version, newest first. Every
    /// value is escaped for Markdown (`MessageEscaping.markdown`, or `markdownCode` in a code span).
    @_spi(CLI) public func markdown() -> String {
        let md = MessageEscaping.markdown
        let code = MessageEscaping.markdownCode
        var output =
            "# History of \(code(bundlePath))\n\n\(versions.count) version\(versions.count == 1 ? "" : "s"), newest first; "
            + "the current version is **\(md(currentVersion))**.\n"
        if !drafts.isEmpty {
            output += "\n## Drafts\n\nAfter the current version, not part of the history:\n\n"
            for draft in drafts {
                output +=
                    "- **\(md(draft.version))**: \(verdictText(draft, Style(colorize: false), markdown: true)); \(md(draft.problem ?? draft.summary))\n"
            }
        }
        for entry in versions {
            output +=
                "\n## \(md(entry.version))\(entry.isCurrent ? " (current)" : "")\n\n\(verdictText(entry, Style(colorize: false), markdown: true))\n\n"
            for change in entry.changes {
                // A rename's or a move's detail says so itself ("renamed from body").
                let word = change.kind == .renamed || change.kind == .moved ? "" : change.kind.rawValue + " "
                output += "- \(word)\(code(change.element)): \(md(change.detail))\n"
            }
            for group in entry.cosmetic {
                output += "- cosmetic, version hashes unchanged: \(md(group.change)): \(group.names(quoted: true))\n"
            }
            for finding in entry.findings { output += "- **\(finding.severity.rawValue)**: \(md(finding.message)) `\(finding.code)`\n" }
        }
        return output
    }

    /// The JSON log: `{"bundle", "current", "versions": […], "drafts": […]}`, keys sorted.
    @_spi(CLI) public func json() throws -> String { try CheckReports.encode(self) }

    private func verdictText(_ entry: Entry, _ style: Style, markdown: Bool = false) -> String {
        let escape = markdown ? MessageEscaping.markdown : MessageEscaping.escaped
        if entry.problem != nil { return markdown ? "**cannot be read**" : style.red(style.bold("cannot be read")) }
        if entry.verdict == nil, let previous = entry.previous { return "not checked: \(escape(previous)) cannot be read" }
        guard let verdict = entry.verdict, let previous = entry.previous else {
            return "first version, \(entry.changes.count) entit\(entry.changes.count == 1 ? "y" : "ies")"
        }
        let word =
            markdown
            ? "**\(verdict.rawValue)**" : verdict == .notInferable ? style.red(style.bold(verdict.rawValue)) : style.green(verdict.rawValue)
        let name = markdown ? MessageEscaping.markdown(previous) : MessageEscaping.escaped(previous)
        return "\(word) from \(name)"
            + (entry.mapping.map {
                " by the mapping model " + (markdown ? MessageEscaping.markdownCode($0) : MessageEscaping.escaped($0))
            } ?? "")
    }
}

extension BundleLog.Entry {
    /// `3 changes: + Note.pinned, ~ Tag`, for a draft's one line (cosmetic changes counted, not named).
    var summary: String {
        let count = changes.count + cosmetic.reduce(0) { $0 + $1.elements.count }
        guard count > 0 else { return "no changes" }
        let signs = changes.map { "\($0.sign) \($0.element)" }
        return "\(count) change\(count == 1 ? "" : "s")" + (signs.isEmpty ? "" : ": " + signs.joined(separator: ", "))
    }
}

extension BundleLog.CosmeticGroup {
    /// The elements, the first eight named and the rest counted: a new Xcode can touch every property.
    func names(quoted: Bool = false) -> String {
        let shown = elements.prefix(8).map { quoted ? MessageEscaping.markdownCode($0) : $0 }
        return shown.joined(separator: ", ") + (elements.count > 8 ? " and \(elements.count - 8) more" : "")
    }
}

extension BundleLog.Change {
    /// `+` added, `-` removed, `~` anything else, as `diff` marks them.
    var sign: String { kind == .added ? "+" : kind == .removed ? "-" : "~" }
}
