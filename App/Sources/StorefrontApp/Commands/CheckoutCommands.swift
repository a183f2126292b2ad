import Checkout
import Foundation
import Models

extension CommandRunner {
    /// `storefront checkout --name … --street … --city … --postal-code … --country … --shipping OPTION
    /// --payment card|invoice [--card-number … --card-expiry … --card-cvc …] [--yes]`: goes through the checkout
    /// flow's steps with the given values, shows the review, and places the order once confirmed (`--yes`, or `y`
    /// at the question on a terminal). A lost answer is retried with the same idempotency key, so the server holds
    /// at most one order.
    func checkout() async throws(UsageError) -> ExitCode {
        let form = try CheckoutForm(context.arguments)
        if let refused = context.requireSignIn(to: "check out") { return refused }
        let dependencies = context.dependencies
        let coordinator = dependencies.makeCheckoutCoordinator(config: await dependencies.flagService.currentConfig())
        await coordinator.start()
        if case .offeringResume = coordinator.stage {
            await coordinator.discardSavedDraft()
        }
        do {
            try await coordinator.advance()
            coordinator.draft.address = form.address
            try await coordinator.advance()
            coordinator.draft.shippingOptionID = form.shipping
            try await coordinator.advance()
            if let card = form.card {
                try await coordinator.useCard(number: card.number, expiry: card.expiry, cvc: card.cvc)
            } else {
                coordinator.useInvoice()
            }
            try await coordinator.advance()
        } catch let error as CheckoutStepError {
            return context.fail(Self.message(for: error, offered: coordinator.shippingOptions))
        } catch let error as PaymentStepError {
            return context.fail(Self.message(for: error))
        } catch {
            return context.fail("the checkout could not go on", error)
        }
        let review = reviewLines(coordinator)
        guard form.confirmed || confirmInteractively(review) else {
            context.errorOutput.write(review.map { $0 + "\n" }.joined())
            return context.fail("the order was not placed: confirm it with --yes")
        }
        do throws(CheckoutStepError) {
            try await coordinator.advance()
        } catch {
            return context.fail(error.message)
        }
        switch await coordinator.placeOrder() {
        case .placed(let order):
            let lines = ["Order \(order.id) placed: \(dependencies.format.money(order.total))."]
            return context.emit(lines, json: OrderOutput(order))
        case .failed(let failure):
            return context.fail("the order was not placed: \(failure.message) (\(Self.code(of: failure)))")
        case .notStarted, .placing:
            return context.fail("the order was not placed: cancelled")
        }
    }

    /// `storefront orders list`: the signed-in user's latest orders.
    func listOrders() async -> ExitCode {
        if let refused = context.requireSignIn(to: "see your orders") { return refused }
        let format = context.dependencies.format
        do {
            let page = try await context.dependencies.makeOrderRepository().orders(cursor: nil, limit: 20)
            var lines = page.items.map { order in
                "\(order.id)  \(format.dateTime(order.placedAt))  \(order.status.label)  "
                    + "\(order.itemCount) items  \(format.money(order.total))"
            }
            if page.items.isEmpty { lines.append("No orders yet.") }
            return context.emit(lines, json: page.items.map(OrderOutput.init))
        } catch {
            return context.fail("the orders could not be loaded", error)
        }
    }

    /// `storefront orders show ID`: one order of the signed-in user.
    func showOrder() async -> ExitCode {
        if let refused = context.requireSignIn(to: "see your orders") { return refused }
        let id = OrderID(rawValue: context.operands[0])
        let order: Order
        do {
            order = try await context.dependencies.makeOrderRepository().order(id: id)
        } catch {
            return context.fail("order \(id) could not be loaded", error)
        }
        let format = context.dependencies.format
        var lines = ["Order \(order.id), \(order.status.label), placed \(format.dateTime(order.placedAt))"]
        lines += order.items.map { "  \($0.quantity) x \($0.title)  \(format.money($0.lineTotal))" }
        lines.append("  shipping (\(order.shippingOptionID))  \(format.money(order.shippingPrice))")
        lines.append("  total  \(format.money(order.total))")
        return context.emit(lines, json: OrderOutput(order))
    }

    // MARK: - Private

    private func reviewLines(_ coordinator: CheckoutCoordinator) -> [String] {
        let format = context.dependencies.format
        var lines = ["Your order:"]
        for line in coordinator.draft.lines {
            let total = (try? line.lineTotal()).map(format.money) ?? "?"
            lines.append("  \(line.quantity) x \(line.title)  \(total)")
        }
        if let option = coordinator.chosenShippingOption,
            let totals = try? OrderTotals(lines: coordinator.draft.lines, shipping: option)
        {
            lines.append("  shipping (\(option.title))  \(format.money(totals.shipping))")
            lines.append("  total  \(format.money(coordinator.draft.quotedTotal ?? totals.total))")
        }
        return lines
    }

    private func confirmInteractively(_ review: [String]) -> Bool {
        guard context.isInputTerminal, !context.json else { return false }
        context.output.write(review.map { $0 + "\n" }.joined() + "Place this order? [y/N] ")
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        return answer == "y" || answer == "yes"
    }

    private static func message(for error: CheckoutStepError, offered: [ShippingOption]) -> String {
        switch error {
        case .invalidAddress(let problems):
            let details = problems.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.label): \($0.value)" }
            return "the address cannot be used: " + details.joined(separator: "; ")
        case .noShippingOption:
            let ids = offered.map(\.id).joined(separator: ", ")
            return "choose a shipping option with --shipping (offered: \(ids.isEmpty ? "none known" : ids))"
        default:
            return error.message
        }
    }

    private static func message(for error: PaymentStepError) -> String {
        switch error {
        case .invalidCard(let problems):
            let details = problems.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.label): \($0.value)" }
            return "the card cannot be used: " + details.joined(separator: "; ")
        case .failed(let error):
            return "the card could not be used: \(ErrorText.describe(error))"
        case .cancelled:
            return "the card was not checked: cancelled"
        }
    }

    private static func code(of failure: PlacementFailure) -> String {
        switch failure {
        case .priceChanged: "price_changed"
        case .outOfStock: "out_of_stock"
        case .signInRequired: "unauthorized"
        case .connection(let error), .rejected(let error): ErrorText.code(of: error)
        case .needsConfirmation: "idempotency_key_reused"
        }
    }
}

/// The checkout command's options, checked before anything is sent.
struct CheckoutForm {
    /// A card as typed.
    struct Card {
        let number: String
        let expiry: String
        let cvc: String
    }

    let address: ShippingAddress
    let shipping: String
    let card: Card?
    let confirmed: Bool

    /// Reads the options.
    ///
    /// - Throws: `UsageError` naming the missing options, or card options that do not fit the payment method.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        let required = ["--name", "--street", "--city", "--postal-code", "--country", "--shipping", "--payment"]
        let missing = required.filter { (arguments.value($0) ?? "").isEmpty }
        guard missing.isEmpty else {
            throw UsageError("'checkout' needs " + missing.joined(separator: ", "))
        }
        func value(_ name: String) -> String { arguments.value(name) ?? "" }
        address = ShippingAddress(
            name: value("--name"), street: value("--street"), city: value("--city"),
            postalCode: value("--postal-code"), country: value("--country"))
        shipping = value("--shipping")
        confirmed = arguments.has("--yes")
        let cardOptions = ["--card-number", "--card-expiry", "--card-cvc"]
        switch value("--payment") {
        case "invoice":
            if let given = cardOptions.first(where: { arguments.value($0) != nil }) {
                throw UsageError("option '\(given)' goes with '--payment card'")
            }
            card = nil
        case "card":
            let missingCard = cardOptions.filter { (arguments.value($0) ?? "").isEmpty }
            guard missingCard.isEmpty else {
                throw UsageError("'--payment card' needs " + missingCard.joined(separator: ", "))
            }
            card = Card(number: value("--card-number"), expiry: value("--card-expiry"), cvc: value("--card-cvc"))
        case let other:
            throw UsageError("invalid payment method '\(other)' (expected card or invoice)")
        }
    }
}

/// An order as `--json` prints it (the API's field names).
struct OrderOutput: Encodable {
    struct Item: Encodable {
        let productId: String
        let title: String
        let quantity: Int
        let unitPrice: Money
    }

    let id: String
    let clientId: String
    let status: String
    let items: [Item]
    let shippingOption: String
    let total: Money
    let placedAt: Date

    init(_ order: Order) {
        id = order.id.rawValue
        clientId = order.clientID
        status = order.status.label.lowercased()
        items = order.items.map {
            Item(productId: $0.productID.rawValue, title: $0.title, quantity: $0.quantity, unitPrice: $0.unitPrice)
        }
        shippingOption = order.shippingOptionID
        total = order.total
        placedAt = order.placedAt
    }
}
