import Foundation
@_spi(CLI) import ModelDiffKit

/// A store's metadata (`Z_METADATA.Z_PLIST`): what Core Data checks to decide which model opens the store.
public struct StoreMetadata: Sendable {
    /// Every key, as decoded from the binary property list (unknown keys are kept).
    public let values: [String: PlistValue]

    /// Creates metadata from decoded values.
    package init(values: [String: PlistValue]) { self.values = values }

    /// `NSStoreModelVersionHashes`: entity name → 32-byte hash.
    public var versionHashes: [String: [UInt8]] {
        guard case .dictionary(let hashes)? = values["NSStoreModelVersionHashes"] else { return [:] }
        return hashes.compactMapValues { if case .data(let bytes) = $0 { bytes } else { nil } }
    }

    /// `NSStoreModelVersionIdentifiers`.
    public var versionIdentifiers: [String] {
        guard case .array(let items)? = values["NSStoreModelVersionIdentifiers"] else { return [] }
        return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    /// A string value, if the key holds one.
    public func string(_ key: String) -> String? {
        if case .string(let text)? = values[key] { return text }
        return nil
    }

    /// An integer value, if the key holds one.
    public func integer(_ key: String) -> Int? {
        if case .integer(let number)? = values[key] { return number }
        return nil
    }

    /// Decodes the binary property list of `Z_METADATA.Z_PLIST`.
    public static func decode(_ bytes: [UInt8], path: String) throws(Diagnostic) -> StoreMetadata {
        let value: PlistValue
        do {
            value = try BinaryPropertyList.decode(bytes, path: path)
        } catch {
            throw Diagnostic(path: path, message: "the store's metadata (Z_METADATA.Z_PLIST) is not a property list")
        }
        guard case .dictionary(let dictionary) = value else {
            throw Diagnostic(path: path, message: "the store's metadata (Z_METADATA.Z_PLIST) is not a dictionary")
        }
        return StoreMetadata(values: dictionary)
    }

    /// The binary property list for `Z_METADATA.Z_PLIST`.
    public func encoded() -> [UInt8] {
        BinaryPropertyList.encode(.dictionary(values))
    }

    /// The metadata Core Data writes for a new store of `model`.
    package static func forModel(_ model: Model, hashes: VersionHashes, uuid: String, keeping existing: [String: PlistValue] = [:])
        -> StoreMetadata
    {
        var values = existing
        values["NSStoreType"] = .string("SQLite")
        // The UUID lives in Z_METADATA.Z_UUID only: no Apple store keeps NSStoreUUID in Z_PLIST (every
        // fixture and Wire store, frameworks 241 to 1344); Core Data adds it to the dictionary it
        // returns. One an older modeldiff wrote into a source is dropped, not carried to the output.
        values["NSStoreUUID"] = nil
        values["NSStoreModelVersionHashes"] = .dictionary(hashes.entityVersionHashes.mapValues { .data($0) })
        values["NSStoreModelVersionHashesVersion"] = .integer(3)
        values["NSStoreModelVersionIdentifiers"] = .array([.string(model.versionIdentifier ?? "")])
        values["NSStoreModelVersionHashesDigest"] = .string(hashes.versionHashesDigest)
        values["NSStoreModelVersionChecksumKey"] = .string(hashes.versionChecksum)
        if values["NSPersistenceFrameworkVersion"] == nil { values["NSPersistenceFrameworkVersion"] = .integer(1344) }
        if values["_NSAutoVacuumLevel"] == nil { values["_NSAutoVacuumLevel"] = .string("2") }
        return StoreMetadata(values: values)
    }
}
