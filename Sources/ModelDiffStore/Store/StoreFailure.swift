@_spi(CLI) import ModelDiffKit

/// Why a call on a store failed: SQLite refused it (``StoreError``, by kind), or the input was wrong
/// (no such file, not a Core Data store, an entity the layout does not have, …: a `Diagnostic`).
///
/// The store's calls throw it, typed, so a library caller catches store failures by type
/// (`catch .store(let error)`, then `error.kind`) and the CLI turns either case into its one line
/// at its edge. `Diagnostic` itself knows nothing of the store.
public enum StoreFailure: Error, Sendable, Hashable {
    /// SQLite refused the call.
    case store(StoreError)
    /// The input was wrong, for a reason modeldiff found itself.
    case input(Diagnostic)

    /// The store or file the failure is about, as the user named it.
    public var path: String { parts.path }

    /// The failure in words, without the path: what a caller that folds the failure into a sentence
    /// of its own (the model cache's "cannot be used: …") says after its colon.
    public var message: String { parts.message }

    private var parts: (path: String, message: String) {
        switch self {
        case .store(let error): (error.path, error.sentence)
        case .input(let diagnostic): (diagnostic.path, diagnostic.message)
        }
    }

    /// SQLite's failure, when SQLite refused the call.
    public var storeError: StoreError? {
        if case .store(let error) = self { return error }
        return nil
    }

    /// The same failure with `path` in place of the file the user never named (a migration's partial
    /// file is reported under the output's name).
    package func naming(_ path: String) -> StoreFailure {
        switch self {
        case .store(let error): .store(error.naming(path))
        case .input(let diagnostic):
            .input(
                Diagnostic(diagnostic.severity, path: path, line: diagnostic.line, column: diagnostic.column, message: diagnostic.message))
        }
    }

    /// Runs a step that fails only for input reasons (decoding a property list, a model) inside a
    /// store call.
    package static func input<T>(_ body: () throws(Diagnostic) -> T) throws(StoreFailure) -> T {
        do {
            return try body()
        } catch {
            throw .input(error)
        }
    }
}
