import FeatureKit
import Foundation
import Models

/// The Checkout commands: `cart add|remove|list`, `checkout …` and `orders list|show`, printed as text or `--json`.
@MainActor
struct CheckoutCommands {
    /// `cart add ID [--quantity N]`.
    nonisolated static let cartAdd = CommandSpec(
        ["cart", "add"], operands: ["ID"],
        options: [.init("--quantity", valueName: "N", help: "How many, 1 to 99 (default 1).")],
        help: "Add a product to the cart.", run: handler { try await $0.addToCart() })
    /// `cart remove ID`.
    nonisolated static let cartRemove = CommandSpec(
        ["cart", "remove"], operands: ["ID"], help: "Remove a product from the cart.",
        run: handler { await $0.removeFromCart() })
    /// `cart list`.
    nonisolated static let cartList = CommandSpec(
        ["cart", "list"], help: "Show the cart.", run: handler { await $0.listCart() })
    /// `checkout [options]`.
    nonisolated static let checkoutCommand = CommandSpec(
        ["checkout"], options: checkoutOptions, help: "Order the cart (needs sign-in); --yes confirms without asking.",
        run: handler { try await $0.checkout() })
    /// `orders list`.
    nonisolated static let ordersList = CommandSpec(
        ["orders", "list"], help: "List your orders, newest first (needs sign-in).",
        run: handler { await $0.listOrders() })
    /// `orders show ID`.
    nonisolated static let ordersShow = CommandSpec(
        ["orders", "show"], operands: ["ID"], help: "Show one of your orders (needs sign-in).",
        run: handler { await $0.showOrder() })

    /// The commands, as `storefront --help` lists them.
    nonisolated static let specs: [CommandSpec] = [
        cartAdd, cartRemove, cartList, checkoutCommand, ordersList, ordersShow,
    ]

    /// The handler that runs `body` on the commands of the invocation's entry; a usage error exits 64 (the
    /// commands throw nothing else).
    private nonisolated static func handler(
        _ body: @escaping @MainActor @Sendable (CheckoutCommands) async throws -> ExitCode
    ) -> CommandHandler {
        .on(CheckoutEntry.self) { entry, invocation in
            do {
                return try await body(CheckoutCommands(entry: entry, context: invocation))
            } catch let error as UsageError {
                return invocation.usage(error.message)
            } catch {
                return invocation.fail("\(invocation.spec.name) failed", error)
            }
        }
    }

    /// The checkout command's options.
    nonisolated static let checkoutOptions: [CommandOptions.Option] = [
        .init("--name", valueName: "NAME", help: "Recipient's name."),
        .init("--street", valueName: "STREET", help: "Street and number."),
        .init("--city", valueName: "CITY", help: "City."),
        .init("--postal-code", valueName: "CODE", help: "Postal code."),
        .init("--country", valueName: "CC", help: "ISO 3166-1 alpha-2 country code, such as DE."),
        .init("--shipping", valueName: "OPTION", help: "standard, express or pickup."),
        .init("--payment", valueName: "METHOD", help: "card or invoice."),
        .init("--card-number", valueName: "NUMBER", help: "Card number (with --payment card)."),
        .init("--card-expiry", valueName: "MM/YY", help: "Card expiry (with --payment card)."),
        .init("--card-cvc", valueName: "CVC", help: "Card security code (with --payment card)."),
        .init("--yes", help: "Place the order without asking."),
        .init(
            "--start-over",
            help: "Place a new order although an earlier one's outcome is unknown and the cart or choices changed "
                + "(the earlier order may still arrive)."),
    ]

    let entry: CheckoutEntry
    let context: CommandInvocation

    /// `storefront cart add ID [--quantity N]`: adds the product (fetched for its current title and price).
    func addToCart() async throws(UsageError) -> ExitCode {
        let quantity = try context.integer("--quantity", in: Cart.quantityRange) ?? 1
        let id = ProductID(rawValue: context.firstOperand)
        let product: ProductSummary
        do {
            guard let catalog = entry.catalog else {
                return context.fail("product \(id) could not be added: this app has no catalog to look it up in")
            }
            product = try await catalog.lookUp(id)
        } catch {
            return context.fail("product \(id) could not be added", error)
        }
        do {
            let line = try await entry.cart.add(product, quantity: quantity)
            return context.emit(
                ["Added \(quantity) x \(product.title) to the cart (\(line.quantity) in the cart)."],
                json: CartLineOutput(line))
        } catch {
            return context.fail("\(product.title) could not be added to the cart", error)
        }
    }

    /// `storefront cart remove ID`.
    func removeFromCart() async -> ExitCode {
        let id = ProductID(rawValue: context.firstOperand)
        do {
            try await entry.cart.remove(id)
        } catch {
            return context.fail("\(id) could not be removed from the cart", error)
        }
        return context.emit(["Removed \(id) from the cart."], json: ["removed": id.rawValue])
    }

    /// `storefront cart list`: the lines and the subtotal.
    func listCart() async -> ExitCode {
        let cart = entry.cart
        await cart.load()
        if let error = cart.error {
            return context.fail("the cart could not be read", error)
        }
        let format = entry.format
        var lines = cart.lines.map { line in
            let total = (try? line.lineTotal()).map(format.money) ?? "?"
            return "\(line.productID)  \(line.quantity) x \(line.title)  \(format.money(line.unitPrice))  \(total)"
        }
        let subtotal = try? cart.cart.subtotal()
        lines.append(
            cart.lines.isEmpty
                ? "The cart is empty."
                : "\(cart.itemCount == 1 ? "1 item" : "\(cart.itemCount) items"), subtotal "
                    + (subtotal.map(format.money) ?? "unknown"))
        return context.emit(lines, json: CartOutput(lines: cart.lines.map(CartLineOutput.init), subtotal: subtotal))
    }

    /// `storefront checkout --name … --street … --city … --postal-code … --country … --shipping OPTION
    /// --payment card|invoice [--card-number … --card-expiry … --card-cvc …] [--yes]`: goes through the checkout
    /// flow's steps with the given values, shows the review, and places the order once confirmed (`--yes`, or `y`
    /// at the question on a terminal). A lost answer is retried with the same idempotency key, so the server holds
    /// at most one order; the submission stays on record, and the next `checkout` first asks the server whether it
    /// went through (reporting that order), sends it again with the same key when nothing changed, or needs
    /// `--start-over` (or `y` at the question on a terminal) when something did. Another run placing the same
    /// cart at the same time is waited for and its order reported, and so is the order of a checkout whose draft this
    /// run resumed, or whose order took this cart's lines before this run claimed (`placed_by: another_checkout`).
    func checkout() async throws(UsageError) -> ExitCode {
        let form = try CheckoutForm(context.arguments)
        if let refused = context.requireSignIn(to: "check out") { return refused }
        let coordinator = entry.makeCheckoutCoordinator(shippingOptions: await entry.currentShippingOptions())
        await coordinator.start()
        if let earlier = coordinator.earlierOrder {
            // The earlier submission went through: that is the order this command was run for.
            let left = coordinator.cart.itemCount
            if left > 0 {
                context.errorOutput.write(
                    "\(context.programName): \(left == 1 ? "1 item is" : "\(left) items are") still in the cart; "
                        + "run 'checkout' again to order \(left == 1 ? "it" : "them").\n")
            }
            return report(.placed(earlier), origin: .earlierSubmission)
        }
        if case .offeringResume = coordinator.stage {
            // The options replace the saved draft's values step by step; the evidence of an earlier submission is
            // kept by the submission store, whatever happens to the draft.
            await coordinator.resumeSavedDraft()
            coordinator.edit(.reviewCart)
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
            let message = Self.message(for: error, offered: coordinator.shippingOptions)
            switch error {
            case .invalidAddress:
                // A value given on the command line does not fit: a usage error, like a bad --quantity.
                return context.usage(message)
            case .noShippingOption where !coordinator.shippingOptions.isEmpty:
                return context.usage(message)
            default:
                return context.fail(message, code: "checkout_step")
            }
        } catch let error as PaymentStepError {
            if case .invalidCard = error {
                return context.usage(Self.message(for: error))
            }
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
        coordinator.onWaitingForAnotherCheckout = { [context] seconds in
            context.errorOutput.write(
                "\(context.programName): another checkout of this cart is placing the order; "
                    + "waiting for it (at most \(max(Int(seconds.rounded(.up)), 1)) s)\n")
        }
        var state = await coordinator.placeOrder()
        if case .failed(.earlierOutcomeUnknown) = state, form.startOver || confirmStartOver(state) {
            state = await coordinator.startOver()
        }
        return report(state, origin: coordinator.placementOrigin)
    }

    /// Prints the placement's outcome.
    private func report(_ state: PlacementState, origin: PlacementOrigin) -> ExitCode {
        switch state {
        case .placed(let order):
            let total = entry.format.money(order.total)
            let line =
                switch origin {
                case .thisCheckout: "Order \(order.id) placed: \(total)."
                case .earlierSubmission:
                    "Your earlier order went through: order \(order.id), \(total). Nothing was ordered twice."
                case .anotherCheckout:
                    "Order \(order.id) was already placed by another checkout of this cart: \(total). "
                        + "Nothing was ordered twice."
                }
            return context.emit([line], json: OrderOutput(order, origin: origin))
        case .failed(let failure):
            let code = failure.code
            switch failure {
            case .connection:
                return context.fail(
                    "the order's outcome is unknown: \(failure.message) Run 'checkout' again to find out. (\(code))",
                    code: code)
            case .earlierOutcomeUnknown:
                return context.fail(
                    "the order was not placed: \(failure.message) Run again with --start-over to place it anyway. "
                        + "(\(code))", code: code)
            default:
                return context.fail("the order was not placed: \(failure.message) (\(code))", code: code)
            }
        case .notStarted, .placing:
            return context.fail("the order was not placed: cancelled")
        }
    }

    /// On a terminal (without `--json`), asks whether to start over after an unknown outcome, stating the risk.
    private func confirmStartOver(_ state: PlacementState) -> Bool {
        guard case .failed(let failure) = state, context.isInputTerminal, !context.json else { return false }
        context.output.write(
            failure.message + "\nCheck 'orders list' first if you are unsure. "
                + "Start over and place a new order (the earlier one may still arrive)? [y/N] ")
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        return answer == "y" || answer == "yes"
    }

    /// `storefront orders list`: the signed-in user's latest orders.
    func listOrders() async -> ExitCode {
        if let refused = context.requireSignIn(to: "see your orders") { return refused }
        let format = entry.format
        do {
            let page = try await entry.makeOrderRepository().orders(cursor: nil, limit: 20)
            var lines = page.items.map { order in
                "\(order.id)  \(format.dateTime(order.placedAt))  \(order.status.label)  "
                    + "\(order.itemCount == 1 ? "1 item" : "\(order.itemCount) items")  \(format.money(order.total))"
            }
            if page.items.isEmpty { lines.append("No orders yet.") }
            return context.emit(lines, json: page.items.map { OrderOutput($0) })
        } catch {
            return context.fail("the orders could not be loaded", error)
        }
    }

    /// `storefront orders show ID`: one order of the signed-in user.
    func showOrder() async -> ExitCode {
        if let refused = context.requireSignIn(to: "see your orders") { return refused }
        let id = OrderID(rawValue: context.firstOperand)
        let order: Order
        do {
            order = try await entry.makeOrderRepository().order(id: id)
        } catch {
            return context.fail("order \(id) could not be loaded", error)
        }
        let format = entry.format
        var lines = ["Order \(order.id), \(order.status.label), placed \(format.dateTime(order.placedAt))"]
        lines += order.items.map { "  \($0.quantity) x \($0.title)  \(format.money($0.lineTotal))" }
        lines.append("  shipping (\(order.shippingOptionID))  \(format.money(order.shippingPrice))")
        lines.append("  total  \(format.money(order.total))")
        return context.emit(lines, json: OrderOutput(order))
    }

    // MARK: - Private

    private func reviewLines(_ coordinator: CheckoutCoordinator) -> [String] {
        let format = entry.format
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
}
