import Kit
import Testing

@testable import App

@Test func builds() {
    #expect(appName == "App \(kitName)")
}
