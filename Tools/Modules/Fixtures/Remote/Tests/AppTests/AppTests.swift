import Testing

@testable import App

@Test func nothing() {}
