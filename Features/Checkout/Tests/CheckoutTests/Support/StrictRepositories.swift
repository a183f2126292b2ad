import Checkout
import Foundation
import Models
import Networking
import TestSupport
import Testing

// Strict test doubles of Checkout's repository protocols: each answers only the calls a test expects (a handler, or
// a call it may hand on to a live repository) and for any other call records an `Issue` naming it and throws
// TestSupport's `UnexpectedCall` (a typed-throws method throws its own error type, with the call in the reason).

/// Returns when `allowed` holds `call`; otherwise records the unexpected call `name` and throws `failure` of its
/// description (the error type of a typed-throws protocol method).
private func requireExpected<Call: Hashable, Failure: Error>(
    _ call: Call, in allowed: Set<Call>, named name: String, _ failure: (String) -> Failure
) throws(Failure) {
    guard allowed.contains(call) else { throw failure("\(recordUnexpectedCall(name))") }
}

/// A `PaymentRepository` that tokenizes only through `tokenizeCard`; without it, every call is unexpected.
struct StrictPaymentRepository: PaymentRepository {
    var tokenizeCard: (@Sendable (CardDetails) async throws -> CardPayment)?

    func tokenizeCard(_ card: CardDetails) async throws -> CardPayment {
        guard let tokenizeCard else { throw recordUnexpectedCall("PaymentRepository.tokenizeCard(_:)") }
        return try await tokenizeCard(card)
    }
}

/// An `OrderRepository` that answers only the calls given a handler.
struct StrictOrderRepository: OrderRepository {
    var placeOrder: (@Sendable (OrderRequest) async throws -> Order)?
    var orders: (@Sendable (String?, Int) async throws -> CursorPage<Order>)?
    var orderByID: (@Sendable (OrderID) async throws -> Order)?
    var orderByClientID: (@Sendable (String) async throws -> Order?)?

    func placeOrder(_ request: OrderRequest) async throws -> Order {
        guard let placeOrder else { throw recordUnexpectedCall("OrderRepository.placeOrder(_:)") }
        return try await placeOrder(request)
    }

    func orders(cursor: String?, limit: Int) async throws -> CursorPage<Order> {
        guard let orders else { throw recordUnexpectedCall("OrderRepository.orders(cursor:limit:)") }
        return try await orders(cursor, limit)
    }

    func order(id: OrderID) async throws -> Order {
        guard let orderByID else { throw recordUnexpectedCall("OrderRepository.order(id: \(id))") }
        return try await orderByID(id)
    }

    func order(clientID: String) async throws -> Order? {
        guard let orderByClientID else { throw recordUnexpectedCall("OrderRepository.order(clientID: \(clientID))") }
        return try await orderByClientID(clientID)
    }
}

/// A `CheckoutSubmissionRepository` that hands the calls in `allowed` on to `base` (the harness's live store) and
/// refuses every other one.
struct StrictSubmissionRepository: CheckoutSubmissionRepository {
    /// The calls a test may make.
    enum Call: Hashable, Sendable {
        case claim, recordPlaced, placementMark, record, submission, openSubmission
    }

    let base: any CheckoutSubmissionRepository
    let allowed: Set<Call>

    private func check(_ call: Call, _ name: String) throws(SubmissionStoreError) {
        try requireExpected(call, in: allowed, named: "CheckoutSubmissionRepository.\(name)") {
            SubmissionStoreError.unavailable(reason: $0)
        }
    }

    func claim(clientID: String, basis: SubmissionBasis, flow: ClaimingFlow?, now: Date)
        async throws(SubmissionStoreError) -> SubmissionClaim
    {
        try check(.claim, "claim(clientID:basis:flow:now:)")
        return try await base.claim(clientID: clientID, basis: basis, flow: flow, now: now)
    }

    func recordPlaced(_ placed: PlacedOrderRecord, onlyIfUnknown: Bool, now: Date) async throws(SubmissionStoreError)
        -> Bool
    {
        try check(.recordPlaced, "recordPlaced(_:onlyIfUnknown:now:)")
        return try await base.recordPlaced(placed, onlyIfUnknown: onlyIfUnknown, now: now)
    }

    func placementMark() async throws(SubmissionStoreError) -> PlacementMark {
        try check(.placementMark, "placementMark()")
        return try await base.placementMark()
    }

    func record(
        _ state: SubmissionState, orderID: OrderID?, clientID: String, now: Date
    ) async throws(SubmissionStoreError) {
        try check(.record, "record(_:orderID:clientID:now:)")
        try await base.record(state, orderID: orderID, clientID: clientID, now: now)
    }

    func submission(clientID: String) async throws(SubmissionStoreError) -> CheckoutSubmission? {
        try check(.submission, "submission(clientID:)")
        return try await base.submission(clientID: clientID)
    }

    func openSubmission() async throws(SubmissionStoreError) -> CheckoutSubmission? {
        try check(.openSubmission, "openSubmission()")
        return try await base.openSubmission()
    }
}

/// A `CartRepository` that hands the calls in `allowed` on to `base` (the harness's live cart) and refuses every
/// other one.
struct StrictCartRepository: CartRepository {
    /// The calls a test may make.
    enum Call: Hashable, Sendable {
        case lines, update
    }

    let base: any CartRepository
    let allowed: Set<Call>

    private func check(_ call: Call, _ name: String) throws(CartError) {
        try requireExpected(call, in: allowed, named: "CartRepository.\(name)") {
            CartError.storeUnavailable(reason: $0)
        }
    }

    func lines() async throws(CartError) -> [CartLine] {
        try check(.lines, "lines()")
        return try await base.lines()
    }

    func update<Value: Sendable>(_ change: @escaping @Sendable (inout Cart) throws(CartError) -> Value)
        async throws(CartError) -> (lines: [CartLine], value: Value)
    {
        try check(.update, "update(_:)")
        return try await base.update(change)
    }
}

/// A `CheckoutDraftRepository` that hands the calls in `allowed` on to `base` (the harness's live drafts) and
/// refuses every other one.
struct StrictDraftRepository: CheckoutDraftRepository {
    /// The calls a test may make.
    enum Call: Hashable, Sendable {
        case save, latest, delete, retire
    }

    let base: any CheckoutDraftRepository
    let allowed: Set<Call>

    private func check(_ call: Call, _ name: String) throws(DraftStoreError) {
        try requireExpected(call, in: allowed, named: "CheckoutDraftRepository.\(name)") {
            DraftStoreError.unavailable(reason: $0)
        }
    }

    func save(_ draft: SavedCheckoutDraft) async throws(DraftStoreError) {
        try check(.save, "save(_:)")
        try await base.save(draft)
    }

    func latest() async throws(DraftStoreError) -> SavedCheckoutDraft? {
        try check(.latest, "latest()")
        return try await base.latest()
    }

    func delete(flowID: String) async throws(DraftStoreError) {
        try check(.delete, "delete(flowID:)")
        try await base.delete(flowID: flowID)
    }

    func retire(flowID: String, orderID: OrderID, clientID: String, now: Date) async throws(DraftStoreError) {
        try check(.retire, "retire(flowID:orderID:clientID:now:)")
        try await base.retire(flowID: flowID, orderID: orderID, clientID: clientID, now: now)
    }
}
