import Foundation
import Networking
import NetworkingTestSupport
import Persistence
import PersistenceTestSupport
import Testing

@testable import Account

@MainActor
@Suite("AccountTokenProvider: the token for the client, and 401 as \"signed out, token expired\"")
struct AccountTokenProviderTests {
    @Test func a401FromAnyRequestSignsOutWithAMessageOnce() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        let user = try await harness.signIn(feature, token: "tok-expiring")
        try harness.writeFile("feed.json", in: .config, of: user.storageAccount)
        var events: [SignOutEvent] = []
        feature.onSignedOut = { events.append($0) }

        await #expect(throws: APIError.unauthorized) { try await harness.sendAuthenticatedRequest(answeredWith: 401) }

        #expect(feature.current == .guest)
        #expect(feature.sessionEnded == SessionEnded(user: user))
        #expect(feature.status.message.contains("Your session as ada has ended"))
        #expect(feature.status.message.contains("Sign in again"))
        #expect(events == [SignOutEvent(user: user, reason: .sessionExpired)])
        #expect(harness.tokenFiles(of: user).isEmpty)
        #expect(harness.files(of: user.storageAccount).contains { $0.hasSuffix("feed.json") })
        #expect(await harness.tokens.accessToken() == nil)
        #expect(!harness.logs.text.contains("tok-expiring"))

        let requests = harness.transport.requests.count
        await #expect(throws: APIError.unauthorized) {
            _ = try await harness.client.send(Endpoint<EmptyResponse>(.get, "/v1/orders", authentication: .required))
        }
        #expect(harness.transport.requests.count == requests)
        harness.transport.enqueue(.json(#"{"posts": [], "next_cursor": null}"#))
        _ = try await harness.client.send(Endpoint<EmptyResponse>(.get, "/v1/feed", authentication: .optional))
        #expect(harness.transport.requests.last?.header("Authorization") == nil)
        #expect(events.count == 1)
    }

    @Test func concurrent401sForOneTokenEndTheSessionOnce() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        try await harness.signIn(feature)
        var events: [SignOutEvent] = []
        feature.onSignedOut = { events.append($0) }
        let tokens = harness.tokens

        async let first: Void = tokens.invalidateToken("tok-ada-1")
        async let second: Void = tokens.invalidateToken("tok-ada-1")
        async let third: Void = tokens.invalidateToken("tok-ada-1")
        _ = await (first, second, third)

        #expect(events.count == 1)
        #expect(feature.current == .guest)
        #expect(await tokens.accessToken() == nil)
    }

    @Test func a401ForAnOlderTokenLeavesTheNewSessionAlone() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        try await harness.signIn(feature, token: "tok-old")
        harness.transport.enqueue(.noContent)
        await feature.signOut(force: false)
        let bob = try await harness.signIn(feature, token: "tok-new", id: "user_2", name: "bob")

        await harness.tokens.invalidateToken("tok-old")

        #expect(feature.current == .signedIn(bob))
        #expect(await harness.tokens.accessToken() == "tok-new")
        #expect(harness.tokenFiles(of: bob).count == 1)
    }

    @Test func a401WhileSigningOutLetsTheSignOutFinish() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        let user = try await harness.signIn(feature)
        var events: [SignOutEvent] = []
        feature.onSignedOut = { events.append($0) }
        harness.transport.enqueue(.apiError(status: 401, code: "unauthorized"))

        let outcome = await feature.signOut(force: false)

        guard case .signedOut(let report) = outcome else {
            Issue.record("expected a sign-out, got \(outcome)")
            return
        }
        #expect(report.revocation == .alreadyEnded)
        #expect(events == [SignOutEvent(user: user, reason: .signedOut(report))])
        #expect(feature.sessionEnded == nil)
        #expect(harness.files(of: user.storageAccount).isEmpty)
    }

    @Test func aRelaunchAfterTheSessionEndedShowsTheNoticeUntilDismissed() async throws {
        let harness = try Harness()
        let user = try await harness.signIn(harness.makeFeature())
        await #expect(throws: APIError.unauthorized) { try await harness.sendAuthenticatedRequest(answeredWith: 401) }

        let relaunched = harness.relaunch()

        #expect(relaunched.current == .guest)
        #expect(relaunched.sessionEnded == SessionEnded(user: user))
        #expect(relaunched.status.sessionEnded)
        let signIn = SignInViewModel(feature: relaunched, prompt: nil, userName: "")
        #expect(signIn.userName.text == "ada")

        relaunched.dismissSessionEnded()

        #expect(relaunched.sessionEnded == nil)
        #expect(harness.relaunch().sessionEnded == nil)
    }

    @Test func aSecretStoreThatCannotBeReadAtLaunchLeavesTheGuestWithAnError() async throws {
        let harness = try Harness()
        let user = try await harness.signIn(harness.makeFeature())
        let secrets = harness.layout.secretsDirectory(for: user.storageAccount)
        try FileManager().setAttributes([.posixPermissions: 0o755], ofItemAtPath: secrets.path(percentEncoded: false))

        let relaunched = harness.relaunch()

        #expect(relaunched.current == .guest)
        guard case .storage(let detail) = relaunched.error else {
            Issue.record("expected a storage error, got \(String(describing: relaunched.error))")
            return
        }
        #expect(detail.contains("permissions"))
        #expect(await harness.tokens.accessToken() == nil)
    }

    @Test func theTokenLivesInTheAccountsSecretStoreUnderItsUserID() async throws {
        let store = InMemorySecretStore()
        let tokens = AccountTokenProvider(secretStores: { _ in store }, logger: Harness.quietLogger)
        let harness = try Harness()
        let feature = AccountFeature(
            repository: LiveSessionRepository(
                client: .testing(transport: harness.transport, clock: harness.clock, tokenProvider: tokens),
                logger: Harness.quietLogger),
            tokens: tokens,
            preferences: PreferencesStore(
                fileURL: harness.preferencesURL, now: { Date(timeIntervalSince1970: 0) }, logger: Harness.quietLogger),
            storageOwner: harness.storage,
            layout: harness.layout,
            logger: Harness.quietLogger)
        harness.enqueueSession(token: "tok-in-memory")

        try await feature.signIn(userName: "ada")

        #expect(store.count == 1)
        #expect(try store.read(service: "storefront.session-token", account: "user_1") == Secret(utf8: "tok-in-memory"))
        #expect(await tokens.accessToken() == "tok-in-memory")
    }
}
