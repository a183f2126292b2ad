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
    /// - another live process holds it for the same cart: this flow polls the store (every 100 ms, until that claim
    ///   lapses) and reports the order the other one placed (`placementOrigin == .anotherCheckout`), or takes over
    ///   when the other one's outcome became unknown; for a different cart it fails with `.inProgressElsewhere`;
    /// - an earlier submission's outcome is unknown (a lost answer, a killed process): it asks the server
    ///   (`GET /v1/orders?client_id=`). Found: that order is reported as placed (`placementOrigin ==
    ///   .earlierSubmission`) and leaves the cart as a success would. Not found and nothing changed: the earlier
    ///   submission is sent again with its own key. Not found and something changed: `.earlierOutcomeUnknown` names
    ///   the changes, and only `startOver()` sends a new submission.
    ///
    /// Outcomes of sending: placed (the saved draft is deleted, the ordered quantities leave the cart, `onOrderPlaced`
    /// and `onFinished` are called); `409 price_changed` (the draft takes `details.current_total` and the flow goes
    /// back to the review for a new confirmation); `409 out_of_stock` (the products are marked and the flow goes
    /// back to the cart); 401 (`onSignInNeeded`, the draft is kept); a card token the server no longer accepts (it
    /// expires after 15 minutes and pays one order: back to the payment step to enter the card again); a
    /// connection failure or timeout (the draft is
    /// kept, the submission recorded as unknown, `retryPlacement()` sends the same submission). Cancelling the task
    /// is not a failure: the state goes back to `.notStarted` and the submission is kept as unknown.
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

    /// Asks the server about the account's open submission when no live process holds it: when its order exists,
    /// records it placed, takes its items out of the cart and keeps it in `earlierOrder`. Anything else (not found,
    /// the server unreachable, another run sending it) is left for `placeOrder()`, which knows what this flow orders.
    func findEarlierOrder() async {
        // A pending claim belongs to a run that is sending it (or died doing so): `placeOrder()` handles both.
        guard let open = try? await submissions.openSubmission(), open.state == .unknown else { return }
        guard let order = try? await orders.order(clientID: open.clientID) else { return }
        // Only the run that records it placed takes its items out of the cart (two may start at once).
        guard
            (try? await submissions.recordPlacedIfUnknown(
                clientID: open.clientID, orderID: order.id, now: currentDate()))
                == true
        else { return }
        logger.info(
            "an earlier submission went through",
            metadata: ["client_id": "\(open.clientID)", "order_id": "\(order.id)"])
        earlierOrder = order
        earlierSubmissionID = open.clientID
        await cart.load()
        do {
            try await cart.removeOrdered(Self.lines(of: order, in: cart.lines))
        } catch {
            logger.warning(
                "the earlier order's lines could not be removed from the cart", metadata: ["error": "\(error)"])
        }
    }

    /// The lines of `lines` that `order` ordered, with the ordered quantities (what leaves the cart).
    static func lines(of order: Order, in lines: [CartLine]) -> [CartLine] {
        order.items.compactMap { item in
            lines.first { $0.productID == item.productID }.map { line in
                var taken = line
                taken.quantity = item.quantity
                return taken
            }
        }
    }

    /// What one placement attempt came to, before the flow reacts to it.
    enum PlacementOutcome {
        /// The order exists: `origin` says whose submission created it; `ordered` are the lines to take out of
        /// the cart (none when another process already did).
        case placed(Order, origin: PlacementOrigin, ordered: [CartLine])
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
            do {
                claim = try await submissions.claim(clientID: proposed.submissionID, basis: basis, now: currentDate())
            } catch {
                return .refused(.submissionUnavailable(error))
            }
            switch claim {
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
                    do {
                        let order = try await orders.order(id: orderID)
                        return .placed(order, origin: .anotherCheckout, ordered: [])
                    } catch let error as CheckoutError {
                        return .apiFailure(error)
                    } catch {
                        return .cancelled
                    }
                case .changed:
                    continue
                case .cancelled:
                    return .cancelled
                }
            }
        }
        return .refused(.inProgressElsewhere)
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

    /// Reconciles `earlier`, an adopted submission whose outcome is unknown, with the server.
    func reconcile(_ earlier: CheckoutSubmission, proposed: OrderRequest, basis: SubmissionBasis) async
        -> PlacementOutcome
    {
        let found: Order?
        do {
            if let orderID = earlier.orderID {
                found = try await orders.order(id: orderID)
            } else {
                found = try await orders.order(clientID: earlier.clientID)
            }
        } catch let error as CheckoutError {
            await record(.unknown, orderID: nil, clientID: earlier.clientID)
            return .apiFailure(error)
        } catch {
            await record(.unknown, orderID: nil, clientID: earlier.clientID)
            return .cancelled
        }
        let unchanged = earlier.fingerprint == basis.fingerprint
        if let found {
            logger.info(
                "an earlier submission went through",
                metadata: ["client_id": "\(earlier.clientID)", "order_id": "\(found.id)"])
            await record(.placed, orderID: found.id, clientID: earlier.clientID)
            let ordered = unchanged ? draft.lines : Self.lines(of: found, in: draft.lines)
            return .placed(found, origin: .earlierSubmission, ordered: ordered)
        }
        guard unchanged else {
            await record(.unknown, orderID: nil, clientID: earlier.clientID)
            return .refused(
                .earlierOutcomeUnknown(clientID: earlier.clientID, changes: basis.changes(since: earlier.basis)))
        }
        logger.info("sending an earlier submission again with its key", metadata: ["client_id": "\(earlier.clientID)"])
        draft.startSubmission(id: earlier.clientID)
        return await send(proposed.resubmitted(as: earlier.clientID), as: earlier.clientID)
    }

    /// Sends `request` and records what the answer says about submission `clientID`.
    func send(_ request: OrderRequest, as clientID: String) async -> PlacementOutcome {
        sentSubmissions.insert(clientID)
        do {
            let order = try await orders.placeOrder(request)
            await record(.placed, orderID: order.id, clientID: clientID)
            return .placed(order, origin: .thisCheckout, ordered: draft.lines)
        } catch let error as CheckoutError {
            // Only an answer that says no order was made closes the submission; anything else may have placed it.
            await record(error.isRetryable ? .unknown : .failed, orderID: nil, clientID: clientID)
            return .apiFailure(error)
        } catch is CancellationError {
            await record(.unknown, orderID: nil, clientID: clientID)
            return .cancelled
        } catch {
            await record(.unknown, orderID: nil, clientID: clientID)
            return .apiFailure(.unexpected(String(describing: error)))
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
        case .placed(let order, let origin, let ordered):
            placementOrigin = origin
            await orderPlaced(order, ordered: ordered)
        case .apiFailure(let error):
            await placementFailed(error)
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

    private func orderPlaced(_ order: Order, ordered: [CartLine]) async {
        placement = .placed(order)
        logger.info("order placed", metadata: ["order_id": "\(order.id)", "flow_id": "\(draft.flowID)"])
        finish(.placed(order.id))
        await deleteSavedDraft(flowID: draft.flowID)
        do {
            if !ordered.isEmpty { try await cart.removeOrdered(ordered) }
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
        case let retryable where retryable.isRetryable:
            placement = .failed(.connection(retryable))
        default:
            placement = .failed(.rejected(error))
        }
        await saveDraft()
    }
}
