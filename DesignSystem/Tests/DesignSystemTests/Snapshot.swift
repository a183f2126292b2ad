import Foundation
import Testing

/// Compares output with an expected file under `Snapshots/` (a resource of this test target), byte for byte.
///
/// Set `RECORD_SNAPSHOTS=1` to write the current output as the expected file instead (into the source tree, next
/// to this file); the test then records an issue naming the file, so a recording run never passes silently.
enum Snapshot {
    static let recordVariable = "RECORD_SNAPSHOTS"

    static func expect(_ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let isRecording = ProcessInfo.processInfo.environment[recordVariable] == "1"
        if isRecording {
            let url = sourceDirectory.appendingPathComponent(name)
            do {
                try Data(actual.utf8).write(to: url, options: .atomic)
                Issue.record(
                    "recorded \(url.path); run again without \(recordVariable)", sourceLocation: sourceLocation)
            } catch {
                Issue.record("could not record \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let url = Bundle.module.url(forResource: "Snapshots/" + name, withExtension: nil),
            let expected = try? Data(contentsOf: url)
        else {
            Issue.record("no snapshot \(name); record it with \(recordVariable)=1", sourceLocation: sourceLocation)
            return
        }
        guard Data(actual.utf8) != expected else { return }
        Issue.record(
            "\(name) differs: \(firstDifference(String(decoding: expected, as: UTF8.self), actual))",
            sourceLocation: sourceLocation
        )
    }

    /// Where recorded snapshots go: the `Snapshots` directory beside this source file.
    private static let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    private static func firstDifference(_ expected: String, _ actual: String) -> String {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let want = index < expectedLines.count ? String(expectedLines[index]) : "<end>"
            let got = index < actualLines.count ? String(actualLines[index]) : "<end>"
            if want != got {
                return "line \(index + 1)\n  expected: \(want.debugDescription)\n  actual:   \(got.debugDescription)"
            }
        }
        return "same lines, different bytes"
    }
}
