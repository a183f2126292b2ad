import FeatureKit
import Foundation
import Testing

extension IntegrationTests {
    /// Account data keyed by the server's instance id, and sign-ins racing on one data directory, through the built
    /// binary against its embedded backend.
    @Suite("accounts: instance keys and concurrent sign-ins")
    struct AccountInstanceTests {
        @Test("after the server's data is reset, a new user_1 sees none of the previous user_1's cart or data")
        func serverResetKeepsThePreviousUserApart() async throws {
            let app = try StorefrontProcess()
            let first = try await app.run(["login", "ada", "--json"])
            try #require(first.status == 0, "\(first)")
            let ada = try #require((try first.json() as? [String: Any])?["user"] as? [String: Any])
            let adaInstance = try #require(ada["instance_id"] as? String)
            let userID = try #require(ada["id"] as? String)
            try #require(try await app.run(["cart", "add", "sku_12", "--quantity", "3"]).status == 0)
            let adaDirectory = "data/accounts/\(adaInstance)-\(userID)/"
            let adaFiles = StorefrontProcess.files(under: app.dataDirectory.url).filter {
                $0.hasPrefix(adaDirectory) && !$0.contains("/secrets/")
            }
            #expect(adaFiles.contains("\(adaDirectory)storefront.sqlite"), "ada's data is not under \(adaDirectory)")
            let adaDatabase = app.dataDirectory.url.appending(path: "\(adaDirectory)storefront.sqlite")
            let adaBytes = try Data(contentsOf: adaDatabase)

            // A new server data set: what a reset of the server's data directory makes.
            try FileManager().removeItem(at: app.dataDirectory.url.appending(path: "data/server"))
            let rejected = try await app.run(["orders", "list"])
            #expect(rejected.status == 1, "the reset server cannot know ada's token: \(rejected)")

            let second = try await app.run(["login", "bob", "--json"])
            try #require(second.status == 0, "\(second)")
            let bob = try #require((try second.json() as? [String: Any])?["user"] as? [String: Any])
            let bobInstance = try #require(bob["instance_id"] as? String)
            #expect(bob["id"] as? String == userID, "the reset server hands out the same user id again")
            #expect(bobInstance != adaInstance)

            let cart = try await app.run(["cart", "list", "--json"])
            try #require(cart.status == 0, "\(cart)")
            #expect(((try cart.json() as? [String: Any])?["lines"] as? [Any])?.isEmpty == true, "\(cart)")
            let files = StorefrontProcess.files(under: app.dataDirectory.url)
            // The rejected session's token went (a 401 ends it); ada's data stays, unopened and unchanged.
            #expect(files.filter { $0.hasPrefix(adaDirectory) && !$0.contains("/secrets/") } == adaFiles)
            #expect(try Data(contentsOf: adaDatabase) == adaBytes, "ada's database was changed")
            #expect(files.contains { $0.hasPrefix("data/accounts/\(bobInstance)-\(userID)/") })
        }

        @Test("two logins at once on one data directory: one wins coherently, the other says who is signed in")
        func concurrentLogins() async throws {
            for round in 1...3 {
                let app = try StorefrontProcess()
                try #require(try await app.run(["feed", "--limit", "1"]).status == 0)
                async let adaRun = app.run(["login", "ada", "--json"])
                async let bobRun = app.run(["login", "bob", "--json"])
                let (adaResult, bobResult) = try await (adaRun, bobRun)
                let results = ["ada": adaResult, "bob": bobResult]
                let winners = results.filter { $0.value.status == 0 }
                try #require(winners.count == 1, "round \(round): \(results)")
                let (winner, won) = try #require(winners.first)
                let loser = try #require(results.first { $0.key != winner }?.value)
                #expect(loser.status == 1, "round \(round): \(loser)")
                #expect(loser.standardError.contains("Already signed in as \(winner)"), "round \(round): \(loser)")

                let user = try #require((try won.json() as? [String: Any])?["user"] as? [String: Any])
                let directory = "\(try #require(user["instance_id"] as? String))-\(try #require(user["id"] as? String))"
                let whoami = try await app.run(["whoami", "--json"])
                let current = (try whoami.json() as? [String: Any])?["user"] as? [String: Any]
                #expect(current?["name"] as? String == winner, "round \(round): \(whoami)")
                let accounts = try FileManager().contentsOfDirectory(
                    atPath: app.dataDirectory.url.appending(path: "data/accounts").path(percentEncoded: false))
                #expect(Set(accounts).subtracting(["guest"]) == [directory], "round \(round): \(accounts)")
                let tokens = StorefrontProcess.files(under: app.dataDirectory.url).filter { $0.contains("/secrets/") }
                #expect(tokens.count == 1 && tokens.allSatisfy { $0.hasPrefix("data/accounts/\(directory)/") })
            }
        }
    }
}
