import Checkout
import Models

extension CommandRunner {
    /// `storefront cart add ID [--quantity N]`: adds the product (fetched for its current title and price).
    func addToCart() async throws(UsageError) -> ExitCode {
        let quantity = try context.integer("--quantity", in: Cart.quantityRange) ?? 1
        let id = ProductID(rawValue: context.operands[0])
        let scope = context.dependencies.scope
        let product: ProductSummary
        do {
            product = try await scope.stores.search.product(id: id).summary
        } catch {
            return context.fail("product \(id) could not be added", error)
        }
        do {
            let line = try await scope.cart.add(product, quantity: quantity)
            return context.emit(
                ["Added \(quantity) x \(product.title) to the cart (\(line.quantity) in the cart)."],
                json: CartLineOutput(line))
        } catch {
            return context.fail("\(product.title) could not be added to the cart", error)
        }
    }

    /// `storefront cart remove ID`.
    func removeFromCart() async -> ExitCode {
        let id = ProductID(rawValue: context.operands[0])
        do {
            try await context.dependencies.scope.cart.remove(id)
        } catch {
            return context.fail("\(id) could not be removed from the cart", error)
        }
        return context.emit(["Removed \(id) from the cart."], json: ["removed": id.rawValue])
    }

    /// `storefront cart list`: the lines and the subtotal.
    func listCart() async -> ExitCode {
        let cart = context.dependencies.scope.cart
        await cart.load()
        if let error = cart.error {
            return context.fail("the cart could not be read", error)
        }
        let format = context.dependencies.format
        var lines = cart.lines.map { line in
            let total = (try? line.lineTotal()).map(format.money) ?? "?"
            return "\(line.productID)  \(line.quantity) x \(line.title)  \(format.money(line.unitPrice))  \(total)"
        }
        let subtotal = try? cart.cart.subtotal()
        lines.append(
            cart.lines.isEmpty
                ? "The cart is empty."
                : "\(cart.itemCount) items, subtotal \(subtotal.map(format.money) ?? "unknown")")
        return context.emit(lines, json: CartOutput(lines: cart.lines.map(CartLineOutput.init), subtotal: subtotal))
    }
}

/// A cart line as `--json` prints it.
struct CartLineOutput: Encodable {
    let productId: String
    let title: String
    let quantity: Int
    let unitPrice: Money

    init(_ line: CartLine) {
        productId = line.productID.rawValue
        title = line.title
        quantity = line.quantity
        unitPrice = line.unitPrice
    }
}

/// The cart as `--json` prints it.
struct CartOutput: Encodable {
    let lines: [CartLineOutput]
    let subtotal: Money?
}
