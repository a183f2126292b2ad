import Foundation
import Logging
import Models
import Persistence

/// The account's order submissions (`checkout_submissions`): at most one is open (pending or unknown), so two
/// processes checking out one account never send two submissions, and an outcome that was never learned survives
/// restarts until a checkout reconciles it with the server.
public protocol CheckoutSubmissionRepository: Sendable {
    /// Claims the account's one open submission, atomically (one write transaction, `BEGIN IMMEDIATE`, which takes
    /// the database's write lock before the first read, so two processes claiming at once run one after the other):
    /// - `clientID` was recorded placed already (a run resumed the draft of a flow another run finished):
    ///   `.alreadyPlaced` with it; nothing changes;
    /// - the open one is unknown, or pending under a process that is gone, or claimed longer ago than the claim
    ///   lifetime: this process takes it over (`.adopted`) and must reconcile it before sending anything;
    /// - pending under a live process: `.heldElsewhere`, with when that claim lapses;
    /// - none open: with a `flow`, the cart must still hold `basis`'s items; when it does not, the latest submission
    ///   with `basis`'s fingerprint recorded placed after `flow.cartReadAfter` is `.alreadyPlaced` (another run
    ///   ordered this cart first), or else `.cartChanged`. Then `clientID` becomes the open submission, pending and
    ///   owned by this process (`.claimed`); a closed row with that id (a submission refused before sign-in) is
    ///   reopened.
    ///
    /// - Throws: `SubmissionStoreError.unavailable` when the store cannot be opened or written.
    func claim(clientID: String, basis: SubmissionBasis, flow: ClaimingFlow?, now: Date)
        async throws(SubmissionStoreError) -> SubmissionClaim

    /// Records `placed`'s submission placed with its order, if it is still open (`pending` or `unknown`; only
    /// `unknown` with `onlyIfUnknown`), and in the same transaction takes the order's items out of the cart and
    /// retires the flow's draft and every draft carrying the submission (`CheckoutDraftRepository.retire`). When
    /// another run recorded it first, the cart is left alone (it already took the items out) and only the flow is
    /// retired. The order being recorded, the cart emptied of it and the draft gone commit together: no run can see
    /// the submission closed while the cart and the draft still offer the same order.
    ///
    /// - Returns: Whether this call recorded it (and took the items out of the cart).
    /// - Throws: `SubmissionStoreError.unavailable`.
    func recordPlaced(_ placed: PlacedOrderRecord, onlyIfUnknown: Bool, now: Date) async throws(SubmissionStoreError)
        -> Bool

    /// The placements recorded so far; a flow reads it right before it reads the cart (see `ClaimingFlow`).
    ///
    /// - Throws: `SubmissionStoreError.unavailable`.
    func placementMark() async throws(SubmissionStoreError) -> PlacementMark

    /// Records where the submission `clientID` stands now: `.failed`, `.abandoned`, or `.unknown` (the claim is
    /// released, the outcome left for the next checkout to reconcile). A placed order is recorded with
    /// `recordPlaced(_:onlyIfUnknown:now:)`, which also empties the cart of it and retires the draft.
    ///
    /// - Throws: `SubmissionStoreError.unavailable`.
    func record(
        _ state: SubmissionState, orderID: OrderID?, clientID: String, now: Date
    ) async throws(SubmissionStoreError)

    /// The submission `clientID`, or nil when there is none.
    ///
    /// - Throws: `SubmissionStoreError.unavailable`.
    func submission(clientID: String) async throws(SubmissionStoreError) -> CheckoutSubmission?

    /// The account's open submission (pending or unknown), or nil.
    ///
    /// - Throws: `SubmissionStoreError.unavailable`.
    func openSubmission() async throws(SubmissionStoreError) -> CheckoutSubmission?
}

extension CheckoutSubmissionRepository {
    /// Claims the open submission for no particular flow: no cart check (see `claim(clientID:basis:flow:now:)`).
    ///
    /// - Throws: `SubmissionStoreError.unavailable`.
    public func claim(clientID: String, basis: SubmissionBasis, now: Date) async throws(SubmissionStoreError)
        -> SubmissionClaim
    {
        try await claim(clientID: clientID, basis: basis, flow: nil, now: now)
    }
}

/// `CheckoutSubmissionRepository` in the account database (see `CheckoutStorage`'s `checkout_3_create_submissions`).
public struct LiveCheckoutSubmissionRepository: CheckoutSubmissionRepository {
    private let database: Database
    private let logger: Logger
    private let processID: Int32
    private let isProcessAlive: @Sendable (Int32) -> Bool
    private let claimLifetime: TimeInterval

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - database: The account database, with `CheckoutStorage.migrations` registered.
    ///   - logger: Receives store failures and take-overs (never addresses or payment fields).
    ///   - processID: This process's id (`ProcessInfo.processInfo.processIdentifier` in the App), recorded as the
    ///     owner of a claim.
    ///   - isProcessAlive: Whether a process id is still running (`ProcessLiveness.isAlive` in the App).
    ///   - claimLifetime: Seconds after which a pending claim counts as abandoned even when its process id is alive
    ///     (ids are reused): the placement's overall deadline and a margin.
    public init(
        database: Database, logger: Logger, processID: Int32, isProcessAlive: @escaping @Sendable (Int32) -> Bool,
        claimLifetime: TimeInterval
    ) {
        self.database = database
        self.logger = logger
        self.processID = processID
        self.isProcessAlive = isProcessAlive
        self.claimLifetime = claimLifetime
    }

    /// See `CheckoutSubmissionRepository.claim(clientID:basis:flow:now:)`.
    public func claim(clientID: String, basis: SubmissionBasis, flow: ClaimingFlow?, now: Date)
        async throws(SubmissionStoreError) -> SubmissionClaim
    {
        let processID = processID
        let isProcessAlive = isProcessAlive
        let lifetime = claimLifetime
        let logger = logger
        do {
            let claim = try await database.transaction { transaction -> SubmissionClaim in
                let named = try Self.fetch(transaction, clientID: clientID)
                if let named, named.state == .placed {
                    return .alreadyPlaced(named)
                }
                if let open = try Self.fetchOpen(transaction) {
                    let expiresAt = open.updatedAt.addingTimeInterval(lifetime)
                    if open.state == .pending, let owner = open.ownerPID, owner != processID, isProcessAlive(owner),
                        now < expiresAt
                    {
                        return .heldElsewhere(open, expiresAt: expiresAt)
                    }
                    try transaction.execute(Self.takeOver, processID, now, open.clientID)
                    return .adopted(open.with(state: .pending, ownerPID: processID, updatedAt: now))
                }
                if let flow {
                    let cart = Cart(lines: try LiveCartRepository.readLines(transaction, logger: logger))
                    if !cart.holds(basis.items.map { (ProductID(rawValue: $0.productID), $0.quantity) }) {
                        if let taken = try Self.fetchPlaced(
                            transaction, fingerprint: basis.fingerprint, after: flow.cartReadAfter)
                        {
                            return .alreadyPlaced(taken)
                        }
                        return .cartChanged
                    }
                }
                return try Self.claimNew(
                    clientID: clientID, reopening: named, basis: basis, processID: processID, now: now, transaction)
            }
            switch claim {
            case .adopted(let taken):
                logger.info(
                    "took over a checkout submission whose outcome is unknown",
                    metadata: ["client_id": "\(taken.clientID)"])
            case .alreadyPlaced(let placed) where placed.clientID != clientID:
                logger.info(
                    "the cart was ordered by another checkout since this one read it",
                    metadata: ["client_id": "\(placed.clientID)", "proposed_client_id": "\(clientID)"])
            case .claimed, .heldElsewhere, .alreadyPlaced, .cartChanged:
                break
            }
            return claim
        } catch {
            throw storeError(error, operation: "claiming the checkout submission")
        }
    }

    /// See `CheckoutSubmissionRepository.recordPlaced(_:onlyIfUnknown:now:)`.
    public func recordPlaced(_ placed: PlacedOrderRecord, onlyIfUnknown: Bool, now: Date)
        async throws(SubmissionStoreError) -> Bool
    {
        let logger = logger
        do {
            return try await database.transaction { transaction in
                try transaction.execute(
                    onlyIfUnknown ? Self.recordPlacedIfUnknown : Self.recordPlacedIfOpen,
                    placed.orderID.rawValue, now, placed.clientID)
                let recorded = transaction.changedRowCount == 1
                if recorded {
                    let ordered = placed.items.map { (ProductID(rawValue: $0.productID), $0.quantity) }
                    _ = try LiveCartRepository.update(in: transaction, logger: logger) { cart in
                        cart.removeOrdered(quantities: ordered)
                    }
                } else if try Self.fetch(transaction, clientID: placed.clientID)?.state != .placed {
                    // Not placed by anyone (another run recorded it failed, or took it over): nothing to retire.
                    return false
                }
                try LiveCheckoutDraftRepository.retire(
                    flowID: placed.flowID, orderID: placed.orderID, clientID: placed.clientID, now: now,
                    in: transaction)
                return recorded
            }
        } catch {
            throw storeError(error, operation: "recording the checkout submission placed")
        }
    }

    /// See `CheckoutSubmissionRepository.placementMark()`.
    public func placementMark() async throws(SubmissionStoreError) -> PlacementMark {
        do {
            let sequence = try await database.read { reader in
                try reader.fetchOne(Int64.self, "SELECT COALESCE(MAX(placed_seq), 0) FROM checkout_submissions") ?? 0
            }
            return PlacementMark(sequence: sequence)
        } catch {
            throw storeError(error, operation: "reading the checkout placements")
        }
    }

    /// See `CheckoutSubmissionRepository.record(_:orderID:clientID:now:)`.
    public func record(
        _ state: SubmissionState, orderID: OrderID?, clientID: String, now: Date
    ) async throws(SubmissionStoreError) {
        do {
            try await database.transaction { transaction in
                try transaction.execute(
                    """
                    UPDATE checkout_submissions
                    SET state = ?, order_id = COALESCE(?, order_id),
                        owner_pid = CASE WHEN ? = 'pending' THEN owner_pid ELSE NULL END, updated_at = ?,
                        placed_seq = CASE WHEN ? = 'placed' AND state <> 'placed'
                            THEN (SELECT COALESCE(MAX(placed_seq), 0) + 1 FROM checkout_submissions)
                            ELSE placed_seq END
                    WHERE client_id = ?
                    """,
                    state.rawValue, orderID?.rawValue, state.rawValue, now, state.rawValue, clientID)
            }
        } catch {
            throw storeError(error, operation: "recording the checkout submission")
        }
    }

    /// See `CheckoutSubmissionRepository.submission(clientID:)`.
    public func submission(clientID: String) async throws(SubmissionStoreError) -> CheckoutSubmission? {
        do {
            return try await database.read { reader in try Self.fetch(reader, clientID: clientID) }
        } catch {
            throw storeError(error, operation: "reading the checkout submission")
        }
    }

    /// See `CheckoutSubmissionRepository.openSubmission()`.
    public func openSubmission() async throws(SubmissionStoreError) -> CheckoutSubmission? {
        do {
            return try await database.read { reader in
                try Self.fetchOpen(reader)
            }
        } catch {
            throw storeError(error, operation: "reading the open checkout submission")
        }
    }

    // MARK: - Private

    private struct StoredRow: Decodable {
        let clientID: String
        let fingerprint: String
        let basis: String
        let state: String
        let orderID: String?
        let ownerPID: Int?
        let createdAt: Date
        let updatedAt: Date

        enum CodingKeys: String, CodingKey {
            case fingerprint, basis, state
            case clientID = "client_id"
            case orderID = "order_id"
            case ownerPID = "owner_pid"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }
    }

    /// Why a stored row cannot be used (a basis or state written by a newer version).
    private struct UnreadableRow: Error, CustomStringConvertible {
        let clientID: String
        let reason: String
        var description: String { "checkout submission \(clientID) cannot be read: \(reason)" }
    }

    /// Records a submission placed (`order_id`, `updated_at`, `client_id`) and numbers the placement, when it is
    /// still open.
    private static let recordPlacedIfOpen: SQL = """
        UPDATE checkout_submissions
        SET state = 'placed', order_id = ?, owner_pid = NULL, updated_at = ?,
            placed_seq = (SELECT COALESCE(MAX(placed_seq), 0) + 1 FROM checkout_submissions)
        WHERE client_id = ? AND state IN ('pending', 'unknown')
        """

    /// `recordPlacedIfOpen` for an `unknown` submission only.
    private static let recordPlacedIfUnknown: SQL = """
        UPDATE checkout_submissions
        SET state = 'placed', order_id = ?, owner_pid = NULL, updated_at = ?,
            placed_seq = (SELECT COALESCE(MAX(placed_seq), 0) + 1 FROM checkout_submissions)
        WHERE client_id = ? AND state = 'unknown'
        """

    /// The latest submission with a fingerprint that was recorded placed after a mark.
    private static let selectPlacedAfter: SQL = """
        SELECT client_id, fingerprint, basis, state, order_id, owner_pid, created_at, updated_at
        FROM checkout_submissions WHERE state = 'placed' AND fingerprint = ? AND placed_seq > ?
        ORDER BY placed_seq DESC LIMIT 1
        """

    /// Makes a submission pending under a new owner.
    private static let takeOver: SQL = """
        UPDATE checkout_submissions SET state = 'pending', owner_pid = ?, updated_at = ? WHERE client_id = ?
        """

    /// The open submission (at most one, by the unique partial index).
    private static let selectOpen: SQL = """
        SELECT client_id, fingerprint, basis, state, order_id, owner_pid, created_at, updated_at
        FROM checkout_submissions WHERE state IN ('pending', 'unknown') LIMIT 1
        """

    /// The submission with a given client id.
    private static let selectByClientID: SQL = """
        SELECT client_id, fingerprint, basis, state, order_id, owner_pid, created_at, updated_at
        FROM checkout_submissions WHERE client_id = ?
        """

    private static func fetchOpen(_ querying: some DatabaseQuerying) throws -> CheckoutSubmission? {
        try querying.fetchAll(StoredRow.self, selectOpen, arguments: []).first.map(submission(from:))
    }

    private static func fetch(_ querying: some DatabaseQuerying, clientID: String) throws -> CheckoutSubmission? {
        try querying.fetchAll(StoredRow.self, selectByClientID, clientID).first.map(submission(from:))
    }

    private static func fetchPlaced(_ querying: some DatabaseQuerying, fingerprint: String, after mark: PlacementMark)
        throws -> CheckoutSubmission?
    {
        try querying.fetchAll(StoredRow.self, selectPlacedAfter, fingerprint, mark.sequence).first
            .map(submission(from:))
    }

    /// Makes `clientID` the open submission, pending under `processID`: reopens its closed row (`reopening`, a
    /// submission refused before), or inserts it.
    private static func claimNew(
        clientID: String, reopening closed: CheckoutSubmission?, basis: SubmissionBasis, processID: Int32, now: Date,
        _ transaction: DatabaseTransaction
    ) throws -> SubmissionClaim {
        if let closed {
            try transaction.execute(takeOver, processID, now, clientID)
            return .claimed(closed.with(state: .pending, ownerPID: processID, updatedAt: now))
        }
        let fingerprint = basis.fingerprint
        try transaction.execute(
            """
            INSERT INTO checkout_submissions
                (client_id, fingerprint, basis, state, order_id, owner_pid, created_at, updated_at)
            VALUES (?, ?, ?, 'pending', NULL, ?, ?, ?)
            """,
            clientID, fingerprint, basis.canonicalJSON, processID, now, now)
        return .claimed(
            CheckoutSubmission(
                clientID: clientID, fingerprint: fingerprint, basis: basis, state: .pending, orderID: nil,
                ownerPID: processID, createdAt: now, updatedAt: now))
    }

    private static func submission(from row: StoredRow) throws -> CheckoutSubmission {
        guard let state = SubmissionState(rawValue: row.state) else {
            throw UnreadableRow(clientID: row.clientID, reason: "unknown state '\(row.state)'")
        }
        let basis: SubmissionBasis
        do {
            basis = try JSONDecoder().decode(SubmissionBasis.self, from: Data(row.basis.utf8))
        } catch {
            throw UnreadableRow(clientID: row.clientID, reason: "the basis does not decode: \(error)")
        }
        return CheckoutSubmission(
            clientID: row.clientID, fingerprint: row.fingerprint, basis: basis, state: state,
            orderID: row.orderID.map(OrderID.init(rawValue:)), ownerPID: row.ownerPID.map { Int32(clamping: $0) },
            createdAt: row.createdAt, updatedAt: row.updatedAt)
    }

    private func storeError(_ error: any Error, operation: String) -> SubmissionStoreError {
        logger.error("\(operation) failed", metadata: ["error": "\(error)"])
        return .unavailable(reason: String(describing: error))
    }
}

extension CheckoutSubmission {
    fileprivate func with(state: SubmissionState, ownerPID: Int32?, updatedAt: Date) -> CheckoutSubmission {
        CheckoutSubmission(
            clientID: clientID, fingerprint: fingerprint, basis: basis, state: state, orderID: orderID,
            ownerPID: ownerPID, createdAt: createdAt, updatedAt: updatedAt)
    }
}
