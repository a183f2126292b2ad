import FeatureKit
import Logging
import Models
import Persistence

extension AppDependencies {
    /// Connects the entries to the App: every entry's intents come to `handle(_:)`; the guest cart merges into the
    /// account's cart when a sign-in is accepted; the account-scoped graph is rebuilt and whatever was parked behind
    /// sign-in is delivered once when signed in; the guest's graph comes back (and screens that need sign-in go)
    /// once signed out.
    func wireEntries() {
        for entry in appEntries {
            entry.onIntent = { [weak self] intent in self?.handle(intent) }
        }
        account.localDataCheck = { [weak self] account in
            guard let self, scope.account == account else { return [] }
            var kept: [String] = []
            for entry in scope.entries {
                kept += await entry.localDataSummary()
            }
            return kept
        }
        account.prepareForSignOut = { [weak self] account in
            guard let self, scope.account == account else { return [] }
            var notes: [String] = []
            for entry in scope.entries {
                notes += await entry.prepareForSignOut()
            }
            return notes
        }
        account.onSignInAccepted = { [weak self] event in
            await self?.mergeGuestCart(into: event.account)
        }
        account.onSignedIn = { [weak self] event in
            guard let self else { return }
            switchScope(to: event.account)
            if let parked = router.didSignIn() {
                handle(parked)
            }
        }
        account.onSignedOut = { [weak self] _ in
            guard let self else { return }
            switchScope(to: .guest)
            router.didSignOut()
        }
        wireScopeEntries(scope)
    }

    /// Sends one scope's intents to `handle(_:)` (called for every new scope).
    func wireScopeEntries(_ scope: AccountScope) {
        for entry in scope.entries {
            entry.onIntent = { [weak self] intent in self?.handle(intent) }
        }
    }

    /// The entry named `name`: one that lives as long as the app, or one of the current scope's.
    public func entry(named name: String) -> (any FeatureEntry)? {
        appEntries.first { $0.name == name } ?? scope.entry(named: name)
    }

    /// Every live entry, in registration order: those that live as long as the app and the current scope's.
    public var entries: [any FeatureEntry] {
        let live = appEntries + scope.entries
        return entryTypes.compactMap { type in live.first { $0.name == type.descriptor.name } }
    }

    /// Decides what an entry's intent leads to: the one place features' wishes meet navigation, the sign-in gate
    /// and hand-offs between features.
    public func handle(_ intent: FeatureIntent) {
        switch intent {
        case .open(let route):
            router.open(route)
        case .request(let request):
            guard let resolved = AppEntries.resolve(request) else {
                logger.warning("a request no entry answers was dropped", metadata: ["request": "\(request)"])
                return
            }
            handle(resolved)
        case .needsSignIn(let prompt, let resume):
            if account.current.isSignedIn {
                handle(resume)
            } else {
                router.requireSignIn(prompt: prompt, thenDeliver: resume)
            }
        case .perform(let action):
            guard let entry = entry(named: action.feature) else {
                logger.warning("an action names no registered entry", metadata: ["action": "\(action)"])
                return
            }
            let logger = logger
            Task {
                if await !entry.perform(parked: action) {
                    logger.warning("an action its entry does not know was dropped", metadata: ["action": "\(action)"])
                }
            }
        case .finished(let route, let next):
            if let next, router.currentRoute == route {
                router.replaceTop(with: next)
            } else {
                router.remove(route)
                if let next { router.open(next) }
            }
        case .notice(let text, let isError):
            notice = AppNotice(text, isError: isError)
        }
    }

    /// Moves what the guest kept into `account`'s data, entry by entry (the cart's lines), and keeps what the user
    /// should hear about in `lastCartMerge`.
    func mergeGuestCart(into account: StorageAccount) async {
        let guest = scopes.context(for: .guest)
        let signedIn = scopes.context(for: account)
        var messages: [String] = []
        for type in entryTypes {
            messages += await type.mergeGuestData(from: guest, into: signedIn)
        }
        lastCartMerge = messages
    }
}
