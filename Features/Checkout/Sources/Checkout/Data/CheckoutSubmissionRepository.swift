import Foundation
import Logging
import Models
import Persistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The account's order submissions (`checkout_submissions`): at most one is open (pending or unknown), so two
/// processes checking out one account never send two submissions, and an outcome that was never learned survives
/// restarts until a checkout reconciles it with the server.
public protocol CheckoutSubmissionRepository: Sendable {
    /// Claims the account's one open submission, atomically (one write transaction, `BEGIN IMMEDIATE`):
    /// - none open: `clientID` becomes the open submission, pending and owned by this process (`.claimed`); a closed
    ///   row with that id (a submission refused before sign-in) is reopened;
    /// - the open one is unknown, or pending under a process that is gone, or claimed longer ago than the claim
    ///   lifetime: this process takes it over (`.adopted`) and must reconcile it before sending anything;
    /// - pending under a live process: `.heldElsewhere`, with when that claim lapses.
    ///
    /// - Throws: `SubmissionStoreError.unavailable` when the store cannot be opened or written.
    func claim(clientID: String, basis: SubmissionBasis, now: Date) async throws(SubmissionStoreError)
        -> SubmissionClaim

    /// Records where the submission `clientID` stands now: `.placed` with the order, `.failed`, `.abandoned`, or
    /// `.unknown` (the claim is released, the outcome left for the next checkout to reconcile).
    ///
    /// - Throws: `SubmissionStoreError.unavailable`.
    func record(
        _ state: SubmissionState, orderID: OrderID?, clientID: String, now: Date
    ) async throws(SubmissionStoreError)

    /// Records the submission `clientID` placed with `orderID` if it is still `unknown`, in one transaction.
    ///
    /// - Returns: Whether this call changed it (false when another run recorded or took it first).
    /// - Throws: `SubmissionStoreError.unavailable`.
    func recordPlacedIfUnknown(clientID: String, orderID: OrderID, now: Date) async throws(SubmissionStoreError) -> Bool

    /// The submission `clientID`, or nil when there is none.
    ///
    /// - Throws: `SubmissionStoreError.unavailable`.
    func submission(clientID: String) async throws(SubmissionStoreError) -> CheckoutSubmission?

    /// The account's open submission (pending or unknown), or nil.
    ///
    /// - Throws: `SubmissionStoreError.unavailable`.
    func openSubmission() async throws(SubmissionStoreError) -> CheckoutSubmission?
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

    /// See `CheckoutSubmissionRepository.claim(clientID:basis:now:)`.
    public func claim(clientID: String, basis: SubmissionBasis, now: Date) async throws(SubmissionStoreError)
        -> SubmissionClaim
    {
        let processID = processID
        let isProcessAlive = isProcessAlive
        let lifetime = claimLifetime
        let fingerprint = basis.fingerprint
        let basisJSON = basis.canonicalJSON
        do {
            let claim = try await database.transaction { transaction -> SubmissionClaim in
                if let open = try Self.fetchOpen(transaction) {
                    let expiresAt = open.updatedAt.addingTimeInterval(lifetime)
                    if open.state == .pending, let owner = open.ownerPID, owner != processID, isProcessAlive(owner),
                        now < expiresAt
                    {
                        return .heldElsewhere(open, expiresAt: expiresAt)
                    }
                    try transaction.execute(
                        Self.takeOver,
                        processID, now, open.clientID)
                    return .adopted(open.with(state: .pending, ownerPID: processID, updatedAt: now))
                }
                if let closed = try Self.fetch(transaction, clientID: clientID) {
                    try transaction.execute(
                        Self.takeOver,
                        processID, now, clientID)
                    let reopened = closed.with(state: .pending, ownerPID: processID, updatedAt: now)
                    // A placed submission's order exists: reconciling reports it instead of sending it again.
                    return closed.state == .placed ? .adopted(reopened) : .claimed(reopened)
                }
                try transaction.execute(
                    """
                    INSERT INTO checkout_submissions
                        (client_id, fingerprint, basis, state, order_id, owner_pid, created_at, updated_at)
                    VALUES (?, ?, ?, 'pending', NULL, ?, ?, ?)
                    """,
                    clientID, fingerprint, basisJSON, processID, now, now)
                return .claimed(
                    CheckoutSubmission(
                        clientID: clientID, fingerprint: fingerprint, basis: basis, state: .pending, orderID: nil,
                        ownerPID: processID, createdAt: now, updatedAt: now))
            }
            if case .adopted(let taken) = claim {
                logger.info(
                    "took over a checkout submission whose outcome is unknown",
                    metadata: ["client_id": "\(taken.clientID)"])
            }
            return claim
        } catch {
            throw storeError(error, operation: "claiming the checkout submission")
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
                        owner_pid = CASE WHEN ? = 'pending' THEN owner_pid ELSE NULL END, updated_at = ?
                    WHERE client_id = ?
                    """,
                    state.rawValue, orderID?.rawValue, state.rawValue, now, clientID)
            }
        } catch {
            throw storeError(error, operation: "recording the checkout submission")
        }
    }

    /// See `CheckoutSubmissionRepository.recordPlacedIfUnknown(clientID:orderID:now:)`.
    public func recordPlacedIfUnknown(clientID: String, orderID: OrderID, now: Date) async throws(SubmissionStoreError)
        -> Bool
    {
        do {
            return try await database.transaction { transaction in
                try transaction.execute(
                    """
                    UPDATE checkout_submissions SET state = 'placed', order_id = ?, owner_pid = NULL, updated_at = ?
                    WHERE client_id = ? AND state = 'unknown'
                    """,
                    orderID.rawValue, now, clientID)
                return transaction.changedRowCount == 1
            }
        } catch {
            throw storeError(error, operation: "recording the checkout submission placed")
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

/// Whether a process id is running on this machine, for telling a claim of a live process from one a killed
/// process left.
public enum ProcessLiveness {
    /// True when `pid` names a running process (`kill(pid, 0)` succeeds, or fails with `EPERM`: it exists but
    /// belongs to another user; POSIX.1-2017 `kill`). A zombie counts as running until it is reaped.
    public static func isAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        if kill(pid, 0) == 0 { return true }
        return errno == EPERM
    }
}
