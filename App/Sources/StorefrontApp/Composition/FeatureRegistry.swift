import FeatureKit
import Persistence

/// What every registered entry declared, checked to fit together: one owner per route pattern and per command, one
/// declaration per flag, one migration group per table prefix, one tab per key and one entry per shortcut key. The
/// App reads routes, commands, flags, migrations, tabs, shortcuts and live events from here and never from a
/// feature's insides.
public struct FeatureRegistry: Sendable {
    /// The descriptors, in registration order (help lists commands in this order).
    public let descriptors: [FeatureDescriptor]

    /// Checks `descriptors` and keeps them.
    ///
    /// - Throws: `LaunchError` naming the clash when two entries share a name, a route pattern (screen and number
    ///   of ids), a command or a flag, when one command's words begin another's (`login` and `login list`), when
    ///   their migrations' table prefixes overlap, when two tabs share a key or a tab's first screen is not its
    ///   entry's, when a shortcut's key is taken (by another shortcut or one of the app's own keys), or when no entry
    ///   declares a tab.
    public init(_ descriptors: [FeatureDescriptor]) throws(LaunchError) {
        var names: Set<String> = []
        var patterns: [String: String] = [:]
        var commands: [String: String] = [:]
        var flags: [String: String] = [:]
        for descriptor in descriptors {
            guard names.insert(descriptor.name).inserted else {
                throw LaunchError("two feature entries are named '\(descriptor.name)'")
            }
            for pattern in descriptor.routes {
                guard pattern.feature == descriptor.name else {
                    throw LaunchError(
                        "entry '\(descriptor.name)' registers \(pattern.linkTemplate) for '\(pattern.feature)'")
                }
                let key = "\(pattern.screen)/\(pattern.idNames.count)"
                if let owner = patterns.updateValue(descriptor.name, forKey: key) {
                    throw LaunchError(
                        "\(pattern.linkTemplate) is registered by both '\(owner)' and '\(descriptor.name)'")
                }
            }
            for command in descriptor.commands {
                if let owner = commands.updateValue(descriptor.name, forKey: command.name) {
                    throw LaunchError(
                        "command '\(command.name)' is registered by both '\(owner)' and '\(descriptor.name)'")
                }
            }
            for flag in descriptor.flags {
                if let owner = flags.updateValue(descriptor.name, forKey: flag.name) {
                    throw LaunchError("flag '\(flag.name)' is declared by both '\(owner)' and '\(descriptor.name)'")
                }
            }
        }
        let all =
            descriptors.flatMap { descriptor in descriptor.commands.map { (descriptor.name, $0) } }
            + CommandCatalog.appCommands.map { ("the app", $0) }
        // A command is a prefix of a longer one only when it takes operands: `lists new` is unambiguous beside a
        // `lists` that takes none (the longest match wins), but not beside a `lists NAME`.
        for (owner, command) in all where !command.operands.isEmpty || command.variadic {
            for (other, longer) in all
            where longer.words.count > command.words.count && longer.words.starts(with: command.words) {
                throw LaunchError(
                    "command '\(longer.name)' of '\(other)' starts with command '\(command.name)' of '\(owner)': "
                        + "'\(command.name) \(longer.words[command.words.count])' would be ambiguous")
            }
        }
        try Self.checkTabsAndShortcuts(descriptors)
        self.descriptors = descriptors
        _ = try migrator()
    }

    /// The keys of the full-screen app's own that no shortcut may take (`AppKeys`: quit, help, the vi arrows and
    /// the tabs' digits).
    nonisolated static let reservedKeys: Set<Character> = [
        "q", "?", "j", "k", "1", "2", "3", "4", "5", "6", "7", "8", "9",
    ]

    private static func checkTabsAndShortcuts(_ descriptors: [FeatureDescriptor]) throws(LaunchError) {
        var tabKeys: [String: String] = [:]
        var shortcutKeys: [Character: String] = [:]
        for descriptor in descriptors {
            if let tab = descriptor.tab {
                if let owner = tabKeys.updateValue(descriptor.name, forKey: tab.key) {
                    throw LaunchError("the tab '\(tab.key)' is declared by both '\(owner)' and '\(descriptor.name)'")
                }
                guard tab.root.feature == descriptor.name, descriptor.routes.contains(where: { $0.matches(tab.root) })
                else {
                    throw LaunchError(
                        "the tab '\(tab.key)' of '\(descriptor.name)' starts at \(tab.root.logDescription), "
                            + "which is not one of its screens")
                }
            }
            for shortcut in descriptor.shortcuts {
                guard !reservedKeys.contains(shortcut.key) else {
                    throw LaunchError(
                        "the shortcut '\(shortcut.key)' of '\(descriptor.name)' is one of the app's own keys")
                }
                if let owner = shortcutKeys.updateValue(descriptor.name, forKey: shortcut.key) {
                    throw LaunchError(
                        "the shortcut '\(shortcut.key)' is declared by both '\(owner)' and '\(descriptor.name)'")
                }
            }
        }
        guard !tabKeys.isEmpty else {
            throw LaunchError("no feature entry declares a tab: the full-screen app needs at least one")
        }
    }

    /// The tabs the entries declared, by `order` (registration order among equal orders).
    public var tabs: [EntryTab] {
        descriptors.compactMap(\.tab).enumerated().sorted {
            ($0.element.order, $0.offset) < ($1.element.order, $1.offset)
        }
        .map(\.element)
    }

    /// Every entry's shortcuts, in registration order.
    public var shortcuts: [EntryShortcut] { descriptors.flatMap(\.shortcuts) }

    /// The names of every live event some entry consumes, sorted: what the App asks the stream for.
    public var liveEventNames: [String] { Set(descriptors.flatMap(\.liveEvents)).sorted() }

    /// Every route pattern, entry by entry.
    public var routePatterns: [RoutePattern] { descriptors.flatMap(\.routes) }

    /// Every command with the name of the entry that runs it, in help order.
    public var commands: [(feature: String, spec: CommandSpec)] {
        descriptors.flatMap { descriptor in descriptor.commands.map { (descriptor.name, $0) } }
    }

    /// Every declared flag, in registration order.
    public var flags: [FlagDeclaration] { descriptors.flatMap(\.flags) }

    /// The pattern `route` belongs to, or nil for a route no entry registered.
    public func pattern(of route: Route) -> RoutePattern? {
        routePatterns.first { $0.matches(route) }
    }

    /// The pattern of a link naming `screen` with `idCount` ids, or nil.
    public func pattern(screen: String, idCount: Int) -> RoutePattern? {
        routePatterns.first { $0.screen == screen && $0.idNames.count == idCount }
    }

    /// Whether some pattern has the screen name `screen` (with any number of ids).
    public func hasScreen(_ screen: String) -> Bool {
        routePatterns.contains { $0.screen == screen }
    }

    /// The migrator of an account database: the outbox's tables (always registered) and every entry's groups.
    ///
    /// - Throws: `LaunchError` when two groups' prefixes overlap.
    public func migrator() throws(LaunchError) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for group in descriptors.flatMap(\.migrations) {
            do {
                try migrator.register(group)
            } catch {
                throw LaunchError("the account database's migrations do not fit together: \(error)")
            }
        }
        return migrator
    }
}
