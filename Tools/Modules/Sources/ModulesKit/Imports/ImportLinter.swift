import Foundation

/// The import checks of `modules lint`: every module a target's sources import (as the compiler reads them) must
/// be the target itself, a toolchain module, or a declared dependency of the target; every declared dependency
/// should be imported; and no import may break the layering rules, whether declared or not.
///
/// Each target's files are read in one compiler call (the union of their imports); only the targets with an
/// import finding are read again file by file, to name the file, and the `import` line is then found in its text.
/// Calls run concurrently, at most `concurrency` at once.
struct ImportLinter {
    let scan: RepositoryScan
    let graph: TargetGraph
    let scanner: ImportScanner
    /// The toolchain's modules (``Toolchain/modules()``); names starting with `_` count as toolchain modules too.
    let toolchainModules: Set<String>
    let concurrency: Int

    /// Target types whose sources are checked: the others hold no Swift of the repository's own (`system`,
    /// `binary`) or build tooling (`plugin`, `macro`, which import SwiftPM's and swift-syntax's modules).
    static let checkedTypes: Set<String> = ["regular", "executable", "test"]

    /// An import that breaks a rule, before it is located in a file.
    private struct Problem {
        var target: TargetNode
        var module: String
        var rule: LintRule
        var message: String
    }

    /// Every import finding of the repository.
    func findings() async -> [Finding] {
        let root = scan.root
        let targets = graph.nodes.filter { Self.checkedTypes.contains($0.type) }
            .map { ($0, $0.swiftFiles(root: root)) }.filter { !$0.1.isEmpty }
        let scanner = self.scanner
        let results = await concurrentMap(targets, limit: concurrency) { node, files in
            await scanner.imports(of: files, settings: node.importSettings)
        }
        var findings: [Finding] = []
        var problems: [Problem] = []
        for ((node, _), result) in zip(targets, results) {
            switch result {
            case .success(let imports):
                problems += check(node, imports: Set(imports))
                findings += unusedDependencies(of: node, imports: Set(imports))
            case .failure(let failure):
                findings.append(
                    finding(
                        .importScanFailed, node,
                        "the compiler could not read the imports of target \(node.ref.target) of "
                            + "\(node.ref.package):\n\(failure.message)"))
            }
        }
        return findings + (await locate(problems, files: Dictionary(targets.map { ($0.0.ref, $0.1) }) { a, _ in a }))
    }

    /// The rules `node`'s imports break.
    private func check(_ node: TargetNode, imports: Set<String>) -> [Problem] {
        let direct = graph.dependencies(of: node.ref)
        let external = graph.packages.externalProducts[node.ref] ?? []
        let declared = Set(direct.compactMap { graph.node($0.to)?.module } + external)
        let package = scan.packages.first { $0.path == node.ref.package }
        let hasRemote = package?.manifest.dependencies.contains { $0.kind != .fileSystem } ?? false
        let rules = LayeringRules(scan: scan)
        var problems: [Problem] = []
        let who = "target \(node.ref.target) of \(node.ref.package)"
        for module in imports.sorted()
        where module != node.module && !declared.contains(module)
            && !Toolchain.isToolchainModule(module, in: toolchainModules)
        {
            guard let owner = graph.owner(ofModule: module) else {
                if !hasRemote {
                    problems.append(
                        Problem(
                            target: node, module: module, rule: .undeclaredImport,
                            message: "\(who) imports \(module), which is not a module of this repository, of the "
                                + "toolchain, or of a declared dependency"))
                }
                continue
            }
            let place = "\(module) (target \(owner.ref.target) of \(owner.ref.package))"
            let violations: [(LintRule, String)]
            if owner.ref.package != node.ref.package {
                let edge = DependencyEdge(from: node.ref.package, to: owner.ref.package, uses: [])
                let use = DependencyUse(target: node.ref.target, isTestCode: node.isTestCode, product: module)
                violations = rules.violations(of: edge, use: use)
            } else {
                violations = rules.targetViolations(from: node.ref.target, to: owner.ref.target)
            }
            if !violations.isEmpty {
                let reasons = violations.map { "\($0.1) [\($0.0.rawValue)]" }.joined(separator: "; ")
                problems.append(
                    Problem(
                        target: node, module: module, rule: .upwardImport,
                        message: "\(who) imports \(place): \(reasons)"))
            } else if let path = graph.path(from: node.ref, to: owner.ref) {
                let through = path.dropFirst().dropLast().map { graph.node($0)?.module ?? $0.target }
                problems.append(
                    Problem(
                        target: node, module: module, rule: .transitiveImport,
                        message: "\(who) imports \(place), which it reaches only through "
                            + "\(through.joined(separator: " → ")); declare it as a dependency of "
                            + "\(node.ref.target)"))
            } else {
                problems.append(
                    Problem(
                        target: node, module: module, rule: .undeclaredImport,
                        message: "\(who) imports \(place), which is not a declared dependency of "
                            + "\(node.ref.target)"))
            }
        }
        return problems
    }

    /// A warning for each declared dependency (a target, or a product's targets) that no source imports.
    /// Executable targets are exempt: a target depends on one to have it built, not to import it.
    private func unusedDependencies(of node: TargetNode, imports: Set<String>) -> [Finding] {
        var groups: [String: [TargetEdge]] = [:]
        var order: [String] = []
        for edge in graph.dependencies(of: node.ref) {
            let key = edge.product.map { "\(edge.to.package)#\($0)" } ?? "\(edge.to)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(edge)
        }
        return order.compactMap { key -> Finding? in
            let edges = groups[key] ?? []
            let modules = edges.compactMap { graph.node($0.to) }.filter { Self.checkedTypes.contains($0.type) }
                .filter { $0.type != "executable" }.map(\.module)
            guard let edge = edges.first, !modules.isEmpty, !modules.contains(where: imports.contains) else {
                return nil
            }
            let what =
                edge.product.map { "product \($0) of \(edge.to.package)" } ?? "target \(edge.to.target)"
            var result = finding(
                .unusedDependency, node,
                "target \(node.ref.target) of \(node.ref.package) declares a dependency on \(what), but none of "
                    + "its sources imports \(modules.joined(separator: " or ")); remove the dependency or import it")
            result.severity = .warning
            result.line = edge.line
            result.module = modules.first
            result.otherPackage = edge.to.package == node.ref.package ? nil : edge.to.package
            return result
        }
    }

    /// Reads the files of the targets with problems one by one and points each problem at the `import` lines.
    private func locate(_ problems: [Problem], files: [TargetRef: [String]]) async -> [Finding] {
        guard !problems.isEmpty else { return [] }
        let targets = Dictionary(problems.map { ($0.target.ref, $0.target) }) { first, _ in first }
        let work = targets.keys.sorted().flatMap { ref in
            (files[ref] ?? []).map { (ref, $0) }
        }
        let scanner = self.scanner
        let perFile = await concurrentMap(work, limit: concurrency) { ref, file in
            let settings = targets[ref]?.importSettings ?? ImportScanner.Settings(module: ref.target)
            let imports = (try? await scanner.imports(of: [file], settings: settings).get()) ?? []
            return (ref, file, Set(imports))
        }
        var findings: [Finding] = []
        for problem in problems {
            let importing = perFile.filter { $0.0 == problem.target.ref && $0.2.contains(problem.module) }
            var located = false
            for (_, file, _) in importing {
                let text = (try? String(contentsOf: RepoPath.url(file, in: scan.root), encoding: .utf8)) ?? ""
                var result = finding(problem.rule, problem.target, problem.message)
                result.file = file
                result.line = ImportLocator(source: text).line(of: problem.module)
                result.module = problem.module
                result.otherPackage = graph.owner(ofModule: problem.module)?.ref.package
                findings.append(result)
                located = true
            }
            if !located {
                var result = finding(problem.rule, problem.target, problem.message)
                result.module = problem.module
                findings.append(result)
            }
        }
        return findings
    }

    private func finding(_ rule: LintRule, _ node: TargetNode, _ message: String) -> Finding {
        Finding(
            rule: rule,
            message: message,
            package: node.ref.package,
            target: node.ref.target,
            manifest: LayeringRules.manifestPath(of: node.ref.package)
        )
    }
}
