/// Why a list of version names does not order a bundle's versions.
@_spi(CLI) public enum VersionOrderError: Error, Sendable, Equatable {
    /// The list names a version the bundle does not have; `versions` are the bundle's own.
    case unknownVersion(String, versions: [String])
    /// The list leaves out the current version, so nothing migrates to it.
    case currentVersionLeftOut(String)

    /// What is wrong, as facts about the order; a command names its own flag instead.
    package var message: String {
        switch self {
        case .unknownVersion(let name, let versions):
            "the version order names version \"\(name)\", which the bundle does not have (versions: \(versions.joined(separator: ", ")))"
        case .currentVersionLeftOut(let current): "the version order leaves out the current version \"\(current)\""
        }
    }
}

extension ModelBundle {
    /// The readable versions `order` names, in that order (every version in the bundle's order when
    /// nil), and the current version's index among them; an unreadable version named is left out.
    @_spi(CLI) public func versions(inOrder order: [String]?) throws(VersionOrderError) -> (versions: [ModelVersion], current: Int) {
        var ordered: [ModelVersion] = []
        for name in order ?? versions.map(\.name) {
            guard let version = version(named: name) else {
                if problem(ofVersion: name) != nil { continue }
                throw .unknownVersion(name, versions: versionNames)
            }
            ordered.append(version)
        }
        guard let current = ordered.firstIndex(where: { $0.name == currentVersionName }) else {
            throw .currentVersionLeftOut(currentVersionName)
        }
        return (ordered, current)
    }

    /// The same, a wrong order said as a diagnostic on the bundle.
    @_spi(CLI) public func orderedVersions(_ order: [String]?) throws(Diagnostic) -> (versions: [ModelVersion], current: Int) {
        do {
            return try versions(inOrder: order)
        } catch {
            throw Diagnostic(path: path, message: error.message)
        }
    }
}
