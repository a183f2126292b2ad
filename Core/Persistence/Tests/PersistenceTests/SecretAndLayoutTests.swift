import Foundation
import Logging
import Persistence
import PersistenceTestSupport
import TestSupport
import Testing

@Suite("Secrets")
struct SecretTests {
    @Test("the file store keeps items in a 0700 directory as 0600 files, with keychain-like errors")
    func fileStore() throws {
        let directory = try TemporaryDirectory()
        let secrets = directory.url.appending(path: "secrets")
        let (logger, handler) = makeLogger()
        let store = FileSecretStore(directory: secrets, logger: logger)
        #expect(try store.read(service: "api", account: "ana") == nil)
        try store.add(Secret(utf8: "token-one"), service: "api", account: "ana")
        #expect(throws: SecretStoreError.itemExists(service: "api", account: "ana")) {
            try store.add(Secret(utf8: "token-two"), service: "api", account: "ana")
        }
        try store.update(Secret(utf8: "token-two"), service: "api", account: "ana")
        #expect(try store.read(service: "api", account: "ana")?.utf8String == "token-two")
        #expect(throws: SecretStoreError.itemNotFound(service: "api", account: "bo")) {
            try store.update(Secret(utf8: "x"), service: "api", account: "bo")
        }
        try store.add(Secret(utf8: "other"), service: "api/v2", account: "ana.b")
        #expect(treeListing(secrets) == ["api%2Fv2.ana%2Eb", "api.ana"])
        #expect(try permissions(of: secrets) == 0o700)
        #expect(try permissions(of: secrets.appending(path: "api.ana")) == 0o600)
        #expect(try store.delete(service: "api", account: "ana"))
        #expect(try !store.delete(service: "api", account: "ana"))
        #expect(!handler.text.contains("token"))
    }

    @Test("a directory or file that others may read is refused, not used")
    func broaderPermissionsRefused() throws {
        let directory = try TemporaryDirectory()
        let secrets = directory.url.appending(path: "secrets")
        let store = FileSecretStore(directory: secrets, logger: makeLogger().0)
        try store.add(Secret(utf8: "token"), service: "api", account: "ana")
        let file = secrets.appending(path: "api.ana").path(percentEncoded: false)
        try FileManager().setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        #expect(throws: SecretStoreError.insecurePermissions(path: file, mode: 0o644)) {
            try store.read(service: "api", account: "ana")
        }
        try FileManager().setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        try FileManager().setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: secrets.path(percentEncoded: false))
        #expect(throws: SecretStoreError.self) { try store.read(service: "api", account: "ana") }
    }

    @Test("secrets never print: description, interpolation and dump all show a marker")
    func secretNeverPrints() {
        let secret = Secret(utf8: "hunter2")
        var dumped = ""
        dump(secret, to: &dumped)
        for text in ["\(secret)", String(describing: secret), String(reflecting: secret), dumped] {
            #expect(!text.contains("hunter2"))
        }
    }

    @Test("the in-memory double behaves like the file store and can be made to fail")
    func inMemoryDouble() throws {
        let store = InMemorySecretStore()
        try store.add(Secret(utf8: "a"), service: "api", account: "ana")
        #expect(throws: SecretStoreError.self) { try store.add(Secret(utf8: "b"), service: "api", account: "ana") }
        struct Locked: Error {}
        store.setFailure(Locked())
        #expect(throws: Locked.self) { try store.read(service: "api", account: "ana") }
        store.setFailure(nil)
        #expect(try store.read(service: "api", account: "ana") == Secret(utf8: "a"))
    }
}

@Suite("Storage layout")
struct StorageLayoutTests {
    @Test("XDG variables are used when absolute, and the spec's defaults under HOME otherwise")
    func xdg() throws {
        let layout = try StorageLayout(environment: [
            "HOME": "/home/ana", "XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "relative/ignored", "XDG_CACHE_HOME": "",
        ])
        #expect(layout.dataRoot.path(percentEncoded: false) == "/data/storefront")
        #expect(layout.configRoot.path(percentEncoded: false) == "/home/ana/.config/storefront")
        #expect(layout.cacheRoot.path(percentEncoded: false) == "/home/ana/.cache/storefront")
        #expect(layout.stateRoot.path(percentEncoded: false) == "/home/ana/.local/state/storefront")
        #expect(throws: StorageLayoutError.missingHome) { try StorageLayout(environment: ["XDG_DATA_HOME": "/d"]) }
        let all = try StorageLayout(environment: [
            "XDG_DATA_HOME": "/a", "XDG_CONFIG_HOME": "/b", "XDG_CACHE_HOME": "/c", "XDG_STATE_HOME": "/d",
        ])
        #expect(all.stateRoot.path(percentEncoded: false) == "/d/storefront")
    }

    @Test("a root override puts the four roots under one directory, with one directory per account")
    func rootOverride() throws {
        let layout = StorageLayout(rootDirectory: URL(filePath: "/tmp/D"))
        let user = try StorageAccount(userID: "usr_42")
        #expect(
            layout.databaseURL(for: user).path(percentEncoded: false) == "/tmp/D/data/accounts/usr_42/storefront.sqlite"
        )
        #expect(
            layout.secretsDirectory(for: .guest).path(percentEncoded: false) == "/tmp/D/data/accounts/guest/secrets/")
        #expect(
            try layout.preferencesURL(suite: "feed", for: user).path(percentEncoded: false)
                == "/tmp/D/config/accounts/usr_42/feed.json")
        #expect(
            layout.accountDirectory(for: user, in: .cache).path(percentEncoded: false)
                == "/tmp/D/cache/accounts/usr_42/")
        #expect(
            layout.url(for: try RelativePath("images/p_1.jpg"), in: .cache, for: user).path(percentEncoded: false)
                == "/tmp/D/cache/accounts/usr_42/images/p_1.jpg")
        for bad in ["", "guest", "../x", ".hidden", "a/b", "a b", String(repeating: "a", count: 129)] {
            #expect(throws: StorageLayoutError.self) { try StorageAccount(userID: bad) }
        }
        for bad in ["", "/etc/passwd", "a/../b", "a//b", "./a"] {
            #expect(throws: StorageLayoutError.self) { try RelativePath(bad) }
        }
        #expect(throws: StorageLayoutError.self) { try layout.preferencesURL(suite: "../x", for: user) }
    }

    @Test("wipeAccount leaves no file of the account behind, -wal and -shm included, and spares other accounts")
    func wipeAccount() async throws {
        let directory = try TemporaryDirectory()
        let layout = StorageLayout(rootDirectory: directory.url)
        let user = try StorageAccount(userID: "usr_42")
        let (logger, _) = makeLogger()
        let database = Database(
            location: .file(layout.databaseURL(for: user)), migrator: DatabaseMigrator(),
            configuration: DatabaseConfiguration(), logger: logger)
        let outbox = Outbox(database: database, clock: ManualClock(), now: { Date() }, logger: logger)
        try await database.transaction { transaction in
            try outbox.enqueue(OutboxMutation(id: "m1", kind: "feed.like", payload: Data()), in: transaction)
        }
        try FileSecretStore(directory: layout.secretsDirectory(for: user), logger: logger)
            .add(Secret(utf8: "token"), service: "api", account: "usr_42")
        try PreferencesStore(
            fileURL: try layout.preferencesURL(suite: "feed", for: user), now: { Date() }, logger: logger
        )
        .set(true, for: PreferenceKey("seen", default: false))
        for root in [StorageLayout.Root.cache, .state] {
            let file = layout.url(for: try RelativePath("images/p.jpg"), in: root, for: user)
            try FileManager().createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: file)
        }
        try FileManager().createDirectory(
            at: layout.accountDirectory(for: .guest, in: .data), withIntermediateDirectories: true)
        let before = treeListing(directory.url)
        #expect(before.contains("data/accounts/usr_42/storefront.sqlite-wal"))
        #expect(before.contains("data/accounts/usr_42/storefront.sqlite-shm"))

        try layout.wipeAccount(user)
        #expect(!treeListing(directory.url).contains { $0.contains("usr_42") })
        await database.close()
        let after = treeListing(directory.url)
        #expect(!after.contains { $0.contains("usr_42") })
        #expect(after.contains("data/accounts/guest"))
        try layout.wipeAccount(user)
    }
}
