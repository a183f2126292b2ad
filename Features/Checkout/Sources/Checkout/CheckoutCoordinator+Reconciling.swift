import Foundation
import Models

extension CheckoutCoordinator {
    /// Asks the server about the account's open submission when no live process holds it: when its order exists,
    /// records it placed, takes its items out of the cart and keeps it in `earlierOrder`. Anything else (not found,
    /// the server unreachable, another run sending it) is left for `placeOrder()`, which knows what this flow orders.
    func findEarlierOrder() async {
        // A pending claim belongs to a run that is sending it (or died doing so): `placeOrder()` handles both.
        guard let open = try? await submissions.openSubmission(), open.state == .unknown else { return }
        guard let order = try? await orders.order(clientID: open.clientID) else { return }
        // Only the run that records it placed takes its items out of the cart (two may start at once); its drafts
        // go in the same transaction.
        let record = PlacedOrderRecord(order: order, clientID: open.clientID, flowID: nil)
        guard (try? await submissions.recordPlaced(record, onlyIfUnknown: true, now: currentDate())) == true else {
            return
        }
        logger.info(
            "an earlier submission went through",
            metadata: ["client_id": "\(open.clientID)", "order_id": "\(order.id)"])
        earlierOrder = order
        earlierSubmissionID = open.clientID
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
            await recordPlaced(found, clientID: earlier.clientID)
            return .placed(found, origin: .earlierSubmission)
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
}
