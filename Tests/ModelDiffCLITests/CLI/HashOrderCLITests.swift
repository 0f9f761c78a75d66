import Foundation
import ModelDiffTestSupport
import Testing

/// `hash --all-versions` lists the versions in the bundle's order, or the one `--order` gives (issue 34).
@Suite struct HashOrderCLITests {
    @Test func hashAllVersionsFollowsTheOrder() throws {
        let tracks = "TestModels/History/Tracks.xcdatamodeld"
        let own = try runModeldiff(["hash", tracks, "--all-versions", "--no-config"])
        #expect(own.status == 0, "\(own.stderr)")
        #expect(own.stdout.split(separator: "\n").map { $0.split(separator: " ")[0] } == ["Tracks", "Tracks", "Launch"])
        let ordered = try runModeldiff(["hash", tracks, "--all-versions", "--order", "Launch,Tracks 2,Tracks 3"])
        #expect(ordered.status == 0, "\(ordered.stderr)")
        #expect(ordered.stdout.hasPrefix("Launch "))
        #expect(try runModeldiff(["hash", tracks, "--order", "Launch,Tracks 2,Tracks 3"]).status == 2)
    }
}
