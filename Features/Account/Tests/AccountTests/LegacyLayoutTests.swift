import Account
import Foundation
import Networking
import NetworkingTestSupport
import Persistence
import Testing

/// Data an earlier version kept under `accounts/<user id>/` (no server instance in the name), with the session it
/// stored: the remembered user in the app's preferences (`{"id", "name"}`) and the token in the account's secrets.
@MainActor
@Suite("Account data of the layout before instance ids", .timeLimit(.minutes(1)))
struct LegacyLayoutTests {
    private let legacy: StorageAccount

    init() throws {
        legacy = try StorageAccount(userID: "user_1")
    }

    /// Writes the old layout: files under every root, the token, and the remembered user.
    private func writeOldLayout(_ harness: Harness, token: String = "tok-old") throws {
        try harness.writeFile("storefront.sqlite", in: .data, of: legacy)
        try harness.writeFile("checkout.json", in: .config, of: legacy)
        try harness.writeFile("images/p_12.jpg", in: .cache, of: legacy)
        let secrets = FileSecretStore(
            directory: harness.layout.secretsDirectory(for: legacy), logger: Harness.quietLogger)
        try secrets.add(Secret(utf8: token), service: "storefront.session-token", account: "user_1")
        try FileManager().createDirectory(
            at: harness.preferencesURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"account.signed_in_user": {"id": "user_1", "name": "ada"}}"#.utf8).write(to: harness.preferencesURL)
    }

    @Test func theOldSessionIsNotRestoredAndItsDataIsNotOpenedAtLaunch() throws {
        let harness = try Harness()
        try writeOldLayout(harness)

        let feature = harness.makeFeature()

        #expect(feature.current == .guest)
        #expect(feature.sessionEnded?.user.id == "user_1")
        #expect(harness.transport.requests.isEmpty)
    }

    @Test func theServerThatIssuedTheOldSessionGetsTheDataMovedToItsInstance() async throws {
        let harness = try Harness()
        try writeOldLayout(harness)
        let before = harness.files(of: legacy)
        let feature = harness.makeFeature()
        harness.transport.enqueue(.noContent, matching: { $0.summary == "DELETE /v1/session" })

        let user = try await harness.signIn(feature, token: "tok-new")

        #expect(user.storageAccount.directoryName == "\(Harness.instance)-user_1")
        let revoke = try #require(harness.transport.requests.first { $0.summary == "DELETE /v1/session" })
        #expect(revoke.header("Authorization") == "Bearer tok-old")
        #expect(harness.files(of: legacy).isEmpty)
        let moved = harness.files(of: user.storageAccount)
        let expected = before.map {
            $0.replacingOccurrences(of: "/accounts/user_1/", with: "/accounts/\(Harness.instance)-user_1/")
        }
        #expect(Set(expected).isSubset(of: Set(moved)), "moved: \(moved)")
        #expect(await harness.tokens.accessToken() == "tok-new")
    }

    @Test func anotherServerDataSetNeverGetsTheOldData() async throws {
        let harness = try Harness()
        try writeOldLayout(harness)
        let before = harness.files(of: legacy)
        let feature = harness.makeFeature()
        harness.transport.enqueue(
            .apiError(status: 401, code: "unauthorized"), matching: { $0.summary == "DELETE /v1/session" })

        let user = try await harness.signIn(feature, token: "tok-new", instance: "srv_ffffffffffffffffffffffffffffffff")

        #expect(harness.files(of: legacy) == before, "the old data must stay where it was, untouched")
        #expect(!harness.files(of: user.storageAccount).contains { $0.hasSuffix("checkout.json") })
        #expect(feature.current == .signedIn(user))
        #expect(await harness.tokens.accessToken() == "tok-new", "a 401 for the old token ends nothing current")
    }

    @Test func withoutAStoredSessionTheOldDataStaysClosedAndNothingIsAsked() async throws {
        let harness = try Harness()
        try harness.writeFile("checkout.json", in: .config, of: legacy)
        let feature = harness.makeFeature()

        let user = try await harness.signIn(feature)

        #expect(harness.transport.requests.map(\.summary) == ["POST /v1/session"])
        #expect(harness.files(of: legacy).count == 1)
        #expect(!harness.files(of: user.storageAccount).contains { $0.hasSuffix("checkout.json") })
    }

    @Test func twoInstancesKeepTheSameUserIDApart() throws {
        let first = try StorageAccount(instanceID: "srv_aa", userID: "user_1")
        let second = try StorageAccount(instanceID: "srv_bb", userID: "user_1")
        #expect(first != second)
        #expect(first.directoryName == "srv_aa-user_1")
        #expect(throws: StorageLayoutError.invalidInstanceID("srv-aa")) {
            try StorageAccount(instanceID: "srv-aa", userID: "user_1")
        }
        #expect(throws: StorageLayoutError.invalidInstanceID("")) { try StorageAccount(instanceID: "", userID: "u") }
    }

    @Test func aSignInSeesASignInAnotherProcessFinishedMeanwhile() async throws {
        let harness = try Harness()
        let first = harness.makeFeature()
        let second = harness.relaunch()  // started before the first signed in: it still reads the guest
        try await harness.signIn(first)
        let requests = harness.transport.requests.count

        await #expect(throws: AccountError.alreadySignedIn(userName: "ada")) {
            try await second.signIn(userName: "bob")
        }
        #expect(harness.transport.requests.count == requests, "nothing was sent for the second sign-in")
        #expect(second.current == .guest)
    }
}
