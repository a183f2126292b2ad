import Logging
import Networking

/// Exchanges card details for a payment token at the server's tokenization endpoint.
public protocol PaymentRepository: Sendable {
    /// Sends `POST /v1/payment-methods/card` and returns what may be kept: the token, brand and last four digits.
    ///
    /// - Throws: `CheckoutError.cardInvalid`, `.cardDeclined`, `.signInRequired`, `.offline`, `.timedOut`,
    ///   `.serverUnavailable`, `.unexpected`; `CancellationError`.
    func tokenizeCard(_ card: CardDetails) async throws -> CardPayment
}

/// `PaymentRepository` over the API.
public struct LivePaymentRepository: PaymentRepository {
    private let client: APIClient
    private let logger: Logger

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - client: The API client.
    ///   - logger: Receives failures; never the card number or CVC.
    public init(client: APIClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// See `PaymentRepository.tokenizeCard(_:)`.
    public func tokenizeCard(_ card: CardDetails) async throws -> CardPayment {
        let body = CardTokenRequestDTO(
            number: card.number, expMonth: card.expiryMonth, expYear: card.expiryYear, cvc: card.cvc)
        do {
            let dto = try await client.send(.tokenizeCard(body))
            guard !dto.token.isEmpty else { throw CheckoutError.unexpected("the card token is empty") }
            return CardPayment(token: dto.token, brand: dto.brand ?? "unknown", last4: dto.last4 ?? card.last4)
        } catch let error as CheckoutError {
            throw error
        } catch {
            throw APIErrorMapping.checkoutError(from: error, logger: logger, operation: "tokenizing a card")
        }
    }
}
