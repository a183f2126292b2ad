import Account
import Foundation
import Logging
import Models
import Networking
import NetworkingTestSupport
import Persistence
import TestSupport

/// One app's worth of account dependencies over a temporary directory (the four XDG roots under it), a scripted
/// transport and a manual clock; `relaunch()` builds a second process's over the same directory.
@MainActor
final class Harness {
    /// The server instance id the queued sign-in answers carry by default.
    nonisolated static let instance = "srv_0123456789abcdef0123456789abcdef"

    /// The directory name of `user_1`'s account on `instance`.
    nonisolated static let user1Directory = "\(instance)-user_1"

    /// A logger whose records nobody reads.
    nonisolated static let quietLogger = Logger(label: "account-tests", handler: CapturingLogHandler())

    let directory: TemporaryDirectory
    let layout: StorageLayout
    let clock = ManualClock()
    let transport: ScriptedTransport
    let logs = CapturingLogHandler()
    let logger: Logger
    let storage: TestStorageOwner
    /// The app-wide preferences file, outside every account directory.
    let preferencesURL: URL

    private(set) var tokens: AccountTokenProvider
    private(set) var client: APIClient

    init() throws {
        directory = try TemporaryDirectory()
        layout = StorageLayout(rootDirectory: directory.url)
        transport = ScriptedTransport(clock: clock)
        logger = Logger(label: "account-tests", handler: logs)
        storage = TestStorageOwner(layout: layout, clock: clock, logger: logger)
        preferencesURL = layout.url(of: .config).appending(path: "app.json")
        (tokens, client) = Self.makeSession(layout: layout, transport: transport, clock: clock, logger: logger)
    }

    /// A feature over this harness's storage, transport and token provider; its session endpoints are `repository`
    /// when given (a `StrictSessionRepository`), else the live ones over the scripted transport.
    func makeFeature(repository: (any SessionRepository)? = nil) -> AccountFeature {
        AccountFeature(
            repository: repository ?? LiveSessionRepository(client: client, logger: logger),
            tokens: tokens,
            preferences: PreferencesStore(
                fileURL: preferencesURL, now: { Date(timeIntervalSince1970: 0) }, logger: logger),
            storageOwner: storage,
            layout: layout,
            logger: logger
        )
    }

    /// A feature as a new process builds it: a new token provider and client over the same files.
    func relaunch() -> AccountFeature {
        (tokens, client) = Self.makeSession(layout: layout, transport: transport, clock: clock, logger: logger)
        return makeFeature()
    }

    /// Queues the 201 answer of `POST /v1/session`.
    func enqueueSession(token: String, id: String = "user_1", name: String = "ada", instance: String = Harness.instance)
    {
        transport.enqueue(
            .json(
                #"{"token": "\#(token)", "instance_id": "\#(instance)", "user": {"id": "\#(id)", "name": "\#(name)"}}"#,
                status: 201),
            matching: { $0.summary == "POST /v1/session" })
    }

    /// Signs `name` in with a queued answer carrying `token`.
    @discardableResult
    func signIn(
        _ feature: AccountFeature, token: String = "tok-ada-1", id: String = "user_1", name: String = "ada",
        instance: String = Harness.instance
    ) async throws -> AccountUser {
        enqueueSession(token: token, id: id, name: name, instance: instance)
        return try await feature.signIn(userName: name)
    }

    /// Sends a request that requires the token, answered with `status` (an empty JSON error body for 4xx).
    func sendAuthenticatedRequest(answeredWith status: Int) async throws {
        transport.enqueue(status >= 400 ? .apiError(status: status, code: "unauthorized") : .noContent)
        _ = try await client.send(Endpoint<EmptyResponse>(.get, "/v1/orders", authentication: .required))
    }

    /// The file holding `user`'s token in the user's secret store.
    func tokenFiles(of user: AccountUser) -> [URL] {
        let directory = layout.secretsDirectory(for: user.storageAccount)
        let names = (try? FileManager().contentsOfDirectory(atPath: directory.path(percentEncoded: false))) ?? []
        return names.map { directory.appending(path: $0) }
    }

    /// Every file under `account`'s directories, as paths relative to the temporary directory, sorted.
    func files(of account: StorageAccount) -> [String] {
        StorageLayout.Root.allCases.flatMap { root in
            filesBelow(layout.accountDirectory(for: account, in: root))
        }.sorted()
    }

    /// Every file under the temporary directory, as relative paths, sorted.
    func allFiles() -> [String] {
        filesBelow(directory.url).sorted()
    }

    /// Writes a small file at `relativePath` below `account`'s directory in `root`.
    func writeFile(_ relativePath: String, in root: StorageLayout.Root, of account: StorageAccount) throws {
        let url = layout.accountDirectory(for: account, in: root).appending(path: relativePath)
        try FileManager().createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("data of \(account)".utf8).write(to: url)
    }

    private func filesBelow(_ url: URL) -> [String] {
        let base = directory.url.path(percentEncoded: false)
        guard let enumerator = FileManager().enumerator(atPath: url.path(percentEncoded: false)) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let path = url.appending(path: relative).path(percentEncoded: false)
            var isDirectory: ObjCBool = false
            if FileManager().fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(String(path.dropFirst(base.count)))
            }
        }
        return files
    }

    private static func makeSession(
        layout: StorageLayout, transport: ScriptedTransport, clock: ManualClock, logger: Logger
    ) -> (AccountTokenProvider, APIClient) {
        let tokens = AccountTokenProvider(
            secretStores: { FileSecretStore(directory: layout.secretsDirectory(for: $0), logger: logger) },
            logger: logger)
        let client = APIClient.testing(transport: transport, clock: clock, tokenProvider: tokens, logger: logger)
        return (tokens, client)
    }
}
