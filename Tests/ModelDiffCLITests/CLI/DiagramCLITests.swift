import Foundation
import ModelDiffTestSupport
import Testing

private let v1 = "TestModels/Notes.xcdatamodeld/Notes.xcdatamodel"
private let v2 = "TestModels/Notes.xcdatamodeld/Notes 2.xcdatamodel"

@Test func diffAsMermaidMarkdownAndDot() throws {
    for format in ["mermaid", "markdown", "dot"] {
        let result = try runModeldiff(["diff", v1, v2, "--format", format])
        #expect(result.status == 1)
        try expectGolden(result.stdout, named: "diagrams/notes-diff.\(format == "markdown" ? "md" : format)")
    }
}

@Test func graphOfOneVersion() throws {
    let result = try runModeldiff(["graph", "TestModels/Notes.xcdatamodeld"])
    #expect(result.status == 0)
    try expectGolden(result.stdout, named: "diagrams/notes-graph.mermaid")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first == "erDiagram")
    #expect(lines.filter { $0.hasSuffix("{") }.count == 3, "one block per entity")
}

/// Graphviz must accept what we write: render every model of the corpus's bundles and a diff to SVG.
@Test func dotRendersWithGraphviz() throws {
    guard let dot = RequiredTool.dot.require() else { return }
    let inputs = [
        ["graph", "TestModels/Notes.xcdatamodeld", "--format", "dot"], ["diff", v1, v2, "--format", "dot"],
        ["graph", Paths.models.appendingPathComponent("swiftgen/Model.xcdatamodeld").path, "--format", "dot"],
    ]
    for arguments in inputs {
        let result = try runModeldiff(arguments)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-Tsvg"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(result.stdout.utf8))
        try input.fileHandleForWriting.close()
        let svg = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(arguments)")
        #expect(svg.contains("<svg"))
    }
}
