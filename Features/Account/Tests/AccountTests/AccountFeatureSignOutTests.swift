import Account
import Foundation
import Networking
import NetworkingTestSupport
import Persistence
import Primitives
import Testing

@MainActor
@Suite("AccountFeature: sign-out pushes the outbox, revokes the session and deletes the account's data")
struct AccountFeatureSignOutTests {
    @Test func dataKeptOnThisDeviceStopsTheSignOutUntilForcedAndSaysWhat() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        let user = try await harness.signIn(feature)
        var asked: [StorageAccount] = []
        feature.localDataCheck = { account in
            asked.append(account)
            return ["2 items in the cart", "a checkout in progress"]
        }
        let filesBefore = harness.files(of: user.storageAccount)

        let refused = await feature.signOut(force: false)

        #expect(refused == .localDataWouldBeDeleted(["2 items in the cart", "a checkout in progress"]))
        #expect(
            refused.message
                == "Signing out deletes this account's data on this device: 2 items in the cart, a checkout in progress."
        )
        #expect(asked == [user.storageAccount])
        #expect(feature.signOutLocalData == ["2 items in the cart", "a checkout in progress"])
        #expect(feature.current == .signedIn(user))
        #expect(Set(filesBefore).isSubset(of: Set(harness.files(of: user.storageAccount))), "nothing was deleted")

        feature.cancelSignOut()
        #expect(feature.signOutLocalData == nil)
        harness.transport.enqueue(.noContent)
        #expect(await feature.signOut(force: true).didSignOut)
        #expect(asked.count == 1, "a forced sign-out does not ask")
        #expect(harness.files(of: user.storageAccount).isEmpty)
    }

    @Test func unsentChangesStopTheSignOutUntilForcedAndSayHowMany() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        let user = try await harness.signIn(feature)
        try await harness.storage.enqueueChanges(3, kind: "feed.like", for: user.storageAccount)
        let filesBefore = harness.files(of: user.storageAccount)

        let refused = await feature.signOut(force: false)

        #expect(refused == .confirmationRequired(.count(3)))
        #expect(refused.message.contains("3 changes have not reached the server yet"))
        #expect(feature.signOutConfirmation == .count(3))
        #expect(feature.unsentChanges == .count(3))
        #expect(feature.current == .signedIn(user))
        #expect(feature.activity == .idle)
        #expect(harness.transport.requests.map(\.summary) == ["POST /v1/session"])
        #expect(harness.storage.calls == [.outbox(Harness.user1Directory)])
        #expect(harness.files(of: user.storageAccount) == filesBefore)
        #expect(harness.tokenFiles(of: user).count == 1)

        harness.transport.enqueue(.noContent)
        let forced = await feature.signOut(force: true)

        guard case .signedOut(let report) = forced else {
            Issue.record("expected a sign-out, got \(forced)")
            return
        }
        #expect(report.discardedChanges == .count(3))
        #expect(report.revocation == .revoked)
        #expect(forced.message.contains("3 changes that had not reached the server were discarded"))
        #expect(feature.current == .guest)
        #expect(feature.signOutConfirmation == nil)
        #expect(harness.files(of: user.storageAccount).isEmpty)
    }

    @Test func changesThatCanBePushedArePushedBeforeTheSessionIsRevoked() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        let user = try await harness.signIn(feature)
        let outbox = harness.storage.stores(for: user.storageAccount).outbox
        let requestsSeenByPushes = Locked<[Int]>([])
        let transport = harness.transport
        outbox.setHandler(for: "feed.like") { _ in
            requestsSeenByPushes.withLock { $0.append(transport.requests.count) }
            return .done
        }
        try await harness.storage.enqueueChanges(2, kind: "feed.like", for: user.storageAccount)
        harness.transport.enqueue(.noContent)

        let outcome = await feature.signOut(force: false)

        #expect(outcome.didSignOut)
        #expect(requestsSeenByPushes.withLock { $0 } == [1, 1])
        #expect(harness.transport.requests.map(\.summary) == ["POST /v1/session", "DELETE /v1/session"])
        #expect(outcome.message.contains("discarded") == false)
    }

    @Test func signOutRemovesEveryFileOfTheAccountUnderEveryRootAndNothingElse() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        let user = try await harness.signIn(feature)
        let other = try StorageAccount(userID: "user_2")
        try await harness.storage.stores(for: user.storageAccount).database.open()
        try await harness.storage.stores(for: other).database.open()
        for account in [user.storageAccount, other, .guest] {
            try harness.writeFile("feed.json", in: .config, of: account)
            try harness.writeFile("images/p_12.jpg", in: .cache, of: account)
            try harness.writeFile("logs/app.log", in: .state, of: account)
            try harness.writeFile("notes.txt", in: .data, of: account)
        }
        let ownFiles = harness.files(of: user.storageAccount)
        #expect(ownFiles.contains { $0.hasSuffix("storefront.sqlite") })
        #expect(ownFiles.contains { $0.contains("/secrets/") })
        #expect(Set(ownFiles.map { $0.split(separator: "/").first ?? "" }) == ["cache", "config", "data", "state"])
        let otherFiles = Set(harness.allFiles()).subtracting(ownFiles)
        let seenAtClose = Locked<(requests: Int, tokenFiles: Int)?>(nil)
        let transport = harness.transport
        let tokenDirectory = harness.layout.secretsDirectory(for: user.storageAccount)
        harness.storage.onClose { _ in
            let tokens = (try? FileManager().contentsOfDirectory(atPath: tokenDirectory.path(percentEncoded: false)))
            seenAtClose.withLock { $0 = (transport.requests.count, tokens?.count ?? 0) }
        }
        harness.transport.enqueue(.noContent)

        let outcome = await feature.signOut(force: false)

        #expect(outcome.didSignOut)
        #expect(outcome.message.contains("The account's data was deleted from this device."))
        for root in StorageLayout.Root.allCases {
            let directory = harness.layout.accountDirectory(for: user.storageAccount, in: root)
            #expect(!FileManager().fileExists(atPath: directory.path(percentEncoded: false)), "\(root) remains")
        }
        #expect(Set(harness.allFiles()) == otherFiles)
        #expect(
            harness.storage.calls == [
                .outbox(Harness.user1Directory), .stopOutbox(Harness.user1Directory),
                .closeStores(Harness.user1Directory),
            ])
        #expect(seenAtClose.withLock { $0 }?.requests == 2)
        #expect(seenAtClose.withLock { $0 }?.tokenFiles == 0)
        #expect(harness.relaunch().current == .guest)
    }

    @Test func anUnreachableServerStillEndsTheSessionAndDeletesTheData() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        let user = try await harness.signIn(feature)
        try harness.writeFile("feed.json", in: .config, of: user.storageAccount)
        var events: [SignOutEvent] = []
        feature.onSignedOut = { events.append($0) }
        harness.transport.enqueue(.failure(.cannotConnectToHost))

        let outcome = await feature.signOut(force: false)

        guard case .signedOut(let report) = outcome else {
            Issue.record("expected a sign-out, got \(outcome)")
            return
        }
        guard case .failed = report.revocation else {
            Issue.record("expected a failed revocation, got \(report.revocation)")
            return
        }
        #expect(outcome.message.contains("session was ended on this device only"))
        #expect(harness.transport.requests.map(\.summary) == ["POST /v1/session", "DELETE /v1/session"])
        #expect(feature.current == .guest)
        #expect(harness.tokenFiles(of: user).isEmpty)
        #expect(harness.files(of: user.storageAccount).isEmpty)
        #expect(events == [SignOutEvent(user: user, reason: .signedOut(report))])
        #expect(feature.lastSignOut == report)
        let relaunched = harness.relaunch()
        #expect(relaunched.current == .guest)
        #expect(relaunched.sessionEnded == nil)
    }

    @Test func anOutboxThatCannotBeReadNeedsForceToo() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        try await harness.signIn(feature)
        harness.storage.failOutbox(with: CocoaError(.fileReadCorruptFile))

        let refused = await feature.signOut(force: false)

        guard case .confirmationRequired(.unknown) = refused else {
            Issue.record("expected a confirmation for unknown changes, got \(refused)")
            return
        }
        #expect(refused.message.hasPrefix("Could not check for changes not yet sent"))
        #expect(feature.current.isSignedIn)

        harness.transport.enqueue(.noContent)
        let forced = await feature.signOut(force: true)
        #expect(forced.didSignOut)
        #expect(forced.message.contains("Changes that had not reached the server, if any, were discarded."))
    }

    @Test func aGuestHasNothingToSignOutOf() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()

        #expect(await feature.signOut(force: true) == .notSignedIn)
        #expect(harness.storage.calls.isEmpty)
        #expect(harness.transport.requests.isEmpty)
    }

    @Test func cancellingWhileChangesArePushedKeepsTheUserSignedIn() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        let user = try await harness.signIn(feature)
        let outbox = harness.storage.stores(for: user.storageAccount).outbox
        let pushStarted = AsyncStream.makeStream(of: Void.self)
        outbox.setHandler(for: "feed.like") { _ in
            pushStarted.continuation.yield()
            // NB: the push runs in the sign-out's task, so cancelling the sign-out ends this wait.
            let (never, continuation) = AsyncStream.makeStream(of: Void.self)
            for await _ in never {}
            continuation.finish()
            return .retry(after: .seconds(1), reason: "cancelled")
        }
        try await harness.storage.enqueueChanges(1, kind: "feed.like", for: user.storageAccount)

        let signOut = Task { await feature.signOut(force: true) }
        var iterator = pushStarted.stream.makeAsyncIterator()
        await iterator.next()
        signOut.cancel()

        #expect(await signOut.value == .cancelled)
        #expect(feature.current == .signedIn(user))
        #expect(feature.activity == .idle)
        #expect(harness.tokenFiles(of: user).count == 1)
        #expect(harness.storage.calls == [.outbox(Harness.user1Directory)])
    }
}
