import Foundation
import Networking
import NetworkingTestSupport
import Testing

@Suite("Authentication", .timeLimit(.minutes(1)))
struct AuthenticationTests {
    private func endpoint(_ authentication: Authentication) -> Endpoint<Greeting> {
        Endpoint(.get, "/v1/orders", authentication: authentication)
    }

    @Test("required and optional endpoints send the bearer token; .none never asks for it")
    func attachesToken() async throws {
        let tokens = InMemoryTokenProvider(token: "tok-1")
        let harness = ClientHarness(tokenProvider: tokens)
        harness.transport.enqueue(Array(repeating: .json(#"{"message": "ok"}"#), count: 3))
        _ = try await harness.client.send(endpoint(.required))
        _ = try await harness.client.send(endpoint(.optional))
        _ = try await harness.client.send(endpoint(.none))
        #expect(harness.transport.requests.map { $0.header("Authorization") } == ["Bearer tok-1", "Bearer tok-1", nil])
        #expect(await tokens.accessCount == 2)
    }

    @Test("an optional endpoint without a token is sent anonymously")
    func optionalWithoutToken() async throws {
        let harness = ClientHarness(tokenProvider: InMemoryTokenProvider(token: nil))
        harness.transport.enqueue(.json(#"{"message": "hi, guest"}"#))
        #expect(try await harness.client.send(endpoint(.optional)) == Greeting(message: "hi, guest"))
        #expect(harness.transport.requests.first?.header("Authorization") == nil)
    }

    @Test("a required endpoint without a token (or without a provider) fails with unauthorized and sends nothing")
    func requiredWithoutToken() async throws {
        let signedOut = ClientHarness(tokenProvider: InMemoryTokenProvider(token: nil))
        await #expect(throws: APIError.unauthorized) { try await signedOut.client.send(endpoint(.required)) }
        #expect(signedOut.transport.requests.isEmpty)

        let noSessions = ClientHarness(tokenProvider: nil)
        await #expect(throws: APIError.unauthorized) { try await noSessions.client.send(endpoint(.required)) }
        #expect(noSessions.transport.requests.isEmpty)
    }

    @Test("a 401 invalidates the token that was sent and surfaces unauthorized without retrying")
    func unauthorizedClearsToken() async throws {
        let tokens = InMemoryTokenProvider(token: "tok-1")
        let harness = ClientHarness(tokenProvider: tokens, retryPolicy: retryThrice)
        harness.transport.enqueue([
            .apiError(status: 401, code: "invalid_token"), .json(#"{"message": "must not be used"}"#),
        ])
        let error = await #expect(throws: APIError.unauthorized) { try await harness.client.send(endpoint(.required)) }
        #expect(error?.category == .unauthorized && error?.isRetryable == false)
        #expect(await tokens.invalidatedTokens == ["tok-1"])
        #expect(await tokens.token == nil)
        #expect(harness.transport.requests.count == 1)
        #expect(harness.clock.sleepDeadlines == [.seconds(10)])
    }

    @Test("a 401 for a request sent before a new sign-in does not clear the newer token")
    func staleUnauthorizedKeepsNewerToken() async throws {
        let tokens = InMemoryTokenProvider(token: "old")
        let harness = ClientHarness(tokenProvider: tokens)
        harness.transport.enqueue(.apiError(status: 401, code: "invalid_token").delayed(by: .seconds(1)))
        let task = harness.start(endpoint(.required))
        try await harness.clock.waitForSleep(until: .seconds(1))
        await tokens.setToken("new")
        harness.clock.advance(to: .seconds(1))
        await #expect(throws: APIError.unauthorized) { try await task.value }
        #expect(await tokens.invalidatedTokens == ["old"])
        #expect(await tokens.token == "new")
    }

    @Test("a 401 to an anonymous request invalidates nothing")
    func anonymousUnauthorized() async throws {
        let tokens = InMemoryTokenProvider(token: nil)
        let harness = ClientHarness(tokenProvider: tokens)
        harness.transport.enqueue(.status(401))
        await #expect(throws: APIError.unauthorized) { try await harness.client.send(endpoint(.optional)) }
        #expect(await tokens.invalidatedTokens.isEmpty)
    }

    @Test("a token that cannot be a header value is an invalid request, never sent")
    func malformedToken() async throws {
        let harness = ClientHarness(tokenProvider: InMemoryTokenProvider(token: "tok\r\nX-Evil: 1"))
        await #expect(throws: APIError.self) { try await harness.client.send(endpoint(.required)) }
        #expect(harness.transport.requests.isEmpty)
    }
}
