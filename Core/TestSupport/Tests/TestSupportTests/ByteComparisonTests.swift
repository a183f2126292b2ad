import Foundation
import TestSupport
import Testing

@Suite("Comparing bytes by size and first difference", .timeLimit(.minutes(1)))
struct ByteComparisonTests {
    @Test("the same bytes have no difference")
    func same() {
        let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0) })
        #expect(byteDifference(bytes, bytes) == nil)
        #expect(byteDifference(Data(), Data()) == nil)
    }

    @Test("a changed byte in a megabyte is named by its offset, in one short line")
    func changedByte() {
        let expected = Data(repeating: 0x20, count: 1 << 20)
        var actual = expected
        actual[700_001] = 0x1F
        let difference = byteDifference(actual, expected)
        #expect(
            difference
                == "1048576 bytes, expected 1048576; first difference at offset 700001 (0x1f, expected 0x20)")
        #expect((difference?.count ?? 0) < 200)
    }

    @Test("a shorter or longer value names both sizes, and a slice's offsets count from its start")
    func sizes() {
        let expected = Data([1, 2, 3, 4])
        #expect(byteDifference(Data([1, 2]), expected) == "2 bytes, expected 4; the first 2 are the same")
        #expect(byteDifference(Data([1, 2, 3, 4, 5]), expected) == "5 bytes, expected 4; the first 4 are the same")
        let slice = Data([9, 9, 1, 7]).dropFirst(2)
        #expect(
            byteDifference(slice, Data([1, 2]))
                == "2 bytes, expected 2; first difference at offset 1 (0x07, expected 0x02)")
    }
}
