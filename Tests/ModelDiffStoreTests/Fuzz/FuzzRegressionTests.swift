import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// Replays every input the fuzzers once failed on (`Fuzz/Regressions/TARGET/`) through the same
/// APIs and the same round-trip properties as the fuzz targets in `Fuzz/Sources/`, so a fixed crash
/// stays fixed in every `swift test`, without the fuzzing toolchain.
@Suite struct FuzzRegressionTests {
    static let root = Paths.repository.appendingPathComponent("Fuzz/Regressions")

    /// The checked-in inputs of one target, by file name; the README that explains the folder is not one.
    static func inputs(_ target: String) -> [String] {
        let folder = root.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
    }

    static func bytes(_ target: String, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(target).appendingPathComponent(name)))
    }

    @Test func everyTargetHasARegressionFolder() {
        for target in [
            "FuzzModelXML", "FuzzMappingXML", "FuzzXcodeMapping", "FuzzExpression", "FuzzStoreMetadata", "FuzzConfig", "FuzzKeyedArchive",
            "FuzzPlanSwift", "FuzzCompiledModel", "FuzzSwiftSource",
        ] {
            var isFolder: ObjCBool = false
            #expect(
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(target).path, isDirectory: &isFolder)
                    && isFolder.boolValue, "\(target)")
        }
    }

    /// As `FuzzSwiftSource`: each input is the one file of a Swift source folder; every checked-in one
    /// is a shape that overflowed the stack, and must now be refused with one diagnostic at its place.
    @Test(arguments: inputs("FuzzSwiftSource")) func swiftSource(_ name: String) throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(try Self.bytes("FuzzSwiftSource", name)).write(to: folder.appendingPathComponent("Schemas.swift"))
        #expect(throws: Diagnostic.self, "\(name)") { try ModelBundle.load(path: folder.path, keepingUnreadable: true) }
    }

    @Test(arguments: inputs("FuzzKeyedArchive")) func keyedArchive(_ name: String) throws {
        let bytes = try Self.bytes("FuzzKeyedArchive", name)
        if let loaded = try? CompiledModel.read(bytes, path: name) {
            _ = loaded.model.versionHashes()
            _ = StoreLayout(model: loaded.model).createStatements
        }
        // As the fuzz target: a mapping that decodes writes a file that reads back as written.
        if let mapping = try? CompiledMapping.read(bytes, path: name) {
            let written = MappingXML.write(mapping)
            let reread = try MappingXML.read(Array(written.utf8), path: "converted.xml")
            #expect(MappingXML.write(reread) == written)
        }
    }

    /// As `FuzzCompiledModel`: a compiled model that decodes has passed the validator, so its
    /// hierarchies end at roots within the depth limit, and it hashes and lays out a store.
    @Test(arguments: inputs("FuzzCompiledModel")) func compiledModel(_ name: String) throws {
        guard let loaded = try? CompiledModel.read(try Self.bytes("FuzzCompiledModel", name), path: name) else { return }
        for entity in loaded.model.entities {
            let chain = loaded.model.ancestry(of: entity)
            #expect(chain.count <= 1_001 && chain.last?.parentEntity == nil, "\(entity.name)")
        }
        _ = loaded.model.versionHashes()
        _ = StoreLayout(model: loaded.model).createStatements
    }

    @Test(arguments: inputs("FuzzModelXML")) func modelXML(_ name: String) throws {
        guard let loaded = try? ModelReader.read(try Self.bytes("FuzzModelXML", name), path: name) else { return }
        _ = StoreLayout(model: loaded.model).createStatements
        let written = ModelWriter.xml(loaded.model)
        let reread = try ModelReader.read(Array(written.utf8), path: "rewritten.xml")
        #expect(reread.model.versionHashes() == loaded.model.versionHashes())
    }

    @Test(arguments: inputs("FuzzMappingXML")) func mappingXML(_ name: String) throws {
        guard let mapping = try? MappingXML.read(try Self.bytes("FuzzMappingXML", name), path: name) else { return }
        let written = MappingXML.write(mapping)
        let reread = try MappingXML.read(Array(written.utf8), path: "rewritten.xml")
        #expect(MappingXML.write(reread) == written)
    }

    @Test(arguments: inputs("FuzzXcodeMapping")) func xcodeMapping(_ name: String) throws {
        guard let mapping = try? XcodeMappingImport.read(try Self.bytes("FuzzXcodeMapping", name), path: name) else { return }
        let written = MappingXML.write(mapping)
        let reread = try MappingXML.read(Array(written.utf8), path: "imported.xml")
        #expect(MappingXML.write(reread) == written)
    }

    /// CI's one-minute run found it: an archived `FUNCTION` whose selector holds U+0016 imported, and
    /// the mapping file written from it was not XML. The import refuses it, with the line.
    @Test func anArchivedCharacterXMLCannotHoldIsRefusedOnImport() throws {
        let name = "crash-4616e4cdd6401a8f1c22479507f147edb33e30ad"
        let bytes = try Self.bytes("FuzzXcodeMapping", name)
        do {
            _ = try XcodeMappingImport.read(bytes, path: name)
            Issue.record("the mapping imported")
        } catch {
            #expect(error.message == "the archived value expression holds U+0016, which a mapping file (XML) cannot hold")
            #expect(error.line != nil)
        }
    }

    @Test(arguments: inputs("FuzzExpression")) func expression(_ name: String) throws {
        let text = String(decoding: try Self.bytes("FuzzExpression", name), as: UTF8.self)
        guard let expression = try? ExpressionParser.parse(text) else { return }
        let printed = expression.description
        // As the fuzz target: printed text of accepted input parses again, never refused (the
        // printer adds no nesting, so not even by the depth guard).
        let reparsed = try ExpressionParser.parse(printed)
        let reprinted = reparsed.description
        #expect(reprinted == printed, "printed \(printed.debugDescription), reprinted \(reprinted.debugDescription)")
    }

    @Test(arguments: inputs("FuzzConfig")) func config(_ name: String) throws {
        guard let text = String(bytes: try Self.bytes("FuzzConfig", name), encoding: .utf8),
            let config = try? ModelDiffConfig(text: text, path: name)
        else { return }
        let again = try ModelDiffConfig(text: text, path: name)
        #expect(again.acknowledgements == config.acknowledgements && again.checkPath == config.checkPath)
    }

    @Test(arguments: inputs("FuzzStoreMetadata")) func storeMetadata(_ name: String) throws {
        guard let metadata = try? StoreMetadata.decode(try Self.bytes("FuzzStoreMetadata", name), path: name) else { return }
        _ = metadata.versionHashes
        _ = metadata.versionIdentifiers
        let encoded = metadata.encoded()
        guard metadata.values.values.allSatisfy(Self.comparable) else { return }
        #expect(try StoreMetadata.decode(encoded, path: "reencoded.plist").values == metadata.values)
    }

    /// NaN is not equal to itself, so values holding it are encoded but not compared (as in the fuzz target).
    static func comparable(_ value: PlistValue) -> Bool {
        switch value {
        case .real(let number): !number.isNaN
        case .date(let date): !date.timeIntervalSinceReferenceDate.isNaN
        case .array(let items): items.allSatisfy(comparable)
        case .dictionary(let entries): entries.values.allSatisfy(comparable)
        default: true
        }
    }
}
