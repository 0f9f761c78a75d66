import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// A keyed archive as lines, one per object and field, reached from the root in a fixed order
/// (fields and dictionary keys sorted, arrays in order): `path: Class` and `path.field = value`. An
/// object reached again is `→ path` of its first visit, so cycles (an owner and what it owns) print
/// once. `_uniqueElementID` numbers print as `<id>`: Xcode hands them out at random (they are
/// checked to be distinct instead).
private struct ArchiveGraph {
    var lines: [String] = []
    var elementIDs: [Int] = []
    private var seen: [Int: String] = [:]
    private let objects: [PlistValue]

    init(_ bytes: [UInt8]) throws {
        guard case .dictionary(let top) = try BinaryPropertyList.decode(bytes, path: "archive"),
            case .array(let objects)? = top["$objects"],
            case .dictionary(let roots)? = top["$top"], let root = roots["root"]
        else { throw ArchiveGraphError() }
        self.objects = objects
        lines.append("root = " + describe(root, path: "root"))
    }

    private mutating func describe(_ value: PlistValue, path: String) -> String {
        guard case .uid(let index) = value else { return "\(value)" }
        if index == 0 { return "nil" }
        // A string or number object: its value, marked as referred to (not inline); whether two
        // references share one object is the archiver's business, not the graph's.
        guard case .dictionary(let fields) = objects[index] else { return "&\(objects[index])" }
        if let first = seen[index] { return "→ \(first)" }
        seen[index] = path
        guard case .uid(let classIndex)? = fields["$class"], case .dictionary(let info) = objects[classIndex],
            case .string(let className)? = info["$classname"]
        else { return "?" }
        switch className {
        case "NSMutableArray", "NSArray":
            guard case .array(let items)? = fields["NS.objects"] else { return "?" }
            for (offset, item) in items.enumerated() { lines.append("\(path)[\(offset)] = " + describe(item, path: "\(path)[\(offset)]")) }
            return "\(className)(\(items.count))"
        case "NSMutableDictionary", "NSDictionary":
            guard case .array(let keys)? = fields["NS.keys"], case .array(let values)? = fields["NS.objects"] else { return "?" }
            let pairs = zip(keys, values).map { (key: keyText($0.0), value: $0.1) }.sorted { $0.key < $1.key }
            for pair in pairs { lines.append("\(path)[\(pair.key)] = " + describe(pair.value, path: "\(path)[\(pair.key)]")) }
            return "\(className)(\(pairs.count))"
        default:
            if case .dictionary(let info) = objects[classIndex], case .array(let chain)? = info["$classes"] {
                lines.append("\(path) classes \(chain)")
            }
            for key in fields.keys.sorted() where key != "$class" {
                guard let field = fields[key] else { continue }
                if key == "_uniqueElementID", case .uid(let index) = field, case .integer(let id) = objects[index] {
                    elementIDs.append(id)
                    lines.append("\(path).\(key) = &<id>")
                } else {
                    lines.append("\(path).\(key) = " + describe(field, path: "\(path).\(key)"))
                }
            }
            return className
        }
    }

    private func keyText(_ key: PlistValue) -> String {
        if case .uid(let index) = key, case .string(let text) = objects[index] { return text }
        return "\(key)"
    }
}

private struct ArchiveGraphError: Error {}

/// The archived models Xcode recorded in a mapping model (base64 in `xcmapping.xml`), WooCommerce's by default.
private func xcodesArchives(
    _ file: URL = Paths.models.appendingPathComponent("woocommerce-ios/WooCommerceModelV9toV10.xcmappingmodel/xcmapping.xml")
) throws -> (source: [UInt8], destination: [UInt8]) {
    let text = try String(contentsOf: file, encoding: .utf8)
    let root = try XMLDocumentParser.parse(Array(text.utf8), path: "xcmapping.xml")
    let objects = try XcodeMappingObjects(root: root, path: "xcmapping.xml")
    let model = try #require(objects.order.compactMap { objects[$0] }.first { $0.type == "XDDEVMAPPINGMODEL" })
    let decode = { (key: String) throws -> [UInt8] in
        let text = try #require(model.attributes[key])
        return [UInt8](try #require(Data(base64Encoded: text, options: .ignoreUnknownCharacters)))
    }
    return (try decode("sourcemodeldata"), try decode("destinationmodeldata"))
}

/// Our archive of WooCommerce's Model 9 and Model 10 against the archives Xcode recorded for them,
/// object by object: every class (with its `$classes` chain), field, dictionary key and value,
/// reached from the root. Only Xcode's random `_uniqueElementID` numbers are not compared (ours are
/// distinct numbers in the same range) and the order of dictionary keys (a hash table's order).
@Test func archivedModelsMatchTheOnesXcodeRecorded() throws {
    let bundle = Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld")
    let xcodes = try xcodesArchives()
    for (version, theirs) in [("Model 9", xcodes.source), ("Model 10", xcodes.destination)] {
        let model = try ModelFile.load(path: bundle.appendingPathComponent("\(version).xcdatamodel").path).model
        let ours = try ArchiveGraph(XcodeModelArchiver.archive(model))
        let expected = try ArchiveGraph(theirs)
        let (a, b) = (Set(expected.lines), Set(ours.lines))
        #expect(expected.lines.count > 4000)
        #expect(
            a == b, "\(version): Xcode's only: \(a.subtracting(b).sorted().prefix(8)); ours only: \(b.subtracting(a).sorted().prefix(8))")
        #expect(ours.elementIDs.count == expected.elementIDs.count && Set(ours.elementIDs).count == ours.elementIDs.count)
        #expect(ours.elementIDs.allSatisfy { (500_000_000..<4_900_000_000).contains($0) })
    }
}

/// The entities and properties an `XDPMModel` archive describes, one line each, read by following
/// the archive's references (the reader a test needs; modeldiff itself reads no `XDPMModel`).
private func archivedModelSummary(_ bytes: [UInt8]) throws -> [String] {
    guard case .dictionary(let top) = try BinaryPropertyList.decode(bytes, path: "archive"), case .array(let objects)? = top["$objects"],
        case .dictionary(let roots)? = top["$top"]
    else { throw ArchiveGraphError() }
    func object(_ value: PlistValue?) -> [String: PlistValue] {
        guard case .uid(let index)? = value, case .dictionary(let fields) = objects[index] else { return [:] }
        return fields
    }
    func items(_ value: PlistValue?) -> [PlistValue] {
        guard case .array(let items)? = object(value)["NS.objects"], object(value)["NS.keys"] == nil else { return [] }
        return items
    }
    func entries(_ value: PlistValue?) -> [(String, PlistValue)] {
        let dictionary = object(value)
        guard case .array(let keys)? = dictionary["NS.keys"], case .array(let values)? = dictionary["NS.objects"] else { return [] }
        return zip(keys, values).map { (leaf($0.0), $0.1) }
    }
    // A value as text: strings and numbers as they are, arrays as [a, b], dictionaries as {k=v} (sorted), objects by name.
    func leaf(_ value: PlistValue?) -> String {
        guard case .uid(let index)? = value else { return value.map { "inline \($0)" } ?? "?" }
        if index == 0 { return "nil" }
        switch objects[index] {
        case .string(let text): return text
        case .dictionary(let fields):
            if fields["NS.keys"] != nil {
                return "{" + entries(value).map { "\($0.0)=\(leaf($0.1))" }.sorted().joined(separator: ", ") + "}"
            }
            if fields["NS.objects"] != nil { return "[" + items(value).map(leaf).joined(separator: ", ") + "]" }
            return fields["_name"].map(leaf) ?? "?"
        default: return "\(objects[index])"
        }
    }
    func values(_ property: [String: PlistValue]) -> [String: String] {
        var result: [String: String] = [:]
        for (_, stereotype) in entries(property["XDBucketForStereotypesstorage"]) {
            for (key, holder) in entries(object(stereotype)["XDBucketForOwnedAttributesstorage"]) {
                let value = object(holder)["_default"]
                // The destination and inverse are objects: name them as Entity and Entity.property.
                if key == "XD_PRK_inverseRelationship", case .uid(let index)? = value, index != 0 {
                    result[key] = leaf(object(value)["_owner"]) + "." + leaf(value)
                } else {
                    result[key] = leaf(value)
                }
            }
        }
        return result
    }
    func common(_ v: [String: String]) -> String {
        ["isTransient", "isIndexed", "isSpotlightIndexed", "isStoredInTruthFile", "elementID", "versionHashModifier", "userInfo"]
            .map { "\($0) \(v["XD_PPSK_\($0)"] ?? "?")" }.joined(separator: " ")
    }
    var lines: [String] = []
    let package = object(object(roots["root"])["_xd_rootPackage"])
    for (name, entity) in entries(package["XDBucketForClassesstorage"]) {
        let fields = object(entity)
        let v = values(fields)
        // A sub-entity's generalization names it `_specific` and its parent `_general`; the parent
        // holds the same object among its specializations.
        let parents = items(fields["XDBucketForGeneralizationsstorage"]).map { g in
            (object(g)["_specific"] == entity ? "" : "(not specific) ") + leaf(object(g)["_general"])
        }
        let subentities = items(fields["XDBucketForSpecializationsstorage"]).map { g in
            (object(g)["_general"] == entity ? "" : "(not general) ") + leaf(object(g)["_specific"])
        }
        lines.append(
            """
            \(name) abstract \(fields["_isAbstract"].map { "\($0)" } ?? "?")/\(v["XD_PSK_isAbstract"] ?? "?") class \
            \(v["XD_PSK_entityClassName"] ?? "?") parents \(parents) subentities \(subentities.sorted()) elementID \
            \(v["XD_PSK_elementID"] ?? "?") versionHashModifier \(v["XD_PSK_versionHashModifier"] ?? "?") constraints \
            \(v["XDPMUniquenessConstraints"] ?? "?") compoundIndexes \(v["XDPMCompoundIndexes"] ?? "?") userInfo \(v["XD_PSK_userInfo"] ?? "?")
            """
        )
        for (propertyName, property) in entries(fields["XDBucketForOwnedAttributesstorage"]) {
            let v = values(object(property))
            let optional = v["XD_PPSK_isOptional"] ?? "?"
            if let type = v["XD_PAttK_attributeType"] {
                let validation = ["minValueString", "maxValueString", "regularExpressionString", "valueTransformerName"]
                    .map { "\($0) \(v["XD_PAttK_\($0)"] ?? "?")" }.joined(separator: " ")
                lines.append(
                    """
                    \(name).\(propertyName) attribute \(type) optional \(optional) default \(v["XD_PAttK_defaultValueAsString"] ?? "?") \
                    external \(v["XD_PAttK_allowsExternalBinaryDataStorage"] ?? "?") \(validation) \(common(v))
                    """
                )
            } else {
                lines.append(
                    """
                    \(name).\(propertyName) relationship to \(v["XD_PRK_destination"] ?? "?") inverse \(v["XD_PRK_inverseRelationship"] ?? "?") \
                    optional \(optional) toMany \(v["XD_PRK_isToMany"] ?? "?") min \(v["XD_PRK_minCount"] ?? "?") max \
                    \(v["XD_PRK_maxCount"] ?? "?") rule \(v["XD_PRK_deleteRule"] ?? "?") ordered \(v["XD_PRK_ordered"] ?? "?") \(common(v))
                    """
                )
            }
        }
    }
    return lines.sorted()
}

/// The same lines, from the model itself.
private func modelSummary(_ model: Model) -> [String] {
    let rules: [Relationship.DeleteRule: Int] = [.noAction: 0, .nullify: 1, .cascade: 2, .deny: 3]
    func info(_ userInfo: UserInfo) -> String {
        "{" + userInfo.dictionary.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: ", ") + "}"
    }
    func common(
        transient: Bool, indexed: Bool = false, spotlight: Bool = false, truthFile: Bool = false, element: String?, modifier: String?,
        userInfo: UserInfo
    ) -> String {
        """
        isTransient bool(\(transient)) isIndexed bool(\(indexed)) isSpotlightIndexed bool(\(spotlight)) isStoredInTruthFile bool(\(truthFile)) \
        elementID \(element ?? "nil") versionHashModifier \(modifier ?? "nil") userInfo \(info(userInfo))
        """
    }
    var lines: [String] = []
    for entity in model.entities {
        // Xcode's archives mark a property that a one-element `byPropertyIndex` fetch index indexes (XcodeServer's).
        let indexed = Set(
            entity.fetchIndexes.filter { $0.name == "byPropertyIndex" && $0.elements.count == 1 }.compactMap { $0.elements.first?.property }
        )
        let parents = entity.parentEntity.map { [$0] } ?? []
        let subentities = model.entities.filter { $0.parentEntity == entity.name }.map(\.name).sorted()
        func lists(_ lists: [[String]]) -> String {
            "[" + lists.map { "[" + $0.joined(separator: ", ") + "]" }.joined(separator: ", ") + "]"
        }
        lines.append(
            """
            \(entity.name) abstract bool(\(entity.isAbstract))/bool(\(entity.isAbstract)) class \(entity.representedClassName ?? "?") parents \
            \(parents) subentities \(subentities) elementID \(entity.renamingIdentifier ?? "nil") versionHashModifier \
            \(entity.versionHashModifier ?? "nil") constraints \(lists(entity.uniquenessConstraints)) compoundIndexes \
            \(lists(entity.compoundIndexes)) userInfo \(info(entity.userInfo))
            """
        )
        for a in entity.attributes {
            lines.append(
                """
                \(entity.name).\(a.name) attribute integer(\(a.type.attributeTypeCode)) optional bool(\(a.isOptional)) default \
                \(a.defaultValueString ?? "nil") external bool(\(a.allowsExternalBinaryDataStorage)) minValueString \
                \(a.minValueString ?? "nil") maxValueString \(a.maxValueString ?? "nil") regularExpressionString \
                \(a.regularExpressionString ?? "nil") valueTransformerName \(a.valueTransformerName ?? "nil") 
                """
                    + common(
                        transient: a.isTransient, indexed: a.isIndexed || indexed.contains(a.name), spotlight: a.isIndexedBySpotlight,
                        truthFile: a.isStoredInExternalRecord,
                        element: a.renamingIdentifier, modifier: a.versionHashModifier, userInfo: a.userInfo)
            )
        }
        for r in entity.relationships {
            let inverse =
                r.inverseName.map { name in
                    // The inverse is named on the entity that declares it, which may be an ancestor of the one the XML names.
                    var owner = r.inverseEntity ?? r.destinationEntity ?? "?"
                    while model.entity(named: owner)?.relationships.contains(where: { $0.name == name }) != true,
                        let parent = model.entity(named: owner)?.parentEntity
                    {
                        owner = parent
                    }
                    return "\(owner).\(name)"
                } ?? "nil"
            lines.append(
                """
                \(entity.name).\(r.name) relationship to \(r.destinationEntity ?? "nil") inverse \(inverse) optional bool(\(r.isOptional)) \
                toMany bool(\(r.isToMany)) min integer(\(r.minCount)) max integer(\(r.maxCount)) rule \
                integer(\(rules[r.deleteRule ?? .nullify] ?? -1)) ordered bool(\(r.isOrdered)) 
                """
                    + common(
                        transient: r.isTransient, indexed: indexed.contains(r.name), element: r.renamingIdentifier,
                        modifier: r.versionHashModifier, userInfo: r.userInfo)
            )
        }
    }
    return lines.sorted()
}

/// The archive Xcode recorded for CoreDataPlus's SampleModel2 (TestModels/XcodeArchives/README.md).
private func sampleModel2Archive() throws -> [UInt8] {
    let text = try String(
        contentsOf: Paths.testModels.appendingPathComponent("XcodeArchives/CoreDataPlus-SampleModel2.sourcemodeldata.base64"),
        encoding: .utf8)
    return [UInt8](try #require(Data(base64Encoded: text, options: .ignoreUnknownCharacters)))
}

/// SampleModel2 as Xcode archived it: the fixture's version without its fetch index, which the
/// archive does not have (the mapping model was saved before the index was added, or Xcode's editor
/// model keeps none; the archive cannot tell which, so modeldiff refuses fetch indexes).
private func sampleModel2AsArchived() throws -> Model {
    let bundle = Paths.fixtures.appendingPathComponent("06-CoreDataPlus-SampleModel/SampleModel.xcdatamodeld")
    let text = try String(contentsOf: bundle.appendingPathComponent("SampleModel2.xcdatamodel/contents"), encoding: .utf8)
    let index = try #require(
        text.range(of: #"\s*<fetchIndex name="byMakerAndNumberPlate">[\s\S]*?</fetchIndex>"#, options: .regularExpression))
    let folder = try Paths.temporaryDirectory().appendingPathComponent("SampleModel2.xcdatamodel")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try text.replacingCharacters(in: index, with: "").write(
        to: folder.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
    let model = try ModelFile.load(path: folder.path).model
    #expect(
        model.entity(named: "Car")?.fetchIndexes.isEmpty == true && model.entity(named: "Car")?.uniquenessConstraints == [["numberPlate"]])
    return model
}

/// Our archive of SampleModel2 against the one Xcode recorded in CoreDataPlus's V2toV3 mapping
/// model, object by object as for WooCommerce: inheritance (Car → SportCar → LuxuryCar, one
/// `XDUMLGeneralizationImp` each, shared by the parent's specializations), LuxuryCar's renaming
/// identifier and the single and compound uniqueness constraints.
@Test func archivedSampleModel2MatchesTheOneXcodeRecorded() throws {
    let ours = try ArchiveGraph(XcodeModelArchiver.archive(sampleModel2AsArchived()))
    let expected = try ArchiveGraph(sampleModel2Archive())
    let (a, b) = (Set(expected.lines), Set(ours.lines))
    #expect(expected.lines.count > 1000)
    #expect(
        a.contains { $0.contains("XDUMLGeneralizationImp") }
            && a.contains { $0.contains("XD_PSK_elementID]._default = &string(\"ExpensiveSportCar\")") })
    #expect(a == b, "Xcode's only: \(a.subtracting(b).sorted().prefix(8)); ours only: \(b.subtracting(a).sorted().prefix(8))")
    #expect(ours.elementIDs.count == expected.elementIDs.count && Set(ours.elementIDs).count == ours.elementIDs.count)
}

/// Xcode's SampleModel2 archive reads back, through its references, as the model: parents and
/// sub-entities, the renaming identifier, the constraints, every property.
@Test func xcodesSampleModel2ArchiveDescribesTheModel() throws {
    let model = try sampleModel2AsArchived()
    let summary = try archivedModelSummary(sampleModel2Archive())
    #expect(summary == modelSummary(model))
    #expect(
        summary.contains {
            $0.hasPrefix(
                "LuxuryCar abstract bool(false)/bool(false) class LuxuryCar parents [\"SportCar\"] subentities [] elementID ExpensiveSportCar"
            )
        })
    #expect(
        summary.contains {
            $0.hasPrefix("Person abstract bool(false)/bool(false) class Person parents [] subentities [] elementID nil")
                && $0.contains("constraints [[firstName, lastName]]")
        })
}

/// What Xcode recorded in WooCommerce's mapping model is Model 9 and Model 10 as their XML says
/// (read through the archive's references), so the archives describe the models, property for property.
@Test func xcodesArchivedModelsDescribeTheVersionsTheyName() throws {
    let bundle = Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld")
    let xcodes = try xcodesArchives()
    for (version, archive) in [("Model 9", xcodes.source), ("Model 10", xcodes.destination)] {
        let model = try ModelFile.load(path: bundle.appendingPathComponent("\(version).xcdatamodel").path).model
        let summary = try archivedModelSummary(archive)
        #expect(summary == modelSummary(model), "\(version)")
        #expect(summary.count > 150)
    }
}

/// Every version in ../shared is archived or refused with the feature it uses; what is archived
/// reads back, through the archive's references, as the model: entities with their class names,
/// attributes with type, optionality and default, relationships with destination, inverse,
/// optionality, cardinality, counts, delete rule and order.
@Test(.tags(.slow), .notInFastTier) func everyArchivedVersionReadsBackAsItsModel() throws {
    var archived = 0
    var refused = 0
    var verdicts: [String] = []  // pinned: which versions are archived, and why the others are not
    for url in corpusBundles() {
        for version in try ModelBundle.load(path: url.path).versions {
            let label = "\(url.deletingLastPathComponent().lastPathComponent)/\(url.lastPathComponent) \(version.name)"
            let bytes: [UInt8]
            do {
                bytes = try XcodeModelArchiver.archive(version.model)
            } catch {
                #expect(error.message.hasSuffix(": no Xcode-written archive shows how Xcode records it"))
                verdicts.append("\(label): refused, \(error.message)")
                refused += 1
                continue
            }
            verdicts.append("\(label): archived")
            archived += 1
            #expect(try archivedModelSummary(bytes) == modelSummary(version.model), "\(url.lastPathComponent) \(version.name)")
        }
    }
    #expect(archived > 2, "archived \(archived), refused \(refused)")
    try expectGolden(verdicts.joined(separator: "\n") + "\n", named: "mapping/xcode-model-archives.txt")
}

/// Our archives of XcodeServer's versions against the four Xcode recorded in its two mapping models
/// (1.0.0 and 1.1.0 in the first, 1.1.0 and 2.0.0 in the second), object by object as for WooCommerce.
/// They show what WooCommerce's and SampleModel2's do not: class names with a module
/// (`XcodeServerModel_1_1_0.Asset`, in `XD_PSK_entityClassName` as any other), and fetch indexes, which
/// have no slot: each one-element `byPropertyIndex` is `XD_PPSK_isIndexed` true on its property, Bot's
/// two-element one is nowhere. Each archive is a copy of the model as it stood when the mapping model was
/// saved, and two had changed since; what differs is pinned with its reason
/// (`Golden/mapping/xcodeserver-archive-differences.txt`), the rest is equal.
@Test func archivedXcodeServerModelsMatchTheOnesXcodeRecorded() throws {
    let stale =
        "Xcode's copy is of the model before its entities' class names took the module: all 23 lack `XcodeServerModel_1_x_0.`, "
        + "which the version's XML (saved later) has; nothing else differs"
    let reasons = [
        "mapping to 1_1_0, source 1_0_0": stale, "mapping to 1_1_0, destination 1_1_0": stale,
        "mapping to 2_0_0, destination 2_0_0":
            "ManagedBot.integrations' delete rule is Nullify (1) in Xcode's copy and Cascade (2) in 2.0.0's XML: changed after the "
            + "mapping model was saved (1.1.0's is Nullify); nothing else differs",
    ]
    var lines: [String] = []
    for (old, new) in [("1_0_0", "1_1_0"), ("1_1_0", "2_0_0")] {
        let xcodes = try xcodesArchives(URL(fileURLWithPath: XcodeServer.mapping(to: new) + "/xcmapping.xml"))
        for (version, theirs) in [(old, xcodes.source), (new, xcodes.destination)] {
            let model = try ModelFile.load(path: XcodeServer.model(version)).model
            #expect(model.entities.allSatisfy { !$0.fetchIndexes.isEmpty || $0.representedClassName != nil })
            let ours = try ArchiveGraph(XcodeModelArchiver.archive(model))
            let expected = try ArchiveGraph(theirs)
            let (a, b) = (Set(expected.lines), Set(ours.lines))
            #expect(expected.lines.count > 75_000 && ours.lines.count == expected.lines.count)
            #expect(ours.elementIDs.count == expected.elementIDs.count && Set(ours.elementIDs).count == ours.elementIDs.count)
            // A difference as the entity, property and key it is about, whatever path first reached the object.
            func short(_ line: String) -> String {
                if line.contains("[XD_PSK_entityClassName]._default") {
                    return "XD_PSK_entityClassName =" + (line.split(separator: "=").last ?? "")
                }
                let named = line.matches(of: /\[([A-Za-z_]+)\]/).map { String($0.output.1) }.filter {
                    !["XD_PStereotype", "XD_PPropStereotype", "XD_PAtt_Stereotype", "XD_PR_Stereotype"].contains($0)
                }
                return named.suffix(3).joined(separator: " ") + " =" + (line.split(separator: "=").last.map(String.init) ?? "")
            }
            let label = "mapping to \(new), \(version == old ? "source" : "destination") \(version)"
            let (theirsOnly, oursOnly) = (Set(a.subtracting(b).map(short)).sorted(), Set(b.subtracting(a).map(short)).sorted())
            if theirsOnly.isEmpty && oursOnly.isEmpty { continue }
            lines.append("# \(label): \(reasons[label] ?? "no reason known")")
            lines += theirsOnly.map { "Xcode's \($0)" } + oursOnly.map { "ours \($0)" }
        }
    }
    try expectGolden(lines.joined(separator: "\n") + "\n", named: "mapping/xcodeserver-archive-differences.txt")
}
