import Account
import Foundation
import Networking
import NetworkingTestSupport
import Persistence
import Testing

/// After the server's data is reset, the stored session is asked about before "Already signed in", and the previous
/// user's data left on the device is listed and can be deleted.
@MainActor
@Suite(
    "AccountFeature: a stored session the server no longer knows, and the accounts on this device",
    .timeLimit(.minutes(1)))
struct StoredSessionTests {
    private static let resetInstance = "srv_fedcba9876543210fedcba9876543210"

    @Test func aSessionTheServerNoLongerKnowsEndsAndTheNewSignInGoesOn() async throws {
        let harness = try Harness()
        let first = harness.makeFeature()
        let ada = try await harness.signIn(first)
        try harness.writeFile("cart.txt", in: .data, of: ada.storageAccount)
        let feature = harness.relaunch()
        #expect(feature.current == .signedIn(ada), "restored at launch")
        harness.transport.enqueue(
            .apiError(status: 401, code: "unauthorized"), matching: { $0.summary == "GET /v1/session" })
        harness.enqueueSession(token: "tok-grace", id: "user_1", name: "grace", instance: Self.resetInstance)

        let grace = try await feature.signIn(userName: "grace")

        #expect(grace.name == "grace" && feature.current == .signedIn(grace))
        let asked = try #require(harness.transport.requests.first { $0.summary == "GET /v1/session" })
        #expect(asked.header("Authorization") == "Bearer tok-ada-1")
        #expect(harness.files(of: ada.storageAccount).contains { $0.hasSuffix("cart.txt") }, "ada's data stays")
        let accounts = try feature.localAccounts()
        #expect(accounts.map(\.id).sorted() == [Harness.user1Directory, "\(Self.resetInstance)-user_1"].sorted())
        #expect(accounts.first { $0.id == Harness.user1Directory }?.active == false)
        #expect(accounts.first { $0.id == Harness.user1Directory }?.instanceId == Harness.instance)
        #expect(accounts.first { $0.active }?.id == "\(Self.resetInstance)-user_1")
    }

    @Test func aServerThatCannotBeReachedLeavesTheStoredSessionSignedIn() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        let ada = try await harness.signIn(feature)
        harness.transport.enqueue(.failure(.cannotConnectToHost), matching: { $0.summary == "GET /v1/session" })

        await #expect(throws: AccountError.alreadySignedIn(userName: "ada")) {
            try await feature.signIn(userName: "bob")
        }
        #expect(feature.current == .signedIn(ada))
        #expect(!harness.tokenFiles(of: ada).isEmpty)
    }

    @Test func deletingAnAccountsDataRefusesTheSignedInOneAndDeletesAnotherUnderEveryRoot() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        let ada = try await harness.signIn(feature)
        let old = try StorageAccount(instanceID: Self.resetInstance, userID: "user_9")
        try harness.writeFile("storefront.sqlite", in: .data, of: old)
        try harness.writeFile("feed.json", in: .cache, of: old)

        await #expect(throws: LocalAccountError.active(ada.storageAccount.directoryName)) {
            try await feature.deleteLocalAccount(id: ada.storageAccount.directoryName)
        }
        await #expect(throws: LocalAccountError.notFound("srv_x-user_1")) {
            try await feature.deleteLocalAccount(id: "srv_x-user_1")
        }
        await #expect(throws: LocalAccountError.notFound("../guest")) {
            try await feature.deleteLocalAccount(id: "../guest")
        }
        let listed = try #require(try feature.localAccounts().first { $0.id == old.directoryName })
        #expect(listed.roots.sorted() == ["cache", "data"] && listed.bytes > 0 && !listed.active)

        let deleted = try await feature.deleteLocalAccount(id: old.directoryName)

        #expect(deleted.id == old.directoryName)
        #expect(harness.files(of: old).isEmpty)
        #expect(try feature.localAccounts().map(\.id) == [ada.storageAccount.directoryName])
        #expect(feature.current == .signedIn(ada))
    }
}
