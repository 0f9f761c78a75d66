import Foundation

/// `modeldiff check OLD NEW`: one pair, judged exactly as `check BUNDLE` judges it when both versions
/// belong to the same bundle.
///
/// The only input of a bundle check that a pair does not carry is the bundle's history (names and
/// renaming identifiers of every version, ``ModelBundle/historicalNames``): with it, a renaming
/// identifier left over from an older version is a note; without it, the same identifier looks like
/// a typo (an error). So when OLD and NEW are versions of one bundle, that bundle's history is used,
/// and the pair gets the verdict and findings the bundle check gives it.
public enum PairCheck {
    /// Loads both models and analyses OLD → NEW.
    public static func report(oldPath: String, newPath: String) throws(Diagnostic) -> InferenceReport {
        let source = try ModelFile.load(path: oldPath)
        let destination = try ModelFile.load(path: newPath)
        return InferenceReport(
            diff: ModelDiff(source: source.model, destination: destination.model),
            sourcePath: source.path, destinationPath: destination.path, historicalNames: sharedHistory(oldPath: oldPath, newPath: newPath))
    }

    /// ``ModelBundle/historicalNames`` of the bundle both paths are versions of; empty when they are
    /// not versions of one bundle, or when the bundle itself cannot be read; a version of it that cannot
    /// be read adds no names and stops nothing, as in `check BUNDLE`.
    /// `check`, `infer` and `migrate` judge a pair with it, so they agree with the bundle check.
    @_spi(CLI) public static func sharedHistory(oldPath: String, newPath: String) -> Set<String> {
        guard let bundle = enclosingBundle(of: oldPath), bundle == enclosingBundle(of: newPath),
            let loaded = try? ModelBundle.load(path: bundle, keepingUnreadable: true)
        else { return [] }
        return loaded.historicalNames
    }

    /// The `.xcdatamodeld` a version folder (or its `contents` file) sits in, or the Swift source folder of
    /// a schema path (`Sources/NotesSchemaV1`), if any.
    package static func enclosingBundle(of path: String) -> String? {
        if let folder = ModelInput.swiftSourceFolder(ofSchemaPath: path) { return URL(fileURLWithPath: folder).standardizedFileURL.path }
        var url = URL(fileURLWithPath: path).standardizedFileURL
        if url.lastPathComponent == "contents" { url.deleteLastPathComponent() }
        guard url.pathExtension == "xcdatamodel" else { return nil }
        let bundle = url.deletingLastPathComponent()
        return bundle.pathExtension == "xcdatamodeld" ? bundle.path : nil
    }
}
