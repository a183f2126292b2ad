import Account
import Checkout
import Logging
import Models
import Persistence

extension AppDependencies {
    /// Routes the account feature's events: the guest cart merges into the account's cart when a sign-in is
    /// accepted; the account-scoped graph is rebuilt and the parked route opens once signed in; the guest's graph
    /// comes back (and screens that need sign-in go) once signed out.
    func wireAccountEvents() {
        account.onSignInAccepted = { [weak self] event in
            await self?.mergeGuestCart(into: event.account)
        }
        account.onSignedIn = { [weak self] event in
            guard let self else { return }
            switchScope(to: event.account)
            router.didSignIn()
            await performParkedLike()
        }
        account.onSignedOut = { [weak self] _ in
            guard let self else { return }
            switchScope(to: .guest)
            parkedLike = nil
            router.didSignOut()
        }
        wireScopeEvents(scope)
    }

    /// Routes one scope's feature events through the router (called for every new scope).
    func wireScopeEvents(_ scope: AccountScope) {
        let router = router
        scope.feed.onOpenPost = { id in router.open(.post(id)) }
        scope.feed.onOpenProduct = { id in router.open(.product(id)) }
        scope.feed.onSignInRequired = { id in router.requireSignIn(thenOpen: .post(id)) }
        scope.search.onOpenProduct = { product in router.open(.product(product.id)) }
        scope.search.onAddToCart = { [weak self] product in
            Task { await self?.addToCart(product) }
        }
    }

    /// Adds one of `product` to the current account's cart and says so on the status line (the Cart tab's badge
    /// follows the cart).
    func addToCart(_ product: ProductSummary) async {
        do {
            let line = try await scope.cart.add(product, quantity: 1)
            notice = AppNotice("Added \(product.title) to the cart (\(line.quantity) in the cart).", isError: false)
        } catch {
            notice = AppNotice("\(product.title) could not be added to the cart: \(error)", isError: true)
        }
    }

    /// Parks a like made while signed out and shows the sign-in screen; the like happens once after sign-in
    /// (leaving the sign-in screen drops it).
    func likeAfterSignIn(_ id: PostID, from route: Route) {
        parkedLike = id
        router.requireSignIn(thenOpen: route)
    }

    /// Likes the post parked by `likeAfterSignIn(_:from:)`, once.
    func performParkedLike() async {
        guard let id = parkedLike else { return }
        parkedLike = nil
        let feed = scope.feed
        if feed.post(withID: id) == nil {
            await feed.loadPost(id)
        }
        if feed.post(withID: id)?.isLiked == false {
            await feed.toggleLike(id)
        }
    }

    /// Moves the guest's cart lines into `account`'s cart (quantities of one product add up, capped at 99) and
    /// empties the guest cart; `lastCartMerge` keeps what the user should hear about.
    func mergeGuestCart(into account: StorageAccount) async {
        let guestCart =
            scope.account == .guest
            ? scope.cart
            : CheckoutFeature(
                repository: stores.stores(for: .guest).cart, logger: logger.child(label: "storefront.checkout"))
        let accountCart = CheckoutFeature(
            repository: stores.stores(for: account).cart, logger: logger.child(label: "storefront.checkout"))
        do {
            let lines = try await guestCart.allLines()
            guard !lines.isEmpty else {
                lastCartMerge = []
                return
            }
            let report = try await accountCart.merge(lines)
            try await guestCart.removeAll()
            lastCartMerge = ["Your cart from before signing in was added to your account's cart."] + report.messages
            logger.info("guest cart merged", metadata: ["lines": "\(lines.count)"])
        } catch {
            lastCartMerge = ["The cart from before signing in could not be added to your account's cart: \(error)"]
            logger.error("guest cart merge failed", metadata: ["error": "\(error)"])
        }
    }
}
