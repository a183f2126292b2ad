import Base
import Testing

@Test func builds() {
    #expect(baseName == "Base")
}
