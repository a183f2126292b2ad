/// The rules of `modules.json` checked edge by edge: layer order, peers, allowed dependencies and dependents,
/// test-only packages and products; plus the package-level rules (unlayered packages, identities).
struct LayeringRules {
    let scan: RepositoryScan

    private var configuration: ModulesConfiguration { scan.configuration }

    /// Findings for one edge: one per rule and depending target (one without a target when no target uses it).
    func check(_ edge: DependencyEdge, manifest: String) -> [Finding] {
        let uses: [DependencyUse?] = edge.uses.isEmpty ? [nil] : edge.uses.map { $0 }
        var findings: [Finding] = []
        for use in uses {
            for (rule, message) in violations(of: edge, use: use) {
                let who = use.map { "target \($0.target) of \(edge.from)" } ?? edge.from
                findings.append(
                    Finding(
                        rule: rule,
                        message:
                            "\(who) depends on \(edge.to)\(use.map { " (product \($0.product))" } ?? ""): \(message)",
                        package: edge.from,
                        otherPackage: edge.to,
                        target: use?.target,
                        manifest: manifest,
                        line: use?.line ?? edge.declarationLine
                    )
                )
            }
        }
        return findings
    }

    /// The rules target `from` breaks by depending on target `to` of the same package, by the layers' `targets`
    /// globs (empty when either target is in no such layer).
    func targetViolations(from: String, to: String) -> [(LintRule, String)] {
        guard let fromLayer = configuration.targetLayerIndex(of: from),
            let toLayer = configuration.targetLayerIndex(of: to)
        else { return [] }
        let layer = configuration.layers[fromLayer]
        if toLayer < fromLayer {
            return [(.layerOrder, "layer '\(configuration.layers[toLayer].name)' is above layer '\(layer.name)'")]
        }
        if toLayer == fromLayer, !layer.allowsPeerDependencies {
            return [(.peerDependency, "targets of layer '\(layer.name)' must not depend on each other")]
        }
        return []
    }

    /// Findings for a dependency between two targets of one package that breaks the target layers.
    func check(_ edge: TargetEdge, manifest: String) -> [Finding] {
        guard edge.from.package == edge.to.package else { return [] }
        return targetViolations(from: edge.from.target, to: edge.to.target).map { rule, message in
            Finding(
                rule: rule,
                message: "target \(edge.from.target) depends on target \(edge.to.target): \(message)",
                package: edge.from.package,
                target: edge.from.target,
                manifest: manifest,
                line: edge.line
            )
        }
    }

    /// The rules a dependency of `edge` (used as `use`, or unused) breaks, each with its explanation.
    func violations(of edge: DependencyEdge, use: DependencyUse?) -> [(LintRule, String)] {
        var found: [(LintRule, String)] = []
        if let fromLayer = configuration.layerIndex(of: edge.from), let toLayer = configuration.layerIndex(of: edge.to)
        {
            let from = configuration.layers[fromLayer]
            let to = configuration.layers[toLayer]
            if toLayer < fromLayer {
                found.append((.layerOrder, "layer '\(to.name)' is above layer '\(from.name)'"))
            } else if toLayer == fromLayer, !from.allowsPeerDependencies {
                found.append((.peerDependency, "packages of layer '\(from.name)' must not depend on each other"))
            }
        }
        if let allowed = configuration.rule(for: edge.from)?.allowedDependencies, !allowed.anyMatches(edge.to) {
            if allowed.isEmpty {
                found.append((.disallowedDependency, "\(edge.from) must not depend on any package of the repository"))
            } else {
                let list = allowed.map(\.pattern).joined(separator: ", ")
                found.append((.disallowedDependency, "\(edge.from) may depend only on \(list)"))
            }
        }
        if let allowed = configuration.rule(for: edge.to)?.allowedDependents, !allowed.anyMatches(edge.from) {
            let list = allowed.isEmpty ? "no package" : allowed.map(\.pattern).joined(separator: ", ")
            found.append((.disallowedDependent, "only \(list) may depend on \(edge.to)"))
        }
        if let use, !use.isTestCode {
            if configuration.rule(for: edge.to)?.testOnly == true {
                found.append((.testOnlyPackage, "\(edge.to) is test-only and \(use.target) is not a test target"))
            } else if configuration.testOnlyProducts.anyMatches(use.product) {
                found.append(
                    (.testOnlyProduct, "product \(use.product) is test-only and \(use.target) is not a test target"))
            }
        }
        return found
    }

    /// A finding for every package that matches no layer.
    /// Without layers (no `modules.json`, or one that sets none) there is nothing to belong to: no finding.
    func unlayeredPackages() -> [Finding] {
        guard !configuration.layers.isEmpty else { return [] }
        return scan.packagePaths.filter { configuration.layerIndex(of: $0) == nil }.map { path in
            let layers = configuration.layers.map(\.name).joined(separator: ", ")
            return Finding(
                rule: .unlayeredPackage,
                message: "\(path) matches no layer of modules.json (layers: \(layers.isEmpty ? "none" : layers))",
                package: path,
                manifest: Self.manifestPath(of: path)
            )
        }
    }

    /// A finding for every pair of packages with the same identity (directory name, case-insensitive) that appear
    /// in one graph: one package and everything it reaches through path dependencies (SwiftPM resolves one graph
    /// per root package, so `Tools/Modules` and a root package also named `modules` never meet).
    func duplicateIdentities(edges: [DependencyEdge]) -> [Finding] {
        let outgoing = Dictionary(grouping: edges, by: \.from).mapValues { $0.map(\.to) }
        let order = Dictionary(scan.packagePaths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var reported: Set<[String]> = []
        var findings: [Finding] = []
        for root in scan.packagePaths {
            var seen: Set<String> = [root]
            var queue = [root]
            var head = 0
            while head < queue.count {
                let current = queue[head]
                head += 1
                for next in outgoing[current] ?? [] where seen.insert(next).inserted {
                    queue.append(next)
                }
            }
            var firstByIdentity: [String: String] = [:]
            for path in seen.sorted(by: { (order[$0] ?? .max, $0) < (order[$1] ?? .max, $1) }) {
                let identity = scan.identity(of: path)
                guard let first = firstByIdentity[identity] else {
                    firstByIdentity[identity] = path
                    continue
                }
                guard reported.insert([first, path]).inserted else { continue }
                let graph = root == first || root == path ? "" : " in the graph of \(root)"
                findings.append(
                    Finding(
                        rule: .duplicateIdentity,
                        message: "\(path) and \(first) have the same package identity '\(identity)'\(graph) "
                            + "(SwiftPM derives it from the directory name); rename one directory",
                        package: path,
                        otherPackage: first,
                        manifest: Self.manifestPath(of: path)
                    )
                )
            }
        }
        return findings
    }

    static func manifestPath(of package: String) -> String {
        package == "." ? PackageDiscovery.manifestName : "\(package)/\(PackageDiscovery.manifestName)"
    }
}
