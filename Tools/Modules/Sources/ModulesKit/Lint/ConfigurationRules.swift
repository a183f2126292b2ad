import Foundation

/// Checks `modules.json` against the repository it describes, so that a typo cannot silently switch a rule off:
/// a `packages` key that names no package is an error; a layer's package glob or an `exclude` entry that matches
/// nothing is a warning.
struct ConfigurationRules {
    let scan: RepositoryScan

    /// The findings, each located in `modules.json` (with its line when the quoted text is found there).
    func findings() -> [Finding] {
        let configuration = scan.configuration
        let text =
            (try? String(
                contentsOf: scan.root.appendingPathComponent(ModulesConfiguration.fileName), encoding: .utf8)) ?? ""
        let lines = text.components(separatedBy: "\n")
        func line(of quoted: String) -> Int? {
            let needle = "\"\(quoted)\""
            return lines.firstIndex { $0.contains(needle) }.map { $0 + 1 }
        }
        let known = Set(scan.packagePaths)
        var findings: [Finding] = []
        for key in configuration.packages.keys.sorted() where !known.contains(key) {
            findings.append(
                Finding(
                    rule: .unknownConfiguredPackage,
                    message: "\(ModulesConfiguration.fileName) has rules under packages for '\(key)', which is no "
                        + "package of the repository, so they check nothing; use a package path (\(Self.examples(known)))",
                    package: key,
                    manifest: ModulesConfiguration.fileName,
                    line: line(of: key)
                )
            )
        }
        for layer in configuration.layers {
            for glob in layer.packages where !scan.packagePaths.contains(where: glob.matches) {
                findings.append(
                    Finding(
                        rule: .unmatchedConfigurationGlob,
                        severity: .warning,
                        message: "\(ModulesConfiguration.fileName): glob '\(glob.pattern)' of layer '\(layer.name)' "
                            + "matches no package of the repository",
                        package: glob.pattern,
                        manifest: ModulesConfiguration.fileName,
                        line: line(of: glob.pattern)
                    )
                )
            }
        }
        for pattern in scan.unmatchedExcludes {
            findings.append(
                Finding(
                    rule: .unmatchedConfigurationGlob,
                    severity: .warning,
                    message: "\(ModulesConfiguration.fileName): exclude entry '\(pattern)' matches no directory of "
                        + "the repository",
                    package: pattern,
                    manifest: ModulesConfiguration.fileName,
                    line: line(of: pattern)
                )
            )
        }
        return findings
    }

    private static func examples(_ known: Set<String>) -> String {
        let sorted = known.sorted(by: PackageDiscovery.packageOrder)
        let shown = sorted.prefix(3).joined(separator: ", ")
        return sorted.count > 3 ? "\(shown), …" : shown
    }
}
