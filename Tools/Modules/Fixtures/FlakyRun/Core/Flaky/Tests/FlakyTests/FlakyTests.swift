import Foundation
import Testing

/// Tests whose outcomes the tests of `modules` decide: `alternates()` fails one run in two, deterministically.
@Suite struct FlakyTests {
    @Test func passes() {
        #expect([1, 2, 3].reduce(0, +) == 6)
    }

    /// Reads `SEED RUN` from the file `FLAKY_FIXTURE_STATE` names (the harness writes it), writes `SEED RUN+1`
    /// back, and fails when `SEED + RUN` is even: with seed 0 the first run fails, the second passes, and so on.
    @Test func alternates() throws {
        guard let path = ProcessInfo.processInfo.environment["FLAKY_FIXTURE_STATE"] else {
            Issue.record("FLAKY_FIXTURE_STATE names no state file")
            return
        }
        let url = URL(fileURLWithPath: path)
        let numbers = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isWhitespace)
            .compactMap { Int($0) }
        try #require(numbers.count == 2, "the state file holds SEED RUN")
        try "\(numbers[0]) \(numbers[1] + 1)\n".write(to: url, atomically: true, encoding: .utf8)
        #expect((numbers[0] + numbers[1]) % 2 == 1, "run \(numbers[1]) with seed \(numbers[0]) fails by design")
    }

    @Test func alwaysFails() {
        #expect(Bool(false), "this fixture test fails every time")
    }
}
