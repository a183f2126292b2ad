import Foundation

/// `modules init`: writes a starter `modules.json` from the repository's current graph, so a team adopting
/// `modules` starts from what is true today and tightens it rule by rule.
enum InitCommand {
    static let spec = CommandSpec(
        name: "init",
        summary: "Write a starter modules.json from the current graph: layers from folders, every rule at warning.",
        synopsis: "init [--force] [--format text|json] [--repo DIR]",
        options: Command.commonOptions() + [
            OptionSpec("--force", help: "replace an existing modules.json")
        ],
        positionals: nil,
        details: """
            Packages are grouped into layers by their first folder (Core/Logging and Core/Models → layer core; the
            root package → layer app). Layers are ordered so that every dependency the repository has today points
            downward (a layer that depends on another comes above it; layers in a cycle keep the alphabetical
            order, and lint then shows the cycle). A layer allows peer dependencies when its packages already
            depend on each other. Every rule is set to warning (remote-dependency stays off), so the first lint
            passes and shows what to fix; raise rules to error one at a time.
            Exit status: 0; 73 when modules.json exists (without --force) or cannot be written.
            """
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        let url = context.configurationURL
        if FileManager().fileExists(atPath: url.path), !arguments.has("--force") {
            throw CommandFailure(
                message: "\(url.path) exists; use --force to replace it", status: ExitStatus.cannotCreate)
        }
        let scan = try await context.scan()
        let document = starter(scan)
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            data = try encoder.encode(document) + Data("\n".utf8)
            try data.write(to: url, options: .atomic)
        } catch {
            throw CommandFailure(message: "cannot write \(url.path): \(error)", status: ExitStatus.cannotCreate)
        }
        switch context.format {
        case .json:
            context.environment.output.write(String(decoding: data, as: UTF8.self))
        default:
            var lines = ["Wrote \(url.path):"]
            for layer in document.layers {
                let members = (layer.packages ?? []) + (layer.targets ?? []).map { "target \($0)" }
                lines.append(
                    "  layer \(layer.name): \(members.joined(separator: ", "))"
                        + (layer.allowsPeerDependencies ? " (peers allowed)" : ""))
            }
            lines.append("  every rule at warning; run `modules lint`, then raise rules to error in `rules`.")
            context.environment.output.write(lines.joined(separator: "\n") + "\n")
        }
        for failure in scan.failures {
            context.environment.errorOutput.writeLine(
                "modules: warning: \(failure.manifest) did not load, so its dependencies did not order the layers")
        }
        return ExitStatus.success
    }

    /// The starter file's shape (the keys of `modules.json`).
    struct Document: Encodable, Equatable {
        struct Layer: Encodable, Equatable {
            var name: String
            var packages: [String]?
            var allowsPeerDependencies: Bool
            /// Target names, for a repository of one package.
            var targets: [String]?
        }

        var schemaVersion = 1
        var description: String
        var layers: [Layer]
        var rules: [String: String]
    }

    /// The starter configuration for `scan`: layers of packages, or of targets for a repository of one package;
    /// layer names are unique (a folder `App` beside the root package's `app` becomes `app-2`).
    static func starter(_ scan: RepositoryScan) -> Document {
        var rules: [String: String] = [:]
        for rule in LintRule.allCases where rule.defaultSetting != .off {
            rules[rule.rawValue] = RuleSetting.warning.rawValue
        }
        let layers = scan.isSinglePackage ? targetLayers(scan) : packageLayers(scan)
        var taken: Set<String> = []
        let named = layers.map { layer in
            var unique = layer
            var number = 2
            while !taken.insert(unique.name).inserted {
                unique.name = "\(layer.name)-\(number)"
                number += 1
            }
            return unique
        }
        return Document(
            description: "Written by `modules init` from the graph as it was; layers are listed top to bottom.",
            layers: named, rules: rules)
    }

    /// For a repository of one package: its test targets on top, then the other targets by depth (a target one
    /// above the deepest of the package's targets it depends on), so every dependency points down.
    static func targetLayers(_ scan: RepositoryScan) -> [Document.Layer] {
        guard let package = scan.packages.first(where: { !$0.manifest.targets.isEmpty }) ?? scan.packages.first
        else { return [] }
        let graph = TargetGraph(scan: scan)
        let targets = package.manifest.targets
        let tests = targets.filter { $0.type == "test" }.map(\.name).sorted()
        var depth: [String: Int] = [:]
        func depthOf(_ name: String, _ visiting: Set<String>) -> Int {
            if let known = depth[name] { return known }
            let below = graph.dependencies(of: TargetRef(package: package.path, target: name))
                .filter { $0.to.package == package.path && !visiting.contains($0.to.target) }
                .map { depthOf($0.to.target, visiting.union([name])) + 1 }
            let value = below.max() ?? 0
            depth[name] = value
            return value
        }
        let others = targets.filter { $0.type != "test" }.map(\.name)
        for name in others { _ = depthOf(name, []) }
        let levels = Set(others.compactMap { depth[$0] }).sorted(by: >)
        var layers: [Document.Layer] = []
        if !tests.isEmpty {
            layers.append(.init(name: "tests", packages: nil, allowsPeerDependencies: true, targets: tests))
        }
        for (index, level) in levels.enumerated() {
            layers.append(
                .init(
                    name: "level-\(level)", packages: index == 0 ? [package.path] : nil, allowsPeerDependencies: false,
                    targets: others.filter { depth[$0] == level }.sorted()))
        }
        if levels.isEmpty, !layers.isEmpty {
            layers[0].packages = [package.path]
        }
        return layers
    }

    /// Packages grouped into layers by their first folder, in dependency order.
    static func packageLayers(_ scan: RepositoryScan) -> [Document.Layer] {
        var groups: [String: [String]] = [:]
        for path in scan.packagePaths {
            groups[group(of: path), default: []].append(path)
        }
        let groupOf = Dictionary(scan.packagePaths.map { ($0, group(of: $0)) }, uniquingKeysWith: { first, _ in first })
        var above: [String: Set<String>] = [:]  // group → groups it depends on
        var peers: Set<String> = []
        for edge in PackageGraph(scan: scan).edges {
            guard let from = groupOf[edge.from], let to = groupOf[edge.to] else { continue }
            if from == to {
                peers.insert(from)
            } else {
                above[from, default: []].insert(to)
            }
        }
        let order = layerOrder(Array(groups.keys), dependsOn: above)
        let layers = order.map { name in
            let packages = groups[name] ?? []
            let listed: [String]
            if name == "app" {
                listed = ["."]
            } else if packages == [name] {
                listed = [name]
            } else {
                listed = (packages.contains(name) ? [name] : []) + ["\(name)/**"]
            }
            return Document.Layer(
                name: name.lowercased(), packages: listed, allowsPeerDependencies: peers.contains(name), targets: nil)
        }
        return layers
    }

    /// The layer a package goes to: `app` for the root package, else its first folder.
    static func group(of path: String) -> String {
        path == "." ? "app" : String(path.split(separator: "/").first ?? Substring(path))
    }

    /// Groups ordered top to bottom: one that depends on another comes first (Kahn's algorithm, ties and cycles by
    /// name, `app` first among equals).
    static func layerOrder(_ groups: [String], dependsOn: [String: Set<String>]) -> [String] {
        var remaining = Set(groups)
        var order: [String] = []
        let rank = { (name: String) in (name == "app" ? 0 : 1, name) }
        while !remaining.isEmpty {
            // A group nobody remaining depends on can go next (it is the highest left).
            let free = remaining.filter { candidate in
                !remaining.contains { $0 != candidate && dependsOn[$0]?.contains(candidate) == true }
            }
            let next = (free.isEmpty ? remaining : free).min { rank($0) < rank($1) }
            guard let next else { break }
            order.append(next)
            remaining.remove(next)
        }
        return order
    }
}
