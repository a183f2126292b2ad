import Foundation
import Testing

extension IntegrationTests {
    /// After the server's data is reset, `login OTHER` asks the server about the stored session (`GET /v1/session`)
    /// instead of answering "Already signed in", and the previous user's data is listed and can be deleted.
    @Suite("accounts: a stored session of a reset server, and the accounts on this device", .timeLimit(.minutes(5)))
    struct StaleSessionTests {
        @Test("login after a reset signs the other user in at once; accounts lists both; delete refuses the active")
        func loginAfterResetAndAccounts() async throws {
            let app = try StorefrontProcess()
            let first = try await app.run(["login", "ada", "--json"])
            try #require(first.status == 0, "\(first)")
            let ada = try #require((try first.json() as? [String: Any])?["user"] as? [String: Any])
            let adaAccount = "\(try #require(ada["instance_id"] as? String))-\(try #require(ada["id"] as? String))"
            try #require(try await app.run(["cart", "add", "sku_12"]).status == 0)
            let refused = try await app.run(["login", "grace"])
            #expect(refused.status == 1 && refused.standardError.contains("Already signed in as ada"), "\(refused)")

            try FileManager().removeItem(at: app.dataDirectory.url.appending(path: "data/server"))
            let grace = try await app.run(["login", "grace", "--json"])
            #expect(grace.status == 0, "the reset server does not know ada's session: \(grace)")
            #expect(((try grace.json() as? [String: Any])?["user"] as? [String: Any])?["name"] as? String == "grace")

            let listed = try await app.run(["accounts", "--json"])
            #expect(listed.status == 0, "\(listed)")
            let accounts = try #require((try listed.json() as? [String: Any])?["accounts"] as? [[String: Any]])
            #expect(accounts.count == 2, "\(listed)")
            let old = try #require(accounts.first { $0["id"] as? String == adaAccount }, "\(listed)")
            #expect(old["active"] as? Bool == false)
            let active = try #require(accounts.first { $0["active"] as? Bool == true }?["id"] as? String)
            let text = try await app.run(["accounts"])
            #expect(text.standardOutput.contains(adaAccount) && text.standardOutput.contains("accounts delete ID"))

            let refusedActive = try await app.run(["accounts", "delete", active, "--json"])
            #expect(refusedActive.status == 1, "\(refusedActive)")
            #expect(refusedActive.standardOutput.contains("\"code\":\"active_account\""), "\(refusedActive)")
            let deleted = try await app.run(["accounts", "delete", adaAccount])
            #expect(deleted.status == 0, "\(deleted)")
            let files = StorefrontProcess.files(under: app.dataDirectory.url)
            #expect(!files.contains { $0.contains("accounts/\(adaAccount)/") }, "\(files)")
            #expect(files.contains { $0.contains("accounts/\(active)/") })
            let missing = try await app.run(["accounts", "delete", adaAccount])
            #expect(missing.status == 1 && missing.standardError.contains("no account data named"), "\(missing)")
        }
    }
}
