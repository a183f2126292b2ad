import Foundation
import TestSupport
import Testing

@testable import SampleBackend

@Suite("API: sessions and card tokenization", .timeLimit(.minutes(3)))
struct AccountAPITests {
    @Test("sign-in returns a token and the user; the same name is the same user; sign-out revokes the token")
    func sessions() async throws {
        try await withTestServer { server in
            let client = server.client
            let first = try await client.send("POST", "/v1/session", json: ["user_name": "  Ada  "])
            #expect(first.status == 201)
            let token = try #require(first.object["token"] as? String)
            #expect(token.count >= 40)
            let user = try #require(first.object["user"] as? [String: Any])
            #expect(user["name"] as? String == "Ada")
            let again = try await client.send("POST", "/v1/session", json: ["user_name": "Ada"])
            #expect((again.object["user"] as? [String: Any])?["id"] as? String == user["id"] as? String)
            #expect(again.object["token"] as? String != token)

            #expect(try await client.get("/v1/orders", token: token).status == 200)
            let current = try await client.get("/v1/session", token: token)
            #expect(current.status == 200, "GET /v1/session: the token stands")
            #expect((current.object["user"] as? [String: Any])?["id"] as? String == user["id"] as? String)
            #expect(current.object["instance_id"] as? String == first.object["instance_id"] as? String)
            #expect(current.object["token"] == nil, "the token is never sent back")
            #expect(try await client.get("/v1/session", token: "sf_unknown").status == 401)
            #expect(try await client.get("/v1/session").status == 401)
            let signOut = try await client.send("DELETE", "/v1/session", token: token)
            #expect(signOut.status == 204)
            #expect(signOut.body.isEmpty)
            let revoked = try await client.get("/v1/orders", token: token)
            #expect(revoked.status == 401)
            #expect(try await client.get("/v1/session", token: token).status == 401, "a revoked token")
            #expect(try await client.send("DELETE", "/v1/session").status == 401)
        }
    }

    @Test("malformed JSON, wrong types and bad names are 400 or 422 with the error shape, never 500")
    func badSessionBodies() async throws {
        try await withTestServer { server in
            let client = server.client
            let cases: [(Data, Int, String)] = [
                (Data("{\"user_name\": ".utf8), 400, "malformed_json"),
                (Data("not json".utf8), 400, "malformed_json"),
                (Data(), 400, "malformed_json"),
                (Data("{\"user_name\": 42}".utf8), 400, "invalid_request"),
                (Data("{}".utf8), 400, "invalid_request"),
                (Data("[]".utf8), 400, "invalid_request"),
                (Data("{\"user_name\": \"   \"}".utf8), 422, "validation_failed"),
                (Data("{\"user_name\": \"a\\u0007b\"}".utf8), 422, "validation_failed"),
            ]
            for (body, status, code) in cases {
                let response = try await client.send("POST", "/v1/session", body: body)
                #expect(response.status == status, "\(String(decoding: body, as: UTF8.self))")
                #expect(response.errorCode == code)
            }
            let typed = try await client.send("POST", "/v1/session", body: Data("{\"user_name\": 42}".utf8))
            #expect((typed.error["message"] as? String)?.contains("user_name") == true)
        }
    }

    @Test("a valid card is tokenized to brand and last four digits; bad cards are 422 naming the field")
    func cards() async throws {
        let may2026: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_780_000_000) }
        try await withTestServer(now: may2026) { server in
            let client = server.client
            let token = try await client.signIn("payer")
            func tokenize(_ number: String, _ month: Int = 12, _ year: Int = 2030, _ cvc: String = "123") async throws
                -> TestResponse
            {
                try await client.send(
                    "POST", "/v1/payment-methods/card",
                    json: ["number": number, "exp_month": month, "exp_year": year, "cvc": cvc], token: token)
            }
            let visa = try await tokenize("4242 4242 4242 4242")
            #expect(visa.status == 200)
            #expect(visa.object["brand"] as? String == "visa")
            #expect(visa.object["last4"] as? String == "4242")
            #expect((visa.object["token"] as? String)?.hasPrefix("card_tok_") == true)
            #expect(try await tokenize("5555-5555-5555-4444").object["brand"] as? String == "mastercard")
            #expect(try await tokenize("378282246310005", 1, 31, "1234").object["brand"] as? String == "amex")

            let invalid: [(TestResponse, String)] = [
                (try await tokenize("4242424242424241"), "number"),
                (try await tokenize("4242"), "number"),
                (try await tokenize("4242424242424242", 13), "exp_month"),
                (try await tokenize("4242424242424242", 4, 2026), "exp_year"),
                (try await tokenize("4242424242424242", 12, 2030, "12"), "cvc"),
                (try await tokenize("378282246310005", 12, 2030, "123"), "cvc"),
            ]
            for (response, field) in invalid {
                #expect(response.status == 422)
                #expect(response.errorCode == "card_invalid")
                #expect((response.error["details"] as? [String: Any])?["field"] as? String == field)
            }
            let declined = try await tokenize(PaymentCard.declinedNumber)
            #expect(declined.status == 402)
            #expect(declined.errorCode == "card_declined")
            let anonymous = try await client.send(
                "POST", "/v1/payment-methods/card", json: ["number": "4242424242424242"])
            #expect(anonymous.status == 401)
            let wrongType = try await client.send(
                "POST", "/v1/payment-methods/card",
                json: ["number": 4_242_424_242_424_242, "exp_month": 12, "exp_year": 2030, "cvc": "123"], token: token)
            #expect(wrongType.status == 400)
            #expect(!wrongType.text.contains("4242424242424242"))
        }
    }

    @Test("tokens are stored hashed and card numbers nowhere: not in the database files, not in the log")
    func secretsStayOut() async throws {
        let directory = try TemporaryDirectory()
        let number = "6011111111111117"
        var sessionToken = ""
        try await withTestServer(dataDirectory: directory.url) { server in
            sessionToken = try await server.client.signIn("secretive")
            let card = try await server.client.send(
                "POST", "/v1/payment-methods/card",
                json: ["number": number, "exp_month": 1, "exp_year": 2099, "cvc": "999"], token: sessionToken)
            #expect(card.object["brand"] as? String == "discover")
            #expect(!server.log.text.contains(number))
            #expect(!server.log.text.contains(sessionToken))
        }
        let files = try FileManager().contentsOfDirectory(at: directory.url, includingPropertiesForKeys: nil)
        #expect(!files.isEmpty)
        for file in files {
            let bytes = try Data(contentsOf: file)
            #expect(bytes.range(of: Data(number.utf8)) == nil, "\(file.lastPathComponent) holds the card number")
            #expect(bytes.range(of: Data(sessionToken.utf8)) == nil, "\(file.lastPathComponent) holds the token")
        }
        let hash = SHA256.hexDigest(Array(sessionToken.utf8))
        let allBytes = try files.reduce(Data()) { $0 + (try Data(contentsOf: $1)) }
        #expect(allBytes.range(of: Data(hash.utf8)) != nil, "the token's hash is what is stored")
    }

    @Test("a session outlives a restart on the same data directory, which is not seeded again")
    func restart() async throws {
        let directory = try TemporaryDirectory()
        let token = try await withTestServer(dataDirectory: directory.url) { server in
            #expect(server.server.seeded)
            return try await server.client.signIn("returning")
        }
        try await withTestServer(dataDirectory: directory.url, seed: 99) { (server: TestServer) async throws in
            #expect(!server.server.seeded)
            #expect(server.server.seedingDuration == .zero)
            #expect(try await server.client.get("/v1/orders", token: token).status == 200)
            #expect(server.log.messages.contains("keeping the data seeded earlier"))
        }
    }

    @Test("sign-in names the server's data set: two servers on one data directory agree, a fresh one differs")
    func instanceID() async throws {
        func signInInstance(_ server: TestServer, _ name: String) async throws -> (String, String) {
            let answer = try await server.client.send("POST", "/v1/session", json: ["user_name": name])
            #expect(answer.status == 201)
            let id = try #require(answer.object["instance_id"] as? String)
            let user = try #require((answer.object["user"] as? [String: Any])?["id"] as? String)
            #expect(id == server.server.instanceID)
            return (id, user)
        }
        let directory = try TemporaryDirectory()
        let first = try await TestServer.start(dataDirectory: directory.url)
        let second = try await TestServer.start(dataDirectory: directory.url)
        let (firstID, firstUser) = try await signInInstance(first, "ada")
        let (secondID, _) = try await signInInstance(second, "grace")
        await first.stop()
        await second.stop()
        #expect(firstID.hasPrefix("srv_"))
        #expect(firstID == secondID, "one data set, one id, whichever process answers")
        let listening = first.log.records.first { $0.message.description == "storefront-server listening" }
        #expect(listening?.metadata["instance_id"]?.description == firstID, "the start is logged with the id")
        let restarted = try await withTestServer(dataDirectory: directory.url) { server in
            try await signInInstance(server, "ada").0
        }
        #expect(restarted == firstID, "the id outlives a restart")

        let fresh = try TemporaryDirectory()
        let (freshID, freshUser) = try await withTestServer(dataDirectory: fresh.url) { server in
            try await signInInstance(server, "someone else")
        }
        #expect(freshUser == firstUser, "a reset data set hands out the same user id again")
        #expect(freshID != firstID, "so the instance id tells the two apart")
        let inMemory = try await withTestServer { server in try await signInInstance(server, "ada").0 }
        #expect(inMemory != firstID)
    }
}
