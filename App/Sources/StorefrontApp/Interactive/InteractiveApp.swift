import DesignSystem
import FeatureKit
import Foundation
import TerminalUI

/// The full-screen front end: takes the terminal over (raw mode, the alternate screen), shows `AppShell` until the
/// user quits, and gives the terminal back as it was (also after Ctrl-C, SIGTERM, SIGHUP and crashes: the session's
/// signal handlers restore it).
///
/// Launch never waits for the network or the disk: the first frame shows at once, and the features load behind it
/// (the embedded backend starts, the feed shows its cached posts then refreshes, the cart loads, the server's
/// configuration is fetched). While the app runs, one live event stream (`LiveUpdates`) feeds the entries; it
/// reopens when the account changes and closes when the app ends. Log records go to the log file only; its
/// standard-error fallback is muted while the screen is up.
@MainActor
public final class InteractiveApp {
    private let dependencies: AppDependencies
    private let terminal: Terminal
    private var loads: [Task<Void, Never>] = []

    /// Creates the front end over the graph and the process's terminal.
    public init(dependencies: AppDependencies, terminal: Terminal) {
        self.dependencies = dependencies
        self.terminal = terminal
    }

    /// Runs until the user quits; `route` (a deep link) opens first, parked behind the sign-in screen when it needs
    /// a signed-in user. (The command line checks first that the terminal can address the cursor.)
    ///
    /// - Throws: `TerminalError` when the terminal cannot be taken over.
    public func run(opening route: Route?) async throws {
        let configRoot = dependencies.layout.configRoot
        // The keys of `$XDG_CONFIG_HOME/storefront/keys.json` and the settings of `settings.json`; what is wrong in
        // them (and in theme.json) shows in the status line and goes to the log.
        let keyFile = KeyMapFile.load(
            contentsOf: configRoot.appending(path: KeyMapFile.fileName),
            declarations: Self.keyDeclarations(dependencies))
        let settings = SettingsFile.load(contentsOf: configRoot.appending(path: SettingsFile.fileName))
        let shell = AppShell(dependencies: dependencies, theme: Theme(terminal: terminal), keyMap: keyFile.keyMap)
        if let route {
            dependencies.router.open(route)
        }
        let dependencies = dependencies
        let live = LiveUpdates(
            stream: { dependencies.liveEvents.updates(after: $0) }, entries: { dependencies.entries },
            logger: dependencies.logger.child(label: "storefront.events"))
        dependencies.onScopeChanged = { [weak self, shell, live] _ in
            shell.accountChanged()
            self?.startLoading()
            // The account changed (sign-in or sign-out): the stream reopens with the new account's token.
            live.reopen()
        }
        dependencies.logFallback.setMuted(true)
        defer { dependencies.logFallback.setMuted(false) }
        let capability: ColorCapability? = dependencies.configuration.allowsColor ? nil : ColorCapability.none
        // The colours of `$XDG_CONFIG_HOME/storefront/theme.json`; what is wrong in it shows in the status line.
        let theme = ThemeFile.load(contentsOf: configRoot.appending(path: ThemeFile.fileName))
        let problems = keyFile.problems + settings.problems + theme.problems
        if let summary = ConfigFileProblem.summary(problems) {
            dependencies.notice = AppNotice(summary, isError: true)
            for problem in problems {
                dependencies.logger.warning("configuration file has a problem", metadata: ["problem": "\(problem)"])
            }
        }
        let mouse: MouseReporting = dependencies.configuration.allowsMouse && settings.mouse ? .buttons : .off
        let configuration = TerminalSession.Configuration(
            colorCapability: capability, palette: theme.theme.palette, mouse: mouse)
        try await terminal.withSession(configuration: configuration) { session in
            dependencies.startDrainingOutbox()
            startLoading(startingBackend: true)
            live.open()
            await session.run(shell) { event in
                // The shell leaves only `q` to the run loop: typed, or pressed as a footer's button.
                switch event {
                case .key, .mouse: return .stop
                default: return .keepRunning
                }
            }
        }
        live.close()
        for load in loads { load.cancel() }
        dependencies.onScopeChanged = nil
    }

    /// Every declared key action: the App's own and every entry's screens'.
    static func keyDeclarations(_ dependencies: AppDependencies) -> [KeyDeclaration] {
        let registry = dependencies.registry
        return AppKeys.declarations(shortcuts: registry.shortcuts) + registry.descriptors.flatMap(\.keys)
    }

    // MARK: - Private

    /// Asks the current account's features to load, without waiting for them.
    private func startLoading(startingBackend: Bool = false) {
        let dependencies = dependencies
        let scope = dependencies.scope
        loads.append(
            Task {
                if startingBackend, let backend = dependencies.backend {
                    do {
                        try await backend.start()
                    } catch {
                        dependencies.notice = AppNotice("The built-in server did not start: \(error)", isError: true)
                        if EmbeddedBackend.isDiskFull(error) {
                            dependencies.state.diskFull = "The built-in server cannot start: \(error)."
                        }
                    }
                }
                async let entries: Void = scope.start()
                async let config: Void = dependencies.refreshRemoteConfig()
                _ = await (entries, config)
            })
    }
}
