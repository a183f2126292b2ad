import Logging
import Testing

@Suite("the redaction policy", .timeLimit(.minutes(1)))
struct RedactionTests {
    @Test(
        "credential header names are recognised whatever their casing",
        arguments: [
            "Authorization", "authorization", "AUTHORIZATION", "aUtHoRiZaTiOn", "Proxy-Authorization",
            "proxy_authorization", "PROXY-AUTHORIZATION", "Cookie", "COOKIE", "cookie", "Set-Cookie", "set_cookie",
            "SET-COOKIE", "http.request.header.authorization", "headers.Set-Cookie", "X-Api-Key", "api_key", "ApiKey",
            "X-Auth-Token", "x-amz-security-token", "Private-Token", "X-Client-Secret", "proxy-password",
            "headers.X-Session-Key",
        ]
    )
    func credentialKeys(key: String) {
        #expect(Redaction.isCredentialKey(key))
        #expect(Redaction.redact([key: "secret-value"]) == [key: .string(Redaction.marker)])
    }

    @Test(
        "other keys are not credentials; the idempotency key identifies a request and is kept",
        arguments: [
            "user", "cookies", "authorized", "x-authorization-hint", "", "Idempotency-Key", "idempotency_key",
            "headers.Idempotency-Key", "X-Request-ID", "token", "key", "-key", "keyboard", "tokens",
        ])
    func ordinaryKeys(key: String) {
        #expect(!Redaction.isCredentialKey(key))
    }

    @Test("private values become the marker at any depth")
    func privateValues() {
        let metadata: Logger.Metadata = [
            "email": .private("ada@example.com"),
            "card": .privateString("4242424242424242"),
            "list": ["visible", .private("hidden")],
            "nested": ["inner": .private(["deep": "hidden"])],
        ]
        let redacted = Redaction.redact(metadata)
        #expect(redacted["email"] == .string(Redaction.marker))
        #expect(redacted["card"] == .string(Redaction.marker))
        #expect(redacted["list"] == ["visible", .string(Redaction.marker)])
        #expect(redacted["nested"] == ["inner": .string(Redaction.marker)])
    }

    @Test("credential headers inside a nested headers dictionary are redacted, other headers kept")
    func nestedHeaders() {
        let metadata: Logger.Metadata = [
            "request": [
                "headers": [
                    "AUTHORIZATION": "Basic dXNlcjpwYXNz",
                    "set-Cookie": ["session=abc", "theme=dark"],
                    "Accept": "application/json",
                ]
            ]
        ]
        let expected: Logger.MetadataValue = [
            "headers": [
                "AUTHORIZATION": .string(Redaction.marker),
                "set-Cookie": .string(Redaction.marker),
                "Accept": "application/json",
            ]
        ]
        #expect(Redaction.redact(metadata)["request"] == expected)
    }

    @Test(
        "bearer tokens in text are replaced whatever the casing of the scheme",
        arguments: [
            ("Bearer abc.def-ghi", "Bearer <private>"),
            ("sent bearer  tok_123== to server", "sent bearer  <private> to server"),
            ("BEARER x, then BeArEr y", "BEARER <private>, then BeArEr <private>"),
            ("token=\"Bearer q/w+e\"", "token=\"Bearer <private>\""),
            ("no secret here", "no secret here"),
            ("bearers are fine", "bearers are fine"),
            ("unbearer x", "unbearer x"),
        ]
    )
    func bearerTokens(text: String, expected: String) {
        #expect(Redaction.redact(text) == expected)
    }

    @Test(
        "the rest of a credential header line in text is replaced",
        arguments: [
            ("Authorization: Basic dXNlcjpwYXNz", "Authorization: <private>"),
            ("headers: Cookie: a=b; c=d\nnext line", "headers: Cookie: <private>\nnext line"),
            ("SET-COOKIE:id=1", "SET-COOKIE:<private>"),
            (#"{"proxy-authorization": "Digest x"}"#, #"{"proxy-authorization": <private>}"#),
            ("the cookie jar is empty", "the cookie jar is empty"),
        ]
    )
    func headerLines(text: String, expected: String) {
        #expect(Redaction.redact(text) == expected)
    }

    @Test(
        "a secret header named in free text is redacted by the metadata keys' name rule",
        arguments: [
            ("request headers:\nX-Api-Key: k-123\nAccept: */*", "request headers:\nX-Api-Key: <private>\nAccept: */*"),
            (
                #"sending ["X-Api-Key": "k-123", "Accept": "application/json"]"#,
                #"sending ["X-Api-Key": <private>, "Accept": "application/json"]"#
            ),
            (
                #"headers ["x-auth-token": "t\"q", "Idempotency-Key": "idem-1"]"#,
                #"headers ["x-auth-token": <private>, "Idempotency-Key": "idem-1"]"#
            ),
            ("GET /v1/feed?api_key=k-123&limit=5", "GET /v1/feed?api_key=<private>&limit=5"),
            ("http.request.header.private_token: abc", "http.request.header.private_token: <private>"),
            (
                "Idempotency-Key: idem-1 stays; monkey: business; key: value",
                "Idempotency-Key: idem-1 stays; monkey: business; key: value"
            ),
        ]
    )
    func namedSecretsInText(text: String, expected: String) {
        #expect(Redaction.redact(text) == expected)
        #expect(Redaction.redact(Logger.Message(stringLiteral: text)).description == expected)
    }

    @Test("described values are checked as the text that will be written")
    func stringConvertible() {
        struct Header: CustomStringConvertible, Sendable {
            var description: String { "Bearer from-description" }
        }
        #expect(Redaction.redact(.stringConvertible(Header())) == .string("Bearer <private>"))
    }

    @Test("messages are redacted, and \\(private:) interpolation never describes the value")
    func messages() {
        #expect(Redaction.redact(Logger.Message("auth Bearer abc")).description == "auth Bearer <private>")
        let email = "ada@example.com"
        let message: Logger.Message = "signed in \(private: email) with \(2) devices"
        #expect(message.description == "signed in <private> with 2 devices")
    }

    @Test("redacting twice changes nothing more")
    func idempotent() {
        let metadata: Logger.Metadata = [
            "Cookie": "a=b", "note": "Bearer abc", "p": .private("x"), "line": "Authorization: Basic y",
        ]
        let once = Redaction.redact(metadata)
        #expect(Redaction.redact(once) == once)
        #expect(once["note"] == "Bearer <private>")
    }

    @Test("text and values without secrets are returned unchanged")
    func untouched() {
        let metadata: Logger.Metadata = ["user": "ada", "items": ["1", "2"], "nested": ["a": "b"], "emoji": "ünï 🎉"]
        #expect(Redaction.redact(metadata) == metadata)
        #expect(Redaction.redact("Bärer 🎉 bearer") == "Bärer 🎉 bearer")
    }
}
