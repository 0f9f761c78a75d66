/// A small change that shows a finding code, or shows its absence: two model versions of just the
/// entities that matter, checked as `check OLD NEW` (or `check --cloudkit OLD NEW`) checks them.
///
/// Codes about a bundle, its lock file, its mapping models or its `.modeldiff.yml` rather than a pair
/// of models are shown by a shell session instead (`session`), which the tests run with the built binary.
public struct FindingExample: Sendable {
    /// How the example is checked.
    public enum Input: Sendable {
        /// `check OLD NEW`; `history` holds names of other versions of the bundle (entities, renaming
        /// identifiers, `Entity.property`), as `check` gathers them from the enclosing bundle.
        case models(old: String, new: String, history: Set<String>)
        /// `check --cloudkit OLD NEW`: the inference findings plus CloudKit's rules for the new version and the change.
        case cloudKit(old: String, new: String)
        /// Shell commands run in a folder that holds a copy of `TestModels/Notes.xcdatamodeld` (versions
        /// `Notes` and `Notes 2`, the current one); the last is the `modeldiff check` the example is about.
        case session(script: String)
    }

    /// What the example shows, in a few words.
    public let title: String
    /// The input.
    public let input: Input

    /// `check OLD NEW` on the entity XML `old` and `new`.
    static func models(_ title: String, old: String, new: String, history: Set<String> = []) -> FindingExample {
        FindingExample(title: title, input: .models(old: old, new: new, history: history))
    }

    /// `check --cloudkit OLD NEW` on the entity XML `old` and `new`.
    static func cloudKit(_ title: String, old: String, new: String) -> FindingExample {
        FindingExample(title: title, input: .cloudKit(old: old, new: new))
    }

    /// A shell session around a copy of `TestModels/Notes.xcdatamodeld`, ending with `modeldiff check`.
    static func session(_ title: String, _ script: String) -> FindingExample {
        FindingExample(title: title, input: .session(script: script))
    }

    /// The file names the findings of an example refer to.
    public static let oldPath = "old.xml"
    /// The file names the findings of an example refer to.
    public static let newPath = "new.xml"

    /// The findings `check` reports for the example, or nil for a shell session (run with the built binary).
    public func findings() throws(Diagnostic) -> [Finding]? {
        switch input {
        case .models(let old, let new, let history):
            return try Self.report(old, new, history: history).findings
        case .cloudKit(let old, let new):
            let report = try Self.report(old, new, history: [])
            let cloud =
                CloudKitRules.model(report.diff.destination, path: Self.newPath)
                + CloudKitRules.change(report.diff, sourcePath: Self.oldPath, destinationPath: Self.newPath)
            return report.adding(cloud).findings
        case .session:
            return nil
        }
    }

    private static func report(_ old: String, _ new: String, history: Set<String>) throws(Diagnostic) -> InferenceReport {
        let source = try ModelReader.read(Array(model(old).utf8), path: oldPath)
        let destination = try ModelReader.read(Array(model(new).utf8), path: newPath)
        return InferenceReport(
            diff: ModelDiff(source: source.model, destination: destination.model), sourcePath: oldPath, destinationPath: newPath,
            historicalNames: history)
    }

    /// A whole model file around the entities (and configurations, fetch requests) of an example.
    public static func model(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift">
        \(body)
        </model>

        """
    }
}
