import Foundation
import Models

extension CheckoutCoordinator {
    /// Checks the card form locally (Luhn, expiry, CVC) and, when it is valid, has the server tokenize it; the draft
    /// then pays with the returned `CardPayment` (token, brand, last four digits). The number and CVC are not kept.
    ///
    /// - Throws: `PaymentStepError.invalidCard` (nothing was sent), `.failed` with the server's answer
    ///   (`.signInRequired` also calls `onSignInNeeded`), `.cancelled` when the task was cancelled.
    public func useCard(number: String, expiry: String, cvc: String) async throws(PaymentStepError) {
        guard stage == .inProgress, step == .payment, !isBusy else {
            throw .failed(.rejected(code: "not_available", message: "the payment step is not active"))
        }
        let card: CardDetails
        switch CardDetails.validate(number: number, expiry: expiry, cvc: cvc, now: currentDate()) {
        case .failure(let error): throw .invalidCard(error.problems)
        case .success(let valid): card = valid
        }
        isBusy = true
        defer { isBusy = false }
        do {
            draft.paymentMethod = try await payments.tokenizeCard(card)
        } catch let error as CheckoutError {
            if error == .signInRequired { onSignInNeeded?() }
            throw .failed(error)
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .failed(.unexpected(String(describing: error)))
        }
    }

    /// Chooses to pay by invoice.
    public func useInvoice() {
        guard stage == .inProgress, step == .payment else { return }
        draft.paymentMethod = InvoicePayment()
    }

    /// Sends the confirmed order: `POST /v1/orders` with the draft's submission id as `Idempotency-Key` and
    /// `client_id`. Only this step writes an order.
    ///
    /// Outcomes: placed (the saved draft is deleted, the ordered quantities leave the cart, `onOrderPlaced` and
    /// `onFinished` are called); `409 price_changed` (the draft takes `details.current_total` and the flow goes
    /// back to the review for a new confirmation); `409 out_of_stock` (the products are marked and the flow goes
    /// back to the cart); 401 (`onSignInNeeded`, the draft is kept); a connection failure or timeout (the draft is
    /// kept, `retryPlacement()` sends the same submission). Cancelling the task is not a failure: the state goes back
    /// to `.notStarted` and the submission is kept.
    ///
    /// - Returns: The placement state afterwards (also in `placement`).
    @discardableResult
    public func placeOrder() async -> PlacementState {
        guard stage == .inProgress, step == .placeOrder, placement != .placing, !isBusy else { return placement }
        if case .placed = placement { return placement }
        let request: OrderRequest
        switch orderRequest() {
        case .success(let built): request = built
        case .failure(let failure):
            placement = .failed(failure)
            return placement
        }
        isBusy = true
        placement = .placing
        let outcome: Result<Order, any Error>
        do {
            outcome = .success(try await orders.placeOrder(request))
        } catch {
            outcome = .failure(error)
        }
        isBusy = false
        switch outcome {
        case .success(let order):
            await orderPlaced(order)
        case .failure(let error as CheckoutError):
            await placementFailed(error)
        case .failure(let error) where error is CancellationError:
            placement = .notStarted
        case .failure(let error):
            await placementFailed(.unexpected(String(describing: error)))
        }
        return placement
    }

    /// "Try again" after a connection failure, a timeout or a sign-in: sends the same submission again.
    @discardableResult
    public func retryPlacement() async -> PlacementState {
        guard case .failed(let failure) = placement, failure.canRetry else { return placement }
        placement = .notStarted
        return await placeOrder()
    }

    // MARK: - Private

    /// The request for the draft's submission, or why there is none.
    private func orderRequest() -> Result<OrderRequest, PlacementFailure> {
        guard let submissionID = draft.submissionID else { return .failure(.needsConfirmation) }
        guard let option = chosenShippingOption, let payment = draft.paymentMethod else {
            return .failure(.needsConfirmation)
        }
        let expectedTotal: Money
        do {
            expectedTotal = try draft.expectedTotal(shipping: option)
        } catch {
            return .failure(.rejected(.unexpected(error.description)))
        }
        return .success(
            OrderRequest(
                submissionID: submissionID,
                items: draft.lines.map { OrderRequest.Item(productID: $0.productID, quantity: $0.quantity) },
                shippingAddress: draft.address.normalized,
                shippingOptionID: option.id,
                payment: payment,
                expectedTotal: expectedTotal
            ))
    }

    private func orderPlaced(_ order: Order) async {
        placement = .placed(order)
        logger.info("order placed", metadata: ["order_id": "\(order.id)", "flow_id": "\(draft.flowID)"])
        finish(.placed(order.id))
        await deleteSavedDraft(flowID: draft.flowID)
        do {
            try await cart.removeOrdered(draft.lines)
        } catch {
            logger.warning("the ordered lines could not be removed from the cart", metadata: ["error": "\(error)"])
        }
        onOrderPlaced?(order.id)
        onFinished?(.placed(order.id))
    }

    private func placementFailed(_ error: CheckoutError) async {
        switch error {
        case .priceChanged(let currentTotal):
            let previous = chosenShippingOption.flatMap { try? draft.expectedTotal(shipping: $0) }
            draft.applyPriceChange(currentTotal: currentTotal)
            show(.review)
            placement = .failed(.priceChanged(previous: previous, current: currentTotal))
        case .outOfStock(let productIDs):
            draft.markOutOfStock(productIDs)
            show(.reviewCart)
            placement = .failed(.outOfStock(productIDs: productIDs))
        case .signInRequired:
            placement = .failed(.signInRequired)
            onSignInNeeded?()
        case .submissionReused:
            draft.invalidateSubmission()
            show(.review)
            placement = .failed(.needsConfirmation)
        case let retryable where retryable.isRetryable:
            placement = .failed(.connection(retryable))
        default:
            placement = .failed(.rejected(error))
        }
        await saveDraft()
    }
}
