import Foundation

/// Runs libFuzzer's driver on the command line's arguments with `testOneInput`, then exits with its status.
///
/// SwiftPM links every executable with `--defsym main=<module>_main`, which replaces libFuzzer's
/// `main`, so each target starts the driver itself.
public func runFuzzer(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv = Optional(CommandLine.unsafeArgv)
    exit(runFuzzerDriver(&argc, &argv, testOneInput))
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
