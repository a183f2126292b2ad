import Foundation
import Testing

/// Whether every destination of a feature's entry has snapshots: the contract issue 29 sets, "a contract test fails
/// when a route of any entry has no snapshot".
///
/// A destination is covered when its screen has at least one state recorded, and every state recorded at any of the
/// four layouts of every screen (`SnapshotLayout.everyScreen`) is recorded at all four: a file
/// `<screen>.<state>.<layout>.snap` each. Which states apply to a screen is the feature's call, made where its
/// snapshot tests list them; this check makes sure no destination is left without one and no state stops short of a
/// size.
public enum SnapshotCoverage {
    /// One destination of an entry and the screen name its snapshots are recorded under.
    public struct Destination: Hashable, Sendable {
        /// The destination as a person reads it: its deep-link template (`storefront://orders/ID`).
        public let link: String
        /// The first part of its snapshots' file names (`OrderDetail` for `OrderDetail.loaded.80x24.none.snap`), or
        /// nil when the feature's tests name none for it (a destination added without snapshots).
        public let screen: String?

        /// A destination `link` recorded under `screen`.
        public init(link: String, screen: String?) {
            self.link = link
            self.screen = screen
        }
    }

    /// What is missing, one sentence per gap, each naming the feature, the destination and the missing layout;
    /// empty when every destination is covered.
    ///
    /// - Parameters:
    ///   - feature: The entry's name (`checkout`), for the messages.
    ///   - destinations: Every destination the entry declares (its `Destination.patterns`), with its screen name.
    ///   - fileNames: The names of the files in the feature's `Snapshots` folder.
    public static func problems(feature: String, destinations: [Destination], fileNames: [String]) -> [String] {
        let layouts = SnapshotLayout.everyScreen.map(\.description)
        let noneAtAll = "has no snapshot at any size (\(layouts.joined(separator: ", ")))"
        var problems: [String] = []
        for destination in destinations {
            guard let screen = destination.screen else {
                problems.append(
                    "\(feature): destination \(destination.link) \(noneAtAll): its tests name no screen for it")
                continue
            }
            var layoutsOfState: [String: Set<String>] = [:]
            for fileName in fileNames {
                guard let (state, layout) = parse(fileName, screen: screen, layouts: layouts) else { continue }
                layoutsOfState[state, default: []].insert(layout)
            }
            if layoutsOfState.isEmpty {
                problems.append(
                    "\(feature): destination \(destination.link) \(noneAtAll): no \(screen).<state>.<layout>.snap")
                continue
            }
            for (state, recorded) in layoutsOfState.sorted(by: { $0.key < $1.key }) {
                for layout in layouts where !recorded.contains(layout) {
                    problems.append(
                        "\(feature): destination \(destination.link), state \(state), has no snapshot at \(layout) "
                            + "(\(screen).\(state).\(layout).snap)")
                }
            }
        }
        return problems
    }

    /// The state and layout of `fileName` when it is a snapshot of `screen` at one of `layouts`.
    private static func parse(_ fileName: String, screen: String, layouts: [String]) -> (String, String)? {
        let prefix = "\(screen)."
        guard fileName.hasPrefix(prefix) else { return nil }
        for layout in layouts {
            let suffix = ".\(layout).snap"
            guard fileName.hasSuffix(suffix), fileName.count > prefix.count + suffix.count else { continue }
            let state = fileName.dropFirst(prefix.count).dropLast(suffix.count)
            guard !state.contains(".") else { return nil }
            return (String(state), layout)
        }
        return nil
    }
}

/// Records an issue for every destination of `feature` that lacks a snapshot in the `Snapshots` folder beside the
/// calling test file (see `SnapshotCoverage`): the contract test every feature's snapshot tests carry.
///
/// - Parameters:
///   - feature: The entry's name (`checkout`).
///   - destinations: Every destination the entry declares (its `Destination.patterns`), each described by its
///     deep-link template.
///   - screens: The screen name each destination's snapshots use (`orderPattern: "OrderDetail"`); a destination
///     missing here has no snapshot.
///   - filePath: The test file; its `Snapshots` folder is read.
///   - sourceLocation: Where a failure is reported.
public func expectSnapshotCoverage<Pattern: Hashable & CustomStringConvertible>(
    feature: String, destinations: [Pattern], screens: [Pattern: String], filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let directory = SnapshotStore(filePath: filePath, environment: [:]).directory
    let fileNames = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    let covered = destinations.map { SnapshotCoverage.Destination(link: $0.description, screen: screens[$0]) }
    for problem in SnapshotCoverage.problems(feature: feature, destinations: covered, fileNames: fileNames) {
        Issue.record(Comment(rawValue: "\(problem) in \(directory.path)"), sourceLocation: sourceLocation)
    }
}
