import Foundation
import NetworkingTestSupport
import TestSupport

/// An account database file in a temporary directory that outlives the harnesses built on it, for restarts: build a
/// harness, close its database, build another on the same file (ids keep counting across them).
@MainActor
final class DeviceStore {
    let directory: TemporaryDirectory
    let file: URL
    let ids = SequentialRequestIDs(prefix: "id-")

    /// A new, empty directory; the file does not exist until a harness opens it, or `contents` are written.
    init(contents: Data? = nil) throws {
        directory = try TemporaryDirectory()
        file = directory.url.appendingPathComponent("storefront.sqlite")
        if let contents {
            try contents.write(to: file)
        }
    }

    /// A harness over the file, as the app would be after a (re)start, or as another process running beside it
    /// (another `processID`).
    func harness(processID: Int32 = Harness.processID) throws -> Harness {
        let harness = try Harness(databaseURL: file, ids: ids, processID: processID)
        harness.device = self
        return harness
    }
}
