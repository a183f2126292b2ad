import Logging
import Networking
import NetworkingTestSupport
import TestSupport
import Testing

@testable import Checkout

@Suite("Payment repository", .timeLimit(.minutes(2)))
struct PaymentRepositoryTests {
    private func makeParts() -> (ScriptedTransport, LivePaymentRepository, CapturingLogHandler) {
        let clock = ManualClock()
        let transport = ScriptedTransport(clock: clock)
        let logs = CapturingLogHandler()
        let client = APIClient.testing(
            transport: transport, clock: clock, tokenProvider: InMemoryTokenProvider(token: "t"))
        return (transport, LivePaymentRepository(client: client, logger: Logger(label: "t", handler: logs)), logs)
    }

    private var card: CardDetails {
        get throws {
            try CardDetails.validate(number: "4242 4242 4242 4242", expiry: "04/30", cvc: "123", now: Sample.now).get()
        }
    }

    @Test("the card goes to the tokenization endpoint once; only the token, brand and last four come back")
    func tokenize() async throws {
        let (transport, repository, logs) = makeParts()
        transport.enqueue(try Fixture.response("card_token"))

        let payment = try await repository.tokenizeCard(try card)

        let sent = try #require(transport.requests.first)
        #expect(sent.summary == "POST /v1/payment-methods/card")
        #expect(
            sent.jsonBody
                == .object([
                    "number": .string("4242424242424242"), "exp_month": .integer(4), "exp_year": .integer(2030),
                    "cvc": .string("123"),
                ]))
        #expect(sent.header("Idempotency-Key") == nil)
        #expect(payment.token.hasPrefix("card_tok_"))
        #expect(payment.brand == "visa")
        #expect(payment.last4 == "4242")
        #expect(!logs.text.contains("4242424242424242"))
    }

    @Test(
        "the server's card refusals say which field",
        arguments: [
            (
                "card_invalid", 422,
                CheckoutError.cardInvalid(field: .expiry, message: "The expiry date was not accepted.")
            ),
            ("card_declined", 402, CheckoutError.cardDeclined),
        ])
    func refusals(fixture: String, status: Int, expected: CheckoutError) async throws {
        let (transport, repository, _) = makeParts()
        transport.enqueue(try Fixture.response(fixture, status: status))
        await #expect(throws: expected) { try await repository.tokenizeCard(try card) }
    }

    @Test("card details never print their number or code")
    func detailsDoNotLeak() throws {
        let details = try card
        #expect("\(details)" == "CardDetails(ending in 4242)")
        #expect(String(reflecting: details) == "CardDetails(ending in 4242)")
        var dumped = ""
        dump(details, to: &dumped)
        #expect(!dumped.contains("4242424242424242"))
        #expect(!dumped.contains("123"))
    }
}
