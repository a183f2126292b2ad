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

    /// Sends the confirmed order: `POST /v1/orders` with the submission id as `Idempotency-Key` and `client_id`.
    /// Only this step writes an order.
    ///
    /// First it claims the account's one open submission (`CheckoutSubmissionRepository.claim`), so two processes
    /// checking out one account never send two submissions:
    /// - the draft's submission was placed already (this flow resumed the draft of a run that finished), or the cart
    ///   no longer holds these lines because another run's order of the same cart was recorded after this flow read
    ///   it: that order is reported (`placementOrigin == .anotherCheckout`) and nothing is sent; when the cart
    ///   changed otherwise, `.cartChanged` and the flow goes back to the cart;
    /// - another live process holds it for the same cart: this flow polls the store (every 100 ms, until that claim
    ///   lapses) and reports the order the other one placed (`placementOrigin == .anotherCheckout`), or takes over
    ///   when the other one's outcome became unknown; for a different cart it fails with `.inProgressElsewhere`;
    /// - an earlier submission's outcome is unknown (a lost answer, a killed process): it asks the server
    ///   (`GET /v1/orders?client_id=`). Found: that order is reported as placed (`placementOrigin ==
    ///   .earlierSubmission`) and leaves the cart as a success would. Not found and nothing changed: the earlier
    ///   submission is sent again with its own key. Not found and something changed: `.earlierOutcomeUnknown` names
    ///   the changes, and only `startOver()` sends a new submission.
    ///
    /// Outcomes of sending: placed (recorded with the ordered quantities taken out of the cart and the saved draft
    /// retired, in one transaction; then `onOrderPlaced` and `onFinished` are called); `409 price_changed` (the
    /// draft takes `details.current_total` and the flow goes back to the review for a new confirmation); `409
    /// out_of_stock` (the products are marked and the flow goes back to the cart); 401 (`onSignInNeeded`, the draft
    /// is kept); a card token the server no longer accepts (it expires after 15 minutes and pays one order: back to
    /// the payment step to enter the card again); a connection failure or timeout (the draft is kept, the submission
    /// recorded as unknown, `retryPlacement()` sends the same submission). Cancelling the task is not a failure: the
    /// state goes back to `.notStarted` and the submission is kept as unknown.
    ///
    /// - Returns: The placement state afterwards (also in `placement`).
    @discardableResult
    public func placeOrder() async -> PlacementState {
        guard stage == .inProgress, step == .placeOrder, placement != .placing, !isBusy else { return placement }
        if case .placed = placement { return placement }
        let proposed: OrderRequest
        switch orderRequest() {
        case .success(let built): proposed = built
        case .failure(let failure):
            placement = .failed(failure)
            return placement
        }
        isBusy = true
        placement = .placing
        let outcome = await claimAndSend(proposed)
        isBusy = false
        await settle(outcome)
        return placement
    }

    /// "Try again" after a connection failure, a timeout or a sign-in: sends the same submission again.
    @discardableResult
    public func retryPlacement() async -> PlacementState {
        guard case .failed(let failure) = placement, failure.canRetry else { return placement }
        placement = .notStarted
        return await placeOrder()
    }

    /// After `.earlierOutcomeUnknown`: records the earlier submission as abandoned (it stays in the store as
    /// evidence; its order may still arrive) and sends this flow's order as a new submission with a new key.
    @discardableResult
    public func startOver() async -> PlacementState {
        guard case .failed(.earlierOutcomeUnknown(let earlier, _)) = placement, !isBusy else { return placement }
        do {
            try await submissions.record(.abandoned, orderID: nil, clientID: earlier, now: currentDate())
        } catch {
            placement = .failed(.submissionUnavailable(error))
            return placement
        }
        logger.warning("started over after a submission with an unknown outcome", metadata: ["client_id": "\(earlier)"])
        if draft.submissionID == nil || draft.submissionID == earlier {
            draft.startSubmission(id: makeIdentifier())
        }
        placement = .notStarted
        return await placeOrder()
    }

    /// What one placement attempt came to, before the flow reacts to it.
    enum PlacementOutcome {
        /// The order exists: `origin` says whose submission created it. Whoever recorded it placed took its items
        /// out of the cart and retired the drafts in that transaction.
        case placed(Order, origin: PlacementOrigin)
        /// The server answered with an error (the submission is recorded accordingly).
        case apiFailure(CheckoutError)
        /// The flow's own decision: nothing (more) was sent.
        case refused(PlacementFailure)
        /// The task was cancelled.
        case cancelled
    }

    /// How often a flow waiting for another process's submission reads the store.
    static let claimPollInterval = Duration.milliseconds(100)

    /// Claims the account's open submission and acts on the claim (see `placeOrder()`).
    func claimAndSend(_ proposed: OrderRequest) async -> PlacementOutcome {
        guard let payment = draft.paymentMethod else { return .refused(.needsConfirmation) }
        let basis = SubmissionBasis(request: proposed, paymentChoice: SubmissionBasis.paymentChoice(of: payment))
        // A claim can change hands a few times (the other process fails, or its claim lapses); each pass either
        // finishes or moves the open submission forward, so a few passes are enough.
        for _ in 0..<4 {
            let claim: SubmissionClaim
            let flow = ClaimingFlow(flowID: draft.flowID, cartReadAfter: cartReadAfter ?? .unknown)
            do {
                claim = try await submissions.claim(
                    clientID: proposed.submissionID, basis: basis, flow: flow, now: currentDate())
            } catch {
                return .refused(.submissionUnavailable(error))
            }
            switch claim {
            case .alreadyPlaced(let placed):
                // Another run ordered this flow's draft or this cart first: report its order, send nothing.
                return await report(placed)
            case .cartChanged:
                return .refused(.cartChanged)
            case .claimed(let submission):
                return await send(proposed, as: submission.clientID)
            case .adopted(let earlier)
            where sentSubmissions.contains(earlier.clientID) && earlier.fingerprint == basis.fingerprint:
                // This flow sent it and learned nothing: the same key and body again get the server's first answer.
                return await send(proposed.resubmitted(as: earlier.clientID), as: earlier.clientID)
            case .adopted(let earlier):
                return await reconcile(earlier, proposed: proposed, basis: basis)
            case .heldElsewhere(let other, let expiresAt):
                guard other.fingerprint == basis.fingerprint else { return .refused(.inProgressElsewhere) }
                switch await waitForOutcome(of: other, until: expiresAt) {
                case .placed(let orderID):
                    return await fetchPlaced(orderID, origin: .anotherCheckout)
                case .changed:
                    continue
                case .cancelled:
                    return .cancelled
                }
            }
        }
        return .refused(.inProgressElsewhere)
    }

    /// The order of `placed`, a submission recorded placed by another run (or by this flow's start, when it found an
    /// earlier submission's order).
    func report(_ placed: CheckoutSubmission) async -> PlacementOutcome {
        guard let orderID = placed.orderID else { return .refused(.inProgressElsewhere) }
        let origin: PlacementOrigin = placed.clientID == earlierSubmissionID ? .earlierSubmission : .anotherCheckout
        return await fetchPlaced(orderID, origin: origin)
    }

    /// Fetches the order `orderID`, which exists, to report it as placed from `origin`.
    func fetchPlaced(_ orderID: OrderID, origin: PlacementOrigin) async -> PlacementOutcome {
        do {
            return .placed(try await orders.order(id: orderID), origin: origin)
        } catch let error as CheckoutError {
            return .apiFailure(error)
        } catch {
            return .cancelled
        }
    }

    /// What became of another process's submission while this flow waited.
    enum OtherOutcome {
        case placed(OrderID)
        /// It is no longer pending under that process (failed, unknown, or the claim lapsed): claim again.
        case changed
        case cancelled
    }

    /// Polls the store until `other` leaves its pending state or its claim lapses at `expiresAt`.
    func waitForOutcome(of other: CheckoutSubmission, until expiresAt: Date) async -> OtherOutcome {
        let seconds = max(expiresAt.timeIntervalSince(currentDate()), 0)
        let interval = Self.claimPollInterval.components
        let intervalSeconds = Double(interval.seconds) + Double(interval.attoseconds) / 1e18
        let polls = Int((seconds / intervalSeconds).rounded(.up)) + 1
        logger.info(
            "another checkout of this account is placing the same order; waiting for it",
            metadata: ["client_id": "\(other.clientID)", "owner_pid": "\(other.ownerPID.map(String.init) ?? "-")"])
        onWaitingForAnotherCheckout?(seconds)
        for _ in 0..<polls {
            do {
                try await clock.sleep(for: Self.claimPollInterval)
            } catch {
                return .cancelled
            }
            guard let now = try? await submissions.submission(clientID: other.clientID) else { continue }
            if now.state == .placed, let orderID = now.orderID { return .placed(orderID) }
            if now.state != .pending || now.ownerPID != other.ownerPID { return .changed }
        }
        return .changed
    }

    /// Sends `request` and records what the answer says about submission `clientID`.
    func send(_ request: OrderRequest, as clientID: String) async -> PlacementOutcome {
        sentSubmissions.insert(clientID)
        do {
            let order = try await orders.placeOrder(request)
            await recordPlaced(order, clientID: clientID)
            return .placed(order, origin: .thisCheckout)
        } catch let error as CheckoutError {
            // Only an answer that says no order was made closes the submission; anything else may have placed it.
            await record(error.mayHavePlacedOrder ? .unknown : .failed, orderID: nil, clientID: clientID)
            return .apiFailure(error)
        } catch is CancellationError {
            await record(.unknown, orderID: nil, clientID: clientID)
            return .cancelled
        } catch {
            await record(.unknown, orderID: nil, clientID: clientID)
            return .apiFailure(.unexpected(String(describing: error)))
        }
    }

    /// Records `order` placed as submission `clientID`, its items out of the cart and this flow's draft retired, in
    /// one transaction; a store that fails is logged (the order exists: that is what the user hears about; the
    /// claim left pending is reconciled by the next checkout).
    func recordPlaced(_ order: Order, clientID: String) async {
        do {
            _ = try await submissions.recordPlaced(
                PlacedOrderRecord(order: order, clientID: clientID, flowID: draft.flowID), onlyIfUnknown: false,
                now: currentDate())
        } catch {
            logger.error(
                "the placed order could not be recorded",
                metadata: ["client_id": "\(clientID)", "order_id": "\(order.id)"])
        }
    }

    /// Records a submission's state; a store that fails is logged (the outcome itself is what the user hears about).
    func record(_ state: SubmissionState, orderID: OrderID?, clientID: String) async {
        do {
            try await submissions.record(state, orderID: orderID, clientID: clientID, now: currentDate())
        } catch {
            logger.error(
                "the submission's outcome could not be recorded",
                metadata: ["client_id": "\(clientID)", "state": "\(state.rawValue)"])
        }
    }

    /// The flow's reaction to `outcome`.
    func settle(_ outcome: PlacementOutcome) async {
        switch outcome {
        case .placed(let order, let origin):
            placementOrigin = origin
            await orderPlaced(order, origin: origin)
        case .apiFailure(let error):
            await placementFailed(error)
        case .refused(.cartChanged):
            // The cart was ordered or changed elsewhere: back to it, with its lines as they are now.
            await cart.load()
            syncLinesFromCart()
            show(.reviewCart)
            placement = .failed(.cartChanged)
            await saveDraft()
        case .refused(let failure):
            placement = .failed(failure)
            await saveDraft()
        case .cancelled:
            placement = .notStarted
        }
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

    private func orderPlaced(_ order: Order, origin: PlacementOrigin) async {
        placement = .placed(order)
        logger.info("order placed", metadata: ["order_id": "\(order.id)", "flow_id": "\(draft.flowID)"])
        finish(.placed(order.id))
        if origin == .anotherCheckout {
            // The run that placed it retired its own flow; this flow ends with the same order.
            await retireSavedDraft(with: order)
        }
        await cart.load()
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
        case .cardInvalid:
            // The saved card token can no longer pay (expired or used): the card must be entered again, which
            // starts a new submission (the server stored nothing for the refused one).
            draft.paymentMethod = nil
            show(.payment)
            placement = .failed(.rejected(error))
        case .submissionReused:
            draft.invalidateSubmission()
            show(.review)
            placement = .failed(.needsConfirmation)
        case let unknown where unknown.mayHavePlacedOrder:
            // Nothing is known about the order (the submission stays unknown): trying again sends the same one.
            placement = .failed(.connection(unknown))
        default:
            placement = .failed(.rejected(error))
        }
        await saveDraft()
    }
}
