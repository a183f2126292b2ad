/// The steps of one `swift build` in a package's log (`[12/340] Compiling Logging Logger.swift`), counted by the
/// module they build, so that a build's seconds can be shared out among the modules it compiled.
///
/// What counts: `Compiling M FILE…` (with the files it names), `Emitting module M`, `Wrapping AST for M …` and
/// `Linking X` (an executable's product name is matched to its module the way SwiftPM names modules). Steps of the
/// package's test product (`<Name>PackageTests`, `<Name>PackageDiscoveredTests`, `Linking <Name>PackageTests.xctest`)
/// are the package's own cost, rebuilt for every package that is tested. Everything else (`Planning build`, `Write
/// sources`, `Copying`, generated paths) is left out.
public struct BuildLogSteps: Sendable, Equatable {
    /// One module's steps.
    public struct Module: Sendable, Equatable {
        /// How many steps built it.
        public var steps: Int
        /// How many distinct source files its `Compiling` steps named (an incremental build names fewer).
        public var files: Int
    }

    /// The modules compiled, by module name.
    public var modules: [String: Module]
    /// The steps of the package's test product (its discovered-tests module, its runner and its link).
    public var productSteps: Int

    /// Every step counted.
    public var totalSteps: Int { modules.values.reduce(productSteps) { $0 + $1.steps } }

    /// Reads the first `swift build` section of `log` (from its `$ swift build` line to the next `$ ` line; the
    /// whole text when it has no such line).
    public static func parse(_ log: String) -> BuildLogSteps {
        var counts: [String: Int] = [:]
        var files: [String: Set<String>] = [:]
        var linked: [String] = []
        var product = 0
        let lines = log.split(separator: "\n", omittingEmptySubsequences: true)
        var inBuild = !lines.contains { $0.hasPrefix("$ ") }
        for line in lines {
            if line.hasPrefix("$ ") {
                if inBuild { break }
                inBuild = line.contains(" build ")
                continue
            }
            guard inBuild, line.hasPrefix("["), let close = line.firstIndex(of: "]") else { continue }
            let step = line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)
            let words = step.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard words.count >= 2 else { continue }
            var module: String?
            switch words[0] {
            case "Compiling":
                module = words[1]
                for file in words.dropFirst(2) {
                    files[words[1], default: []].insert(file.hasSuffix(",") ? String(file.dropLast()) : file)
                }
            case "Emitting" where words[1] == "module" && words.count >= 3: module = words[2]
            case "Wrapping" where words.count >= 4 && words[1] == "AST" && words[2] == "for": module = words[3]
            case "Linking":
                if words[1].hasSuffix("PackageTests.xctest") {
                    product += 1
                } else {
                    linked.append(words[1])
                }
            default: break
            }
            guard let module else { continue }
            if module.hasSuffix("PackageTests") || module.hasSuffix("PackageDiscoveredTests") {
                product += 1
            } else {
                counts[module, default: 0] += 1
            }
        }
        for name in linked {
            let module = PassingTargets.module(of: name)
            if counts[module] != nil {
                counts[module, default: 0] += 1
            } else {
                product += 1
            }
        }
        return BuildLogSteps(
            modules: Dictionary(
                uniqueKeysWithValues: counts.map { ($0.key, Module(steps: $0.value, files: files[$0.key]?.count ?? 0)) }
            ),
            productSteps: product)
    }
}
