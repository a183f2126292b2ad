import Small
import Testing

@Suite struct SmallSuite {
    @Test func value() { #expect(Small.value == 1) }
}
