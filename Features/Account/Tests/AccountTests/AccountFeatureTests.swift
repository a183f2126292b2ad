import Account
import Foundation
import Networking
import NetworkingTestSupport
import Persistence
import Testing

@MainActor
@Suite("AccountFeature: sign-in, the remembered session and the sign-in events")
struct AccountFeatureTests {
    private let token = "tok-7f3a-SECRET-c0ffee"

    @Test func signInStoresTheTokenOwnerOnlyAndNowhereElse() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()

        let user = try await harness.signIn(feature, token: token)

        #expect(user.id == "user_1" && user.name == "ada")
        #expect(feature.current == .signedIn(user))
        let request = try #require(harness.transport.requests.first)
        #expect(request.summary == "POST /v1/session")
        #expect(request.jsonBody == .object(["user_name": .string("ada")]))
        #expect(request.header("Authorization") == nil)

        let tokenFile = try #require(harness.tokenFiles(of: user).first)
        #expect(harness.tokenFiles(of: user).count == 1)
        #expect(try mode(of: tokenFile) == 0o600)
        #expect(try mode(of: tokenFile.deletingLastPathComponent()) == 0o700)
        #expect(try String(contentsOf: tokenFile, encoding: .utf8) == token)
        for file in harness.allFiles() where !file.hasSuffix(tokenFile.lastPathComponent) {
            let contents = try Data(contentsOf: harness.directory.url.appending(path: file))
            #expect(!contents.contains(Data(token.utf8)), "\(file) holds the token")
        }
        let preferences = try String(contentsOf: harness.preferencesURL, encoding: .utf8)
        #expect(preferences.contains("user_1"))
        #expect(!preferences.contains(token))
        #expect(!harness.logs.text.contains(token))
        #expect(harness.logs.text.contains("signed in"))

        try await harness.sendAuthenticatedRequest(answeredWith: 204)
        #expect(harness.transport.requests.last?.header("Authorization") == "Bearer \(token)")
        #expect(!harness.logs.text.contains(token))
    }

    @Test func aNewFeatureOverTheSameStorageStartsSignedIn() async throws {
        let harness = try Harness()
        let user = try await harness.signIn(harness.makeFeature(), token: token)
        let requestsBefore = harness.transport.requests.count

        let relaunched = harness.relaunch()

        #expect(relaunched.current == .signedIn(user))
        #expect(relaunched.sessionEnded == nil)
        #expect(relaunched.status.message == "Signed in as ada (user_1).")
        let json = try String(decoding: APIJSON.makeEncoder().encode(relaunched.status), as: UTF8.self)
        #expect(
            json
                == #"{"session_ended":false,"signed_in":true,"user":{"id":"user_1","instance_id":"\#(Harness.instance)","name":"ada"}}"#
        )
        #expect(harness.transport.requests.count == requestsBefore)
        try await harness.sendAuthenticatedRequest(answeredWith: 204)
        #expect(harness.transport.requests.last?.header("Authorization") == "Bearer \(token)")
    }

    @Test func aFreshInstallStartsAsTheGuest() throws {
        let harness = try Harness()
        let feature = harness.makeFeature()

        #expect(feature.current == .guest)
        #expect(feature.current.storageAccount == .guest)
        #expect(feature.status == AccountStatus(current: .guest, sessionEnded: nil))
        #expect(feature.status.message == "Not signed in.")
        #expect(harness.transport.requests.isEmpty)
    }

    enum MergePoint: String, CaseIterable, CustomTestStringConvertible {
        case beforeTheSwitch, afterTheSwitch
        var testDescription: String { rawValue }
    }

    @Test(arguments: MergePoint.allCases)
    func theSignInEventLetsTheAppMergeTheGuestCart(at point: MergePoint) async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        let carts = CartStandIn(lines: [.guest: ["sku_1 x2", "sku_7 x1"]])
        var seen: [(hook: String, event: SignInEvent, current: CurrentAccount)] = []
        feature.onSignInAccepted = { event in
            seen.append(("accepted", event, feature.current))
            if point == .beforeTheSwitch { carts.merge(from: event.guest, into: event.account) }
        }
        feature.onSignedIn = { event in
            seen.append(("signedIn", event, feature.current))
            if point == .afterTheSwitch { carts.merge(from: event.guest, into: event.account) }
        }

        let user = try await harness.signIn(feature)

        #expect(seen.map(\.hook) == ["accepted", "signedIn"])
        #expect(seen.map(\.event) == [SignInEvent(user: user), SignInEvent(user: user)])
        #expect(seen[0].event.guest == .guest && seen[0].event.account == user.storageAccount)
        #expect(seen[0].current == .guest)
        #expect(seen[1].current == .signedIn(user))
        #expect(carts.lines[user.storageAccount] == ["sku_1 x2", "sku_7 x1"])
        #expect(carts.lines[.guest] == [])
    }

    @Test func aLikeParkedWhileSignedOutHappensOnceAfterSignIn() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        let router = RouterStandIn(feature: feature)
        feature.onSignedIn = { _ in await router.resumeParkedRoute() }

        await router.likeTapped()
        #expect(router.likes == 0)
        #expect(router.hasParkedRoute)

        harness.transport.enqueue(.apiError(status: 503, code: "unavailable"))
        await #expect(throws: AccountError.serverFailure(status: 503)) {
            try await feature.signIn(userName: "ada")
        }
        #expect(router.likes == 0)
        #expect(router.hasParkedRoute)

        try await harness.signIn(feature)
        #expect(router.likes == 1)
        #expect(!router.hasParkedRoute)

        harness.transport.enqueue(.noContent, matching: { $0.summary == "DELETE /v1/session" })
        #expect(await feature.signOut(force: false).didSignOut)
        try await harness.signIn(feature, token: "tok-ada-2")
        #expect(router.likes == 1)
    }

    @Test(arguments: ["", "   ", String(repeating: "a", count: 65), "ada\u{1B}[2J"])
    func anInvalidNameIsRefusedWithoutARequest(_ name: String) async throws {
        let harness = try Harness()
        let feature = harness.makeFeature(repository: StrictSessionRepository())

        await #expect {
            try await feature.signIn(userName: name)
        } throws: { error in
            guard case .invalidUserName = error as? AccountError else { return false }
            return true
        }

        #expect(feature.current == .guest)
        #expect(feature.error?.message.isEmpty == false)
        #expect(harness.transport.requests.isEmpty)
    }

    @Test func theNameIsSentTrimmed() async throws {
        let harness = try Harness()
        harness.enqueueSession(token: token)

        try await harness.makeFeature().signIn(userName: "  ada \n")

        #expect(harness.transport.requests.first?.jsonBody == .object(["user_name": .string("ada")]))
    }

    @Test(arguments: [
        (ScriptedResponse.failure(.cannotConnectToHost), AccountError.unreachable),
        (.failure(.timedOut), .timedOut),
        (.apiError(status: 422, code: "validation_failed"), .rejected(status: 422)),
        (.apiError(status: 429, code: "rate_limited"), .rateLimited),
        (.apiError(status: 503, code: "unavailable"), .serverFailure(status: 503)),
        (
            .failure(.networkConnectionLost),
            .interrupted(TransferInterruption(kind: .connectionDropped, server: "api.storefront.test:443"))
        ),
        (
            .failure(.serverCertificateUntrusted),
            .interrupted(TransferInterruption(kind: .tls, server: "api.storefront.test:443"))
        ),
    ])
    func aFailedSignInKeepsTheGuestAndSaysWhy(_ answer: ScriptedResponse, _ expected: AccountError) async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        harness.transport.enqueue(answer)

        await #expect(throws: expected) { try await feature.signIn(userName: "ada") }

        #expect(feature.current == .guest)
        #expect(feature.error == expected)
        #expect(feature.activity == .idle)
        #expect(!FileManager().fileExists(atPath: harness.preferencesURL.path(percentEncoded: false)))
        #expect(harness.allFiles() == ["data/session.lock"], "only the sign-in lock file, which holds nothing")
    }

    @Test func anAnswerThatCannotBeUsedIsAnUnexpectedResponse() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        harness.transport.enqueue(
            .json(#"{"token": "t", "instance_id": "srv_1", "user": {"id": "../guest", "name": "x"}}"#, status: 201))

        await #expect {
            try await feature.signIn(userName: "ada")
        } throws: { error in
            guard case .unexpectedResponse = error as? AccountError else { return false }
            return true
        }
        #expect(feature.current == .guest)
        #expect(harness.allFiles() == ["data/session.lock"], "only the sign-in lock file, which holds nothing")
    }

    @Test func signingInWhileSignedInIsRefused() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        try await harness.signIn(feature)
        let requests = harness.transport.requests.count
        harness.transport.enqueue(
            .json(#"{"instance_id": "\#(Harness.instance)", "user": {"id": "user_1", "name": "ada"}}"#),
            matching: { $0.summary == "GET /v1/session" })

        await #expect(throws: AccountError.alreadySignedIn(userName: "ada")) {
            try await feature.signIn(userName: "bob")
        }
        #expect(harness.transport.requests.count == requests + 1, "only the question whether the session stands")
        #expect(harness.transport.requests.last?.summary == "GET /v1/session")
    }

    @Test func aTokenThatCannotBeSavedKeepsNothing() async throws {
        let harness = try Harness()
        let secrets = harness.layout.secretsDirectory(
            for: try StorageAccount(instanceID: Harness.instance, userID: "user_1"))
        try FileManager().createDirectory(
            at: secrets, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let feature = harness.makeFeature()
        harness.enqueueSession(token: token)

        await #expect {
            try await feature.signIn(userName: "ada")
        } throws: { error in
            guard case .storage = error as? AccountError else { return false }
            return true
        }

        #expect(feature.current == .guest)
        #expect(harness.relaunch().current == .guest)
        #expect(!harness.logs.text.contains(token))
    }

    @Test func aSecondSignInWhileOneRunsIsBusyAndCancellingLeavesNoError() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        harness.transport.enqueue(.stall)
        let first = Task { try await feature.signIn(userName: "ada") }
        try await harness.transport.waitForRequests(count: 1)

        #expect(feature.activity == .signingIn)
        await #expect(throws: AccountError.busy) { try await feature.signIn(userName: "bob") }

        first.cancel()
        await #expect(throws: AccountError.cancelled) { try await first.value }
        #expect(feature.activity == .idle)
        #expect(feature.error == nil)
        #expect(feature.current == .guest)
    }

    private func mode(of url: URL) throws -> Int {
        let attributes = try FileManager().attributesOfItem(atPath: url.path(percentEncoded: false))
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
}

/// The App's cart store as far as sign-in needs it: cart lines per storage account.
@MainActor
final class CartStandIn {
    private(set) var lines: [StorageAccount: [String]]

    init(lines: [StorageAccount: [String]]) {
        self.lines = lines
    }

    /// Moves the lines of `source` to the end of `target`'s cart.
    func merge(from source: StorageAccount, into target: StorageAccount) {
        lines[target, default: []] += lines[source] ?? []
        lines[source] = []
    }
}

/// The App's router as far as a like needs it: a like while signed out is parked until sign-in.
@MainActor
final class RouterStandIn {
    private let feature: AccountFeature
    private var parked: (@MainActor () async -> Void)?
    private(set) var likes = 0

    init(feature: AccountFeature) {
        self.feature = feature
    }

    var hasParkedRoute: Bool { parked != nil }

    /// Likes now when signed in; otherwise parks the like (the App would show the sign-in screen).
    func likeTapped() async {
        guard feature.current.isSignedIn else {
            parked = { [weak self] in await self?.likeTapped() }
            return
        }
        likes += 1
    }

    /// Runs the parked route, once.
    func resumeParkedRoute() async {
        let route = parked
        parked = nil
        await route?()
    }
}
