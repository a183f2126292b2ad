import Testing

@testable import Sample

@Suite struct SampleTests {
    @Test func doublesANumber() {
        #expect(double(2) == 4)
    }

    @Test func failsOnPurpose() {
        #expect(double(2) == 5, "this fixture test fails on purpose")
    }
}
