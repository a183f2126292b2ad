import DesignSystem
import FeatureKit
import Foundation
import TerminalUI

/// What a feature's preview executable shows: the feature's screens, each in the states that apply to it (loading,
/// empty, error, loaded, long content), every one built over preview data with no server and no other feature.
///
/// The menu lists the states as `Screen/State` paths (`Cart/loaded`), in catalog order; `--list` prints them and
/// `--open` takes one (`PreviewHost`).
public struct PreviewCatalog: Sendable {
    /// The feature's name as its menu shows it (`Checkout`).
    public let feature: String
    /// The screens, in menu order.
    public let screens: [PreviewScreen]

    /// Creates a catalog.
    public init(feature: String, screens: [PreviewScreen]) {
        self.feature = feature
        self.screens = screens
    }

    /// Every state of every screen with its path (`Cart/loaded`), in menu order.
    public var entries: [PreviewEntry] {
        screens.flatMap { screen in screen.states.map { PreviewEntry(screen: screen, state: $0) } }
    }

    /// The entry of `path` (`Screen/State`, as `--list` prints it), or nil when there is none.
    public func entry(at path: String) -> PreviewEntry? {
        entries.first { $0.path == path }
    }

    /// The route patterns of `patterns` that no screen of the catalog shows: empty when the preview covers every
    /// screen an entry declares (its `Destination.patterns`).
    public func uncoveredRoutes(of patterns: [RoutePattern]) -> [RoutePattern] {
        let covered = Set(screens.flatMap(\.routes))
        return patterns.filter { !covered.contains($0) }
    }
}

/// One screen of a feature in the preview's menu, with its states.
public struct PreviewScreen: Sendable {
    /// The screen's name in the menu and in paths (`Cart`, `Checkout step 2`); no `/`.
    public let title: String
    /// The entry's route patterns whose screen this is (a step of a flow shares its flow's pattern); empty for a
    /// part of a screen that no route opens alone.
    public let routes: [RoutePattern]
    /// The states it is shown in, in menu order.
    public let states: [PreviewState]

    /// Creates a screen.
    public init(_ title: String, routes: [RoutePattern], states: [PreviewState]) {
        self.title = title
        self.routes = routes
        self.states = states
    }
}

/// One state of a screen (`loaded`, `empty`, `offline`): how to build the view that shows it.
public struct PreviewState: Sendable {
    /// The state's name in the menu and in paths (`loaded`); no `/`.
    public let title: String
    /// Builds the view over preview data: the screen's view model and view, as the feature's entry builds them, over
    /// preview repositories in that state. It may wait for preview data to be written (an in-memory database); a
    /// thrown error is shown instead of the screen.
    public let make: @MainActor @Sendable (PreviewEnvironment) async throws -> any TerminalView

    /// Creates a state.
    public init(
        _ title: String, make: @escaping @MainActor @Sendable (PreviewEnvironment) async throws -> any TerminalView
    ) {
        self.title = title
        self.make = make
    }
}

/// A state with the screen it belongs to, as the menu lists it.
public struct PreviewEntry: Sendable {
    /// The screen.
    public let screen: PreviewScreen
    /// The state.
    public let state: PreviewState

    /// `Screen/State`: what `--list` prints and `--open` takes.
    public var path: String { "\(screen.title)/\(state.title)" }
}

/// What a state's view is built with.
public struct PreviewEnvironment: Sendable {
    /// The theme of the terminal the view is drawn on.
    public let theme: Theme
    /// The wall clock every preview reads: one fixed instant, so relative times ("2 days ago") and dates show the
    /// same on every run.
    public let now: Date
    /// Says what the screen asked of the rest of the app (open another screen, sign in, a notice): the host shows it
    /// on its status line, where the app would navigate.
    public let report: @MainActor @Sendable (String) -> Void
    /// The folder the state's files go in (a lists folder, storage roots): one per host, removed when the host is
    /// done (`PreviewHostView.removeFiles()`).
    public let filesRoot: URL

    /// Creates an environment.
    public init(
        theme: Theme, now: Date, filesRoot: URL, report: @escaping @MainActor @Sendable (String) -> Void
    ) {
        self.theme = theme
        self.now = now
        self.filesRoot = filesRoot
        self.report = report
    }

    /// A new, empty directory under `filesRoot` for one state's files (`<prefix>-<UUID>`).
    ///
    /// - Throws: What creating the directory throws (`CocoaError` from `FileManager`).
    public func makeDirectory(_ prefix: String) throws -> URL {
        let url = filesRoot.appending(path: "\(prefix)-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The instant previews stand at: 2026-01-15 00:00:00 UTC (the snapshot tests' `Sample.now`).
    public static let fixedNow = Date(timeIntervalSince1970: 1_768_435_200)
}

/// Helpers for preview repositories.
public enum PreviewData {
    /// Never returns: waits until its task is cancelled, then throws `CancellationError`. What a preview repository
    /// answers for the loading state (the request that is still on its way).
    ///
    /// - Throws: `CancellationError` once the task is cancelled (the screen went away).
    public static func pending<Value>() async throws -> Value {
        while true {
            try await Task.sleep(for: .seconds(3600))
        }
    }
}
