import Testing

@testable import Steady

/// Runs after the hung package: `modules test` goes on with it.
@Suite(.timeLimit(.minutes(1))) struct SteadyTests {
    @Test func doublesANumber() {
        #expect(twice(3) == 6)
    }
}
