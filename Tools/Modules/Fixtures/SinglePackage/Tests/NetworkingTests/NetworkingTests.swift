import Networking
import Testing

@Test func namesNetworking() {
    #expect(networkingName.hasPrefix("Networking"))
}
