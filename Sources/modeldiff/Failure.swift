import ArgumentParser
import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

/// Runs a command body and turns library errors into one diagnostic line on stderr and exit code 2.
///
/// Every subcommand funnels through here, so bad input always looks and exits the same way.
func reportingFailures<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let diagnostic as Diagnostic {
        printError(diagnostic.description)
        throw ExitCode(2)
    } catch let failure as StoreFailure {
        printError(failure.diagnostic.description)
        throw ExitCode(2)
    } catch let error as StoreError {
        printError(error.diagnostic.description)
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

extension StoreFailure {
    /// The line the CLI prints: a store SQLite refused is named with the sentence for its kind.
    var diagnostic: Diagnostic {
        switch self {
        case .store(let error): error.diagnostic
        case .input(let diagnostic): diagnostic
        }
    }
}

extension StoreError {
    /// The line the CLI prints: the store's path and one sentence ending in SQLite's message.
    var diagnostic: Diagnostic { Diagnostic(path: path, message: sentence) }
}

/// Writes one line to standard error, with control characters escaped (`MessageEscaping`) so it stays one line.
func printError(_ line: String) {
    writeAll(Data((MessageEscaping.escaped(line) + "\n").utf8), to: STDERR_FILENO)
}

/// Writes every byte to a descriptor; false when the descriptor refuses them (full disk, closed, EBADF).
///
/// `FileHandle.write(_:)` traps on such an error, so the CLI writes through write(2) itself.
@discardableResult
func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

/// Stops the run with one line on stderr and exit status 2 when standard output cannot be written.
func standardOutputFailed() -> Never {
    let reason = String(cString: strerror(errno))
    printError("error: cannot write to standard output: \(reason)")
    exit(2)
}
