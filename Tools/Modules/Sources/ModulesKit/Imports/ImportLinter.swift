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
    /// The external packages' pins, checkouts and product modules.
    let external: ExternalPackages
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
        /// The platform the import was seen on, when not on this machine's (for locating it).
        var platform: String?
    }

    /// Every import finding of the repository.
    func findings() async -> [Finding] {
        let root = scan.root
        let targets = graph.nodes.filter { Self.checkedTypes.contains($0.type) }
            .map { ($0, $0.swiftFiles(root: root)) }.filter { !$0.1.isEmpty }
        let scanner = self.scanner
        let platformsByTarget = Dictionary(targets.map { ($0.0.ref, platforms(of: $0.0, files: $0.1)) }) { a, _ in a }
        let work = targets.flatMap { node, files in
            [(node, files, String?.none)] + (platformsByTarget[node.ref] ?? []).map { (node, files, Optional($0)) }
        }
        let scanned = await concurrentMap(work, limit: concurrency) { node, files, platform in
            var settings = node.importSettings
            settings.targetTriple = platform.flatMap { ImportScanner.Settings.triples[$0] }
            return (node.ref, platform, await scanner.imports(of: files, settings: settings))
        }
        var byPlatform: [TargetRef: [String: Set<String>]] = [:]
        var results: [Result<[String], ImportScanner.Failure>] = []
        for (ref, platform, result) in scanned {
            if let platform {
                if case .success(let imports) = result {
                    byPlatform[ref, default: [:]][platform] = Set(imports)
                }
            } else {
                results.append(result)
            }
        }
        var onlyElsewhere: [TargetRef: [String: [String]]] = [:]  // module → platforms where only it is imported
        var seenOn: [TargetRef: [String: Set<String>]] = [:]  // module → every platform it is imported on
        var canImportNotes: [TargetRef: String] = [:]
        for ((node, files), result) in zip(targets, results) {
            let linux = (try? result.get()).map(Set.init) ?? []
            for module in linux {
                seenOn[node.ref, default: [:]][module, default: []].insert("linux")
            }
            for (platform, imports) in byPlatform[node.ref] ?? [:] {
                for module in imports {
                    seenOn[node.ref, default: [:]][module, default: []].insert(platform)
                }
                for module in imports.subtracting(linux) {
                    onlyElsewhere[node.ref, default: [:]][module, default: []].append(platform)
                }
            }
            let others = (platformsByTarget[node.ref] ?? []).sorted()
            if !others.isEmpty,
                files.contains(where: {
                    ((try? String(contentsOf: RepoPath.url($0, in: root), encoding: .utf8)) ?? "").contains(
                        "canImport(")
                })
            {
                canImportNotes[node.ref] =
                    "; its sources have #if canImport(…) branches, which this machine cannot evaluate for "
                    + others.joined(separator: ", ") + " (no SDK here): check them before removing the dependency"
            }
        }
        var findings: [Finding] = []
        var problems: [Problem] = []
        let named = graph.packages.externalProducts.values.flatMap { $0 }.map { ($0.product, $0.package) }
        let externalModules = external.knownModules(named: named)
        for ((node, files), result) in zip(targets, results) {
            switch result {
            case .success(let linuxImports):
                let elsewhere = onlyElsewhere[node.ref] ?? [:]
                let imports = Set(linuxImports).union(elsewhere.keys)
                problems += check(
                    node, imports: imports, externalModules: externalModules, elsewhere: elsewhere,
                    seenOn: seenOn[node.ref] ?? [:])
                // Deliberate shapes: an aggregator (its files empty or only re-exporting) links what it declares;
                // a build plugin's generated sources, which are not read here, import what the package vending the
                // plugin provides (its runtime library), so those dependencies are left alone, and only those.
                if !Self.isAggregator(files: files, root: root) {
                    findings += unusedDependencies(
                        of: node, imports: imports, note: canImportNotes[node.ref] ?? "",
                        pluginPackages: graph.packages.pluginPackages[node.ref] ?? [])
                }
            case .failure(let failure):
                findings.append(
                    finding(
                        .importScanFailed, node,
                        "the compiler could not read the imports of target \(node.ref.target) of "
                            + "\(node.ref.package):\n\(failure.message)"))
            }
        }
        let located = await locate(
            Self.reportUnknownOnce(problems, external: external),
            files: Dictionary(targets.map { ($0.0.ref, $0.1) }) { a, _ in a })
        return findings + located
    }

    /// One `unknown-module` problem per module (at its first importing target, naming the others) instead of one
    /// per target.
    private static func reportUnknownOnce(_ problems: [Problem], external: ExternalPackages) -> [Problem] {
        var unknown: [String: [Problem]] = [:]
        var result: [Problem] = []
        for problem in problems {
            if problem.rule == .unknownModule {
                unknown[problem.module, default: []].append(problem)
            } else {
                result.append(problem)
            }
        }
        for (module, group) in unknown.sorted(by: { $0.key < $1.key }) {
            guard var first = group.first else { continue }
            let importers = group.map { "\($0.target.ref.target) of \($0.target.ref.package)" }
            first.message =
                "\(module) is imported by \(importers.joined(separator: ", ")), but it is no target of the repository, "
                + "no module of an external product the tool could read, and no toolchain or SDK module. Looked at: "
                + "the repository's targets; \(external.searchedPlaces); the toolchain's modules and the SDK modules "
                + "of Apple platforms, Android, Windows and WASI. If it comes from an external package, run "
                + "`swift package resolve` so its checkout can be read"
            result.append(first)
        }
        return result
    }

    /// The rules `node`'s imports break.
    /// The platforms other than this machine's that `node`'s imports are also evaluated for: those its package
    /// declares (`platforms:`) and those its dependencies' `.when(platforms:)` conditions name, where the compiler
    /// can parse for them without an SDK.
    private func platforms(of node: TargetNode, files: [String]) -> [String] {
        let package = scan.packages.first { $0.path == node.ref.package }
        let declared = package?.manifest.platforms ?? []
        let conditional = node.manifest.dependencies.flatMap { $0.platforms ?? [] }
        let named = files.flatMap { file in
            Self.platformsNamed(in: (try? String(contentsOf: RepoPath.url(file, in: scan.root), encoding: .utf8)) ?? "")
        }
        return Set(declared + conditional + named).filter {
            $0 != "linux" && ImportScanner.Settings.triples[$0] != nil
        }.sorted()
    }

    /// Swift's `os(…)` names and SwiftPM's platform names for them.
    static let swiftPlatformNames: [String: String] = [
        "macOS": "macos", "OSX": "macos", "iOS": "ios", "tvOS": "tvos", "watchOS": "watchos", "visionOS": "visionos",
        "Linux": "linux", "Windows": "windows", "Android": "android", "WASI": "wasi", "OpenBSD": "openbsd",
        "FreeBSD": "freebsd",
    ]

    /// The SwiftPM platform names that `#if os(…)` and `#elseif os(…)` lines of `source` name.
    static func platformsNamed(in source: String) -> [String] {
        var found: Set<String> = []
        for line in source.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("#if") || trimmed.hasPrefix("#elseif") else { continue }
            var rest = Substring(trimmed)
            while let range = rest.range(of: "os(") {
                rest = rest[range.upperBound...]
                let name = rest.prefix { $0.isLetter }
                if let platform = swiftPlatformNames[String(name)] {
                    found.insert(platform)
                }
            }
        }
        return found.sorted()
    }

    private func check(
        _ node: TargetNode, imports: Set<String>,
        externalModules: [String: (product: String, package: String)],
        elsewhere: [String: [String]] = [:], seenOn: [String: Set<String>] = [:]
    ) -> [Problem] {
        let direct = graph.dependencies(of: node.ref)
        let externalUses = graph.packages.externalProducts[node.ref] ?? []
        let externalDeclared = externalUses.flatMap { external.modules(ofProduct: $0.product, package: $0.package) }
        let declared = Set(direct.compactMap { graph.node($0.to)?.module } + externalDeclared)
        let rules = LayeringRules(scan: scan)
        var problems: [Problem] = []
        let who = "target \(node.ref.target) of \(node.ref.package)"
        for module in imports.sorted()
        where module != node.module && !isToolchainModule(module) {
            if let owner = graph.owner(ofModule: module, for: node.ref),
                let problem = unavailableImport(node, of: owner, platforms: seenOn[module] ?? ["linux"], rules: rules)
            {
                problems.append(problem)
                continue
            }
            guard !declared.contains(module) else { continue }
            guard let owner = graph.owner(ofModule: module, for: node.ref) else {
                if let source = externalModules[module] {
                    let siblings = graph.packages.externalProducts.filter { ref, uses in
                        ref.package == node.ref.package && ref != node.ref
                            && uses.contains { $0.product == source.product }
                    }.keys.map(\.target).sorted()
                    let declaredBy =
                        siblings.isEmpty ? "" : " (only \(siblings.joined(separator: ", ")) declares it)"
                    problems.append(
                        Problem(
                            target: node, module: module, rule: .undeclaredImport,
                            message: "\(who) imports \(module), a module of product \(source.product) of the external "
                                + "package \(source.package)\(declaredBy), without declaring it: an implicit import "
                                + "that builds only while another target brings the module along; add "
                                + ".product(name: \"\(source.product)\", package: \"\(source.package)\") to "
                                + "\(node.ref.target)"))
                } else {
                    problems.append(Problem(target: node, module: module, rule: .unknownModule, message: ""))
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
        return problems.map { problem in
            guard let platforms = elsewhere[problem.module], !problem.message.isEmpty,
                problem.rule != .platformUnavailableImport
            else { return problem }
            var annotated = problem
            annotated.message += " (imported only on \(platforms.sorted().joined(separator: ", ")))"
            annotated.platform = platforms.sorted().first
            return annotated
        }
    }

    /// A `platform-unavailable-import` when `node` imports `owner`'s module on a platform where no path of
    /// dependencies there reaches it, though one does elsewhere: a dependency's `.when(platforms:)` carries down to
    /// everything it brings in. `nil` when the module is reachable wherever it is imported, is reached nowhere (an
    /// undeclared import), or the import breaks a layering rule (reported as that).
    private func unavailableImport(
        _ node: TargetNode, of owner: TargetNode, platforms: Set<String>, rules: LayeringRules
    ) -> Problem? {
        guard owner.ref != node.ref, let anyPath = graph.path(from: node.ref, to: owner.ref) else { return nil }
        let missing = platforms.filter { graph.path(from: node.ref, to: owner.ref, on: $0) == nil }.sorted()
        guard let first = missing.first else { return nil }
        if owner.ref.package != node.ref.package {
            let edge = DependencyEdge(from: node.ref.package, to: owner.ref.package, uses: [])
            let use = DependencyUse(target: node.ref.target, isTestCode: node.isTestCode, product: owner.module)
            guard rules.violations(of: edge, use: use).isEmpty else { return nil }
        } else if !rules.targetViolations(from: node.ref.target, to: owner.ref.target).isEmpty {
            return nil
        }
        // The first hop of the path that the missing platform does not have: the condition that carries down.
        var carrier: (TargetRef, [String])?
        for (from, to) in zip(anyPath, anyPath.dropFirst()) {
            if let edge = graph.dependencies(of: from).first(where: { $0.to == to && !$0.isAvailable(on: first) }) {
                carrier = (to, edge.platforms ?? [])
                break
            }
        }
        let through =
            carrier.map { ref, only in
                "\(graph.node(ref)?.module ?? ref.target), a dependency only on \(only.sorted().joined(separator: ", "))"
            } ?? "dependencies conditioned to other platforms"
        let direct = anyPath.count == 2
        let how = direct ? "declares it only through" : "reaches it only through"
        let seen =
            platforms.count == 1 && platforms.contains("linux")
            ? ""
            : " (imported on "
                + platforms.sorted().joined(separator: ", ") + ")"
        return Problem(
            target: node, module: owner.module, rule: .platformUnavailableImport,
            message: "target \(node.ref.target) of \(node.ref.package) imports \(owner.module) (target "
                + "\(owner.ref.target) of \(owner.ref.package)), which is unavailable on "
                + "\(missing.joined(separator: ", ")): it \(how) \(through)\(seen); import it under the same "
                + "#if os(…) condition, or declare it for every platform that imports it",
            platform: first == "linux" ? nil : first)
    }

    /// Whether a target's files hold nothing but comments, blank lines and `@_exported import`s: an aggregator
    /// (an umbrella module that re-exports, or a target that only links what it declares).
    static func isAggregator(files: [String], root: URL) -> Bool {
        files.allSatisfy { file in
            guard let text = try? String(contentsOf: RepoPath.url(file, in: root), encoding: .utf8) else {
                return false
            }
            var inComment = false
            for raw in text.split(whereSeparator: \.isNewline) {
                var line = raw.trimmingCharacters(in: .whitespaces)
                if inComment {
                    guard let end = line.range(of: "*/") else { continue }
                    line = String(line[end.upperBound...]).trimmingCharacters(in: .whitespaces)
                    inComment = false
                }
                if line.hasPrefix("/*") {
                    inComment = !line.contains("*/")
                    continue
                }
                if line.isEmpty || line.hasPrefix("//") || line.hasPrefix("@_exported import ")
                    || line.hasPrefix("@_exported public import ")
                {
                    continue
                }
                return false
            }
            return true
        }
    }

    /// Whether `module` is the toolchain's or an SDK's: one of `toolchainModules`, or a name starting with `_`,
    /// that no target of the repository has (a repository target `_Internal`, or `Charts` beside Apple's, is the
    /// module its importers get, and is checked like any other).
    private func isToolchainModule(_ module: String) -> Bool {
        graph.owner(ofModule: module) == nil && (toolchainModules.contains(module) || module.hasPrefix("_"))
    }

    /// A warning for each declared dependency (a target, or a product's targets) that no source imports.
    /// Executable targets are exempt: a target depends on one to have it built, not to import it; so are the
    /// dependencies into `pluginPackages` (the packages vending the build plugins it uses), which the plugins'
    /// generated sources may import.
    private func unusedDependencies(
        of node: TargetNode, imports: Set<String>, note: String, pluginPackages: Set<String>
    ) -> [Finding] {
        var groups: [String: [TargetEdge]] = [:]
        var order: [String] = []
        for edge in graph.dependencies(of: node.ref) where !pluginPackages.contains(edge.to.package) {
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
                    + "its sources imports \(modules.joined(separator: " or ")) on any platform it is built for; remove "
                    + "the dependency or import it\(note)")
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
        let platformsOf = Dictionary(grouping: problems, by: { $0.target.ref }).mapValues {
            Array(Set($0.map(\.platform)))
        }
        let work = targets.keys.sorted().flatMap { ref in
            (files[ref] ?? []).flatMap { file in (platformsOf[ref] ?? [nil]).map { (ref, file, $0) } }
        }
        let scanner = self.scanner
        let perFile = await concurrentMap(work, limit: concurrency) { ref, file, platform in
            var settings = targets[ref]?.importSettings ?? ImportScanner.Settings(module: ref.target)
            settings.targetTriple = platform.flatMap { ImportScanner.Settings.triples[$0] }
            let imports = (try? await scanner.imports(of: [file], settings: settings).get()) ?? []
            return (ref, file, Set(imports))
        }
        var findings: [Finding] = []
        for problem in problems {
            let importing = perFile.filter { $0.0 == problem.target.ref && $0.2.contains(problem.module) }
            var located = false
            var seenFiles: Set<String> = []
            for (_, file, _) in importing where seenFiles.insert(file).inserted {
                let text = (try? String(contentsOf: RepoPath.url(file, in: scan.root), encoding: .utf8)) ?? ""
                var result = finding(problem.rule, problem.target, problem.message)
                result.file = file
                result.line = ImportLocator(source: text).line(of: problem.module)
                result.module = problem.module
                result.otherPackage = graph.owner(ofModule: problem.module, for: problem.target.ref)?.ref.package
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
