import Foundation
import Logging
import Models
import Networking

// DTOs never leave the data layer: they become domain values here, once.

extension ShippingOption {
    /// The option an entry of the config's `shipping_options` describes; a missing title becomes the id with its
    /// first letter in upper case, a missing delivery time 0 days.
    public init(dto: ShippingOptionDTO) {
        let title = dto.title.flatMap { $0.isEmpty ? nil : $0 } ?? (dto.id.prefix(1).uppercased() + dto.id.dropFirst())
        self.init(id: dto.id, title: title, price: dto.price, days: max(dto.days ?? 0, 0))
    }
}

extension Order {
    /// The order a DTO describes; items that did not decode are logged and left out.
    init(dto: OrderDTO, logger: Logger) {
        for dropped in dto.items.dropped {
            logger.warning(
                "dropped an order item that did not decode",
                metadata: ["order_id": "\(dto.id)", "index": "\(dropped.index)", "reason": "\(dropped.failure)"])
        }
        let items = dto.items.elements.map { item in
            OrderItem(
                productID: item.productId,
                title: item.title ?? item.productId.rawValue,
                quantity: item.quantity,
                unitPrice: item.unitPrice,
                lineTotal: item.lineTotal ?? (try? item.unitPrice * item.quantity) ?? item.unitPrice
            )
        }
        let address = dto.shipping?.address.map {
            ShippingAddress(
                name: $0.name, street: $0.street, city: $0.city, postalCode: $0.postalCode, country: $0.country)
        }
        self.init(
            id: dto.id,
            clientID: dto.clientId ?? "",
            status: OrderStatus(wireValue: dto.status),
            items: items,
            shippingOptionID: dto.shipping?.option ?? "",
            shippingPrice: dto.shipping?.price ?? .zero(dto.total.currency),
            shippingAddress: address,
            paymentSummary: dto.payment.map(Self.paymentSummary),
            total: dto.total,
            placedAt: dto.placedAt
        )
    }

    private static func paymentSummary(_ payment: OrderDTO.Payment) -> String {
        switch payment.method {
        case CardPayment.method:
            CardPayment(token: "", brand: payment.brand ?? "unknown", last4: payment.last4 ?? "????").summary
        case InvoicePayment.method:
            InvoicePayment().summary
        default:
            payment.method.capitalized
        }
    }
}

extension OrderRequestDTO {
    /// The request body for `request`.
    init(_ request: OrderRequest) {
        let address = request.shippingAddress
        self.init(
            clientId: request.submissionID,
            items: request.items.map { Item(productId: $0.productID, quantity: $0.quantity) },
            shippingAddress: Address(
                name: address.name, street: address.street, city: address.city, postalCode: address.postalCode,
                country: address.country),
            shippingOption: request.shippingOptionID,
            payment: request.paymentFields.merging(["method": request.paymentMethod]) { _, method in method },
            expectedTotal: request.expectedTotal
        )
    }
}
