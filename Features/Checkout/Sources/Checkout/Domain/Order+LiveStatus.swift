import Foundation
import Models

extension Order {
    /// A copy with `status`: how an `order.status` live event changes an order shown.
    public func settingStatus(_ status: OrderStatus) -> Order {
        Order(
            id: id, clientID: clientID, status: status, items: items, shippingOptionID: shippingOptionID,
            shippingPrice: shippingPrice, shippingAddress: shippingAddress, paymentSummary: paymentSummary,
            total: total, placedAt: placedAt)
    }
}

/// The data of an `order.status` live event (`OrderStatusChange` of the API contract): an order of the signed-in
/// user changed status, or was placed.
struct OrderStatusChangeDTO: Decodable, Sendable, Equatable {
    let orderID: OrderID
    let status: String
    let changedAt: Date

    /// Keys as the shared decoder presents them (`order_id` becomes `orderId`).
    private enum CodingKeys: String, CodingKey {
        case orderID = "orderId"
        case status, changedAt
    }
}
