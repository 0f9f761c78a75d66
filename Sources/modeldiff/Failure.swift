import ArgumentParser
import Foundation
import ModelDiffKit

/// Runs a command body and turns library errors into one diagnostic line on stderr and exit code 2.
///
/// Every subcommand funnels through here, so bad input always looks and exits the same way.
func reportingFailures<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let diagnostic as Diagnostic {
        printError(diagnostic.description)
        throw ExitCode(2)
    } catch let diagnostics as DiagnosticList {
        for diagnostic in diagnostics.diagnostics { printError(diagnostic.description) }
        throw ExitCode(2)
    } catch let exit as ExitCode {
        throw exit
    } catch {
        printError("error: \(error)")
        throw ExitCode(2)
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
