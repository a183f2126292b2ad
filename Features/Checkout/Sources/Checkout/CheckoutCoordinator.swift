import Foundation
import Logging
import Models
import Observation

/// Owns one checkout flow: its `CheckoutDraft`, the order of the six steps, the step view models, saving the draft
/// and placing the order. The App creates one when the user starts checking out, keeps it while the flow runs and
/// releases it on `onFinished`; the draft goes with it. Nothing else holds a draft.
///
/// Drive it from the interactive front end through `screen` (each step's view model and view), or without a
/// terminal: `start()`, set the draft's fields, `advance()` through the steps (the review step's `advance()` is the
/// confirmation that creates the submission), then `placeOrder()`.
///
/// Resumability is explicit: the draft is saved under its flow id after each completed step (and after a failed
/// placement), deleted when the order is placed and when the flow is cancelled, and `start()` offers a saved draft
/// for resuming (`stage == .offeringResume`). A draft that cannot be saved does not stop the flow: `saveError` says
/// so.
@MainActor
@Observable
public final class CheckoutCoordinator {
    /// Where the flow as a whole stands.
    public enum Stage: Hashable, Sendable {
        /// `start()` has not finished.
        case notStarted
        /// A saved draft was found; `resumeSavedDraft()` or `discardSavedDraft()` decides.
        case offeringResume(SavedCheckoutDraft)
        /// The user is going through the steps.
        case inProgress
        /// The flow ended.
        case finished(CheckoutEnd)
    }

    /// Where the flow as a whole stands.
    public private(set) var stage = Stage.notStarted
    /// The flow's draft (replaced by the saved one when the user resumes).
    public private(set) var draft: CheckoutDraft
    /// The current step.
    public private(set) var step = CheckoutStep.reviewCart
    /// Where placing the order stands (the last step).
    public internal(set) var placement = PlacementState.notStarted
    /// Where the placed order came from: this flow's submission, an earlier one whose outcome was unknown, or
    /// another checkout of the same cart running at the same time. Meaningful once `placement` is `.placed`.
    public internal(set) var placementOrigin = PlacementOrigin.thisCheckout
    /// An earlier order of the account whose outcome was unknown and that `start()` found on the server: it is
    /// recorded placed and its items left the cart; the flow tells the user ("Your earlier order went through").
    public internal(set) var earlierOrder: Order?
    /// The submission id `earlierOrder` was placed with.
    @ObservationIgnored var earlierSubmissionID: String?
    /// Why the draft could not be saved or read last time, or nil.
    public private(set) var saveError: DraftStoreError?
    /// Whether an action of the flow (a step change, a tokenization, a placement) is running.
    public internal(set) var isBusy = false
    /// What to show now, with the view model of the current step.
    public private(set) var screen = CheckoutScreen.loading
    /// The shipping options on offer: the config's, without express unless the flag enables it.
    public let shippingOptions: [ShippingOption]

    /// Called with the new order's id once the server created it (before `onFinished`).
    @ObservationIgnored public var onOrderPlaced: (@MainActor (OrderID) -> Void)?
    /// Called once when the flow ends, placed or cancelled: release the coordinator here.
    @ObservationIgnored public var onFinished: (@MainActor (CheckoutEnd) -> Void)?
    /// Called when placing waits for another run of this account that is placing the same cart, with the seconds
    /// until its claim lapses at the latest (a command prints a line; the place-order screen shows its spinner).
    @ObservationIgnored public var onWaitingForAnotherCheckout: (@MainActor (TimeInterval) -> Void)?
    /// Called when the server needs the user to sign in (tokenizing a card, placing the order); the draft is kept,
    /// and after sign-in the same step can be tried again (`retryPlacement()` sends the same submission).
    @ObservationIgnored public var onSignInNeeded: (@MainActor () -> Void)?

    @ObservationIgnored let cart: CartFeature
    @ObservationIgnored let orders: any OrderRepository
    @ObservationIgnored let payments: any PaymentRepository
    @ObservationIgnored let drafts: any CheckoutDraftRepository
    @ObservationIgnored let submissions: any CheckoutSubmissionRepository
    @ObservationIgnored let clock: any Clock<Duration>
    /// The submissions this flow has sent: retrying one of them needs no reconciling first.
    @ObservationIgnored var sentSubmissions: Set<String> = []
    /// The placements recorded before `start()` read the cart: a claim counts a placement of the same order after it
    /// as another run having ordered this cart (nil until read, or when the store could not be read).
    @ObservationIgnored var cartReadAfter: PlacementMark?
    @ObservationIgnored let makeIdentifier: @Sendable () -> String
    @ObservationIgnored let currentDate: @Sendable () -> Date
    @ObservationIgnored let format: DisplayFormat
    @ObservationIgnored let logger: Logger

    /// Creates the flow with a new, empty draft. Nothing is read or sent until `start()`.
    ///
    /// - Parameters:
    ///   - cart: The cart being checked out; the ordered quantities leave it once the order is placed.
    ///   - orders: Places the order (`LiveOrderRepository`).
    ///   - payments: Tokenizes cards (`LivePaymentRepository`).
    ///   - drafts: Saves the draft between steps (`LiveCheckoutDraftRepository`).
    ///   - submissions: The account's order submissions, claimed before anything is sent
    ///     (`LiveCheckoutSubmissionRepository`).
    ///   - clock: Paces the polling while another process holds the account's submission (`ContinuousClock()`).
    ///   - shippingOptions: The config's shipping options, from the App's feature-flag service.
    ///   - isExpressShippingEnabled: The config's `express_shipping` flag; without it the express option is left out.
    ///   - makeIdentifier: Makes flow and submission ids (`{ UUID().uuidString }` in the App); each call must return
    ///     a new id of at most 255 characters.
    ///   - currentDate: The wall clock (`{ Date() }` in the App): card expiry checks and save times.
    ///   - format: How money and dates are written for the user.
    ///   - logger: Receives save failures and outcomes (never addresses or payment fields).
    public init(
        cart: CartFeature,
        orders: any OrderRepository,
        payments: any PaymentRepository,
        drafts: any CheckoutDraftRepository,
        submissions: any CheckoutSubmissionRepository,
        clock: any Clock<Duration>,
        shippingOptions: [ShippingOption],
        isExpressShippingEnabled: Bool,
        makeIdentifier: @escaping @Sendable () -> String,
        currentDate: @escaping @Sendable () -> Date,
        format: DisplayFormat,
        logger: Logger
    ) {
        self.cart = cart
        self.orders = orders
        self.payments = payments
        self.drafts = drafts
        self.submissions = submissions
        self.clock = clock
        self.shippingOptions = ShippingOption.offered(
            shippingOptions, isExpressShippingEnabled: isExpressShippingEnabled)
        self.makeIdentifier = makeIdentifier
        self.currentDate = currentDate
        self.format = format
        self.logger = logger
        self.draft = CheckoutDraft(flowID: makeIdentifier())
    }

    /// The shipping option the draft has chosen, when it is one of those offered.
    public var chosenShippingOption: ShippingOption? {
        shippingOptions.first { $0.id == draft.shippingOptionID }
    }

    /// Reconciles an earlier submission whose outcome is unknown (see `earlierOrder`), loads the cart into the
    /// draft and looks for a saved draft: with one, the flow offers to resume it (`stage == .offeringResume`);
    /// otherwise it starts at the first step. Calling it again does nothing.
    public func start() async {
        guard stage == .notStarted, !isBusy else { return }
        isBusy = true
        defer { isBusy = false }
        await findEarlierOrder()
        // Read before the cart, so any order of these lines recorded after it is one this flow may not repeat.
        cartReadAfter = try? await submissions.placementMark()
        await cart.load()
        syncLinesFromCart()
        do {
            // (A draft whose submission `findEarlierOrder()` found placed went with that record.)
            if let saved = try await drafts.latest() {
                stage = .offeringResume(saved)
                screen = .resumeOffer(makeResumeViewModel(saved))
                return
            }
        } catch {
            saveError = error
        }
        stage = .inProgress
        show(.reviewCart)
    }

    /// Continues the saved draft that `start()` offered, under its own flow id, at the step where it was left: the
    /// same submission id when nothing changed (so placing it again cannot order twice). When the cart changed in
    /// the meantime, the draft takes the cart's lines and the flow goes back to the first step.
    public func resumeSavedDraft() async {
        guard case .offeringResume(let saved) = stage else { return }
        let restored = CheckoutDraft(restoring: saved)
        draft = restored
        syncLinesFromCart()
        var resumeStep = saved.step
        if restored.lines != saved.lines {
            resumeStep = .reviewCart
        } else if resumeStep == .placeOrder, restored.submissionID == nil {
            resumeStep = .review
        }
        stage = .inProgress
        show(resumeStep)
        logger.info("resumed a saved checkout", metadata: ["flow_id": "\(saved.flowID)", "step": "\(resumeStep)"])
    }

    /// Deletes the saved draft that `start()` offered and starts at the first step with the new, empty draft.
    public func discardSavedDraft() async {
        guard case .offeringResume(let saved) = stage else { return }
        stage = .inProgress
        show(.reviewCart)
        await deleteSavedDraft(flowID: saved.flowID)
    }

    /// Checks the current step and moves to the next one, then saves the draft. Confirming the review step
    /// creates the submission id (kept while nothing changes) and moves to placing the order.
    ///
    /// - Throws: `CheckoutStepError` saying what to fix (`.invalidAddress` with one message per field, …); the flow
    ///   stays at the step.
    public func advance() async throws(CheckoutStepError) {
        guard stage == .inProgress else { throw .notAvailable }
        guard !isBusy else { throw .busy }
        guard let next = step.next else { throw .notAvailable }
        if step == .reviewCart {
            syncLinesFromCart()
        }
        if step == .shippingAddress {
            draft.address = draft.address.normalized
        }
        for earlier in CheckoutStep.allCases where earlier <= step {
            try check(earlier)
        }
        if step == .review, draft.submissionID == nil {
            draft.startSubmission(id: makeIdentifier())
        }
        isBusy = true
        defer { isBusy = false }
        show(next)
        await saveDraft()
    }

    /// Goes back one step (nothing happens at the first step or while the order is being placed).
    public func goBack() {
        guard let previous = step.previous else { return }
        edit(previous)
    }

    /// Goes back to an earlier step to change something (from the review, say); later steps are checked again on
    /// the way forward. Nothing happens for a later step or while the order is being placed.
    public func edit(_ earlier: CheckoutStep) {
        guard stage == .inProgress, earlier < step, placement != .placing, !isBusy else { return }
        show(earlier)
    }

    /// Ends the flow without an order: deletes the saved draft and calls `onFinished(.cancelled)`. Nothing happens
    /// while the order is being placed or after the flow ended.
    public func cancel() async {
        guard placement != .placing else { return }
        switch stage {
        case .finished: return
        case .notStarted, .offeringResume, .inProgress: break
        }
        finish(.cancelled)
        await deleteSavedDraft(flowID: draft.flowID)
        onFinished?(.cancelled)
    }

    // MARK: - Internal

    /// Shows `step` with a fresh view model; the placement state starts over unless an order was placed.
    func show(_ newStep: CheckoutStep) {
        step = newStep
        if case .placed = placement {} else { placement = .notStarted }
        screen = makeScreen(for: newStep)
    }

    /// Ends the flow (the events are the caller's to send).
    func finish(_ end: CheckoutEnd) {
        stage = .finished(end)
        screen = .finished(end)
    }

    /// Takes the cart's lines when the cart is loaded and readable.
    func syncLinesFromCart() {
        guard cart.hasLoaded, cart.error == nil else { return }
        draft.replaceLines(cart.lines)
    }

    /// Saves the draft to resume at the current step; a failure is kept in `saveError` and logged.
    func saveDraft() async {
        let snapshot = draft.saved(step: step, at: currentDate())
        do {
            try await drafts.save(snapshot)
            saveError = nil
        } catch {
            saveError = error
        }
    }

    /// Deletes the draft saved for `flowID`; a failure is logged.
    func deleteSavedDraft(flowID: String) async {
        do {
            try await drafts.delete(flowID: flowID)
        } catch {
            saveError = error
        }
    }

    /// Ends this flow's saved draft with `order` (placed by another run): deleted, and not saved again.
    func retireSavedDraft(with order: Order) async {
        do {
            try await drafts.retire(
                flowID: draft.flowID, orderID: order.id, clientID: order.clientID, now: currentDate())
        } catch {
            saveError = error
        }
    }

    /// Throws what keeps `step` from being complete.
    func check(_ step: CheckoutStep) throws(CheckoutStepError) {
        switch step {
        case .reviewCart:
            if let error = cart.error, draft.lines.isEmpty { throw .cartUnavailable(error) }
            guard !draft.lines.isEmpty else { throw .emptyCart }
            let marked = draft.outOfStockLines
            guard marked.isEmpty else { throw .outOfStock(titles: marked.map(\.title)) }
        case .shippingAddress:
            let problems = AddressValidation.problems(in: draft.address)
            guard problems.isEmpty else { throw .invalidAddress(problems) }
        case .shippingOption:
            guard let option = chosenShippingOption else { throw .noShippingOption }
            do {
                _ = try draft.totals(shipping: option)
            } catch {
                throw .totalUnavailable(error.description)
            }
        case .payment:
            guard draft.paymentMethod != nil else { throw .noPaymentMethod }
        case .review, .placeOrder:
            break
        }
    }
}
