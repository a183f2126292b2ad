import Foundation

/// Checks the `quarantine` entries of modules.json: an entry past its `expires` date is `quarantine-expired`; one
/// whose package or test target does not exist is `unknown-quarantined-test`, and so is one whose suite or test is
/// missing from the test target's tests when they can be listed cheaply: `swift test list --skip-build` over the
/// tests `modules test` already built (its shared scratch path, else the package's own `.build`). Where nothing is
/// built, the listing fails and suites and tests are not checked.
struct QuarantineRules {
    let scan: RepositoryScan
    /// Today, from the injected ``WallClock``.
    let date: Date
    /// Runs `swift test list`.
    let runner: any ProcessRunning
    /// The `swift` driver.
    let swiftExecutable: String

    /// The most one listing may take.
    static let listingTimeout = Duration.seconds(120)

    /// The findings, each at the line of its entry's `test` in modules.json; with `listTests`, the suites and tests
    /// of targets whose tests are built are checked too.
    func findings(listTests: Bool) async -> [Finding] {
        let entries = scan.configuration.quarantine
        guard !entries.isEmpty else { return [] }
        let text =
            (try? String(contentsOf: scan.root.appendingPathComponent(ModulesConfiguration.fileName), encoding: .utf8))
            ?? ""
        let lines = text.components(separatedBy: "\n")
        func finding(
            _ rule: LintRule, _ entry: ModulesConfiguration.QuarantineEntry, package: String, _ message: String
        )
            -> Finding
        {
            let needle = "\"\(entry.test)\""
            return Finding(
                rule: rule, message: message, package: package, manifest: ModulesConfiguration.fileName,
                line: lines.firstIndex { $0.contains(needle) }.map { $0 + 1 })
        }
        var findings: [Finding] = []
        var listings: [String: Set<String>?] = [:]
        for entry in entries {
            if !entry.isInForce(at: date) {
                findings.append(
                    finding(
                        .quarantineExpired, entry, package: entry.test,
                        "\(ModulesConfiguration.fileName) quarantines \(entry.test) until \(entry.expires), which has "
                            + "passed (owner \(entry.owner): \(entry.reason)); its failures fail runs again: fix the "
                            + "test, or move the date"))
            }
            guard let test = QuarantinedTest.resolve(entry, packages: scan.packagePaths) else {
                findings.append(
                    finding(
                        .unknownQuarantinedTest, entry, package: entry.test,
                        "\(ModulesConfiguration.fileName) quarantines '\(entry.test)', which names no package of the "
                            + "repository with a test target and a test after it (Package/TestTarget/Suite/test())"))
                continue
            }
            let targets =
                scan.packages.first { $0.path == test.package }?.manifest.targets.filter(\.isTest).map(\.name) ?? []
            guard targets.contains(test.target) else {
                let known = targets.isEmpty ? "it has none" : "its test targets: " + targets.joined(separator: ", ")
                findings.append(
                    finding(
                        .unknownQuarantinedTest, entry, package: test.package,
                        "\(ModulesConfiguration.fileName) quarantines '\(entry.test)', but \(test.package) has no test "
                            + "target \(test.target) (\(known))"))
                continue
            }
            guard listTests else { continue }
            let key = "\(test.package):\(test.target)"
            if listings[key] == nil {
                listings[key] = .some(await listedTests(of: test))
            }
            guard let listed = listings[key] ?? nil else { continue }
            let module = PassingTargets.module(of: test.target)
            let id = module + "." + (test.suites + [test.name]).joined(separator: "/")
            if !listed.contains(id) {
                findings.append(
                    finding(
                        .unknownQuarantinedTest, entry, package: test.package,
                        "\(ModulesConfiguration.fileName) quarantines '\(entry.test)', but `swift test list` lists no "
                            + "\(id) in \(test.target) of \(test.package) (\(listed.count) tests, as last built)"))
            }
        }
        return findings
    }

    /// The IDs `swift test list --skip-build` prints for `test`'s package (`Module.Suite/Inner/name()`, XCTest's
    /// `Module.Class/method`) among those of its target's module, or `nil` when the tests are not built.
    private func listedTests(of test: QuarantinedTest) async -> Set<String>? {
        let directory = RepoPath.url(test.package, in: scan.root)
        let scratch = scan.root.appendingPathComponent(".build/modules/scratch", isDirectory: true)
        // NB: only build directories that exist: SwiftPM would create an empty one before it fails.
        let candidates = [scratch, directory.appendingPathComponent(".build", isDirectory: true)].filter {
            FileManager().fileExists(atPath: $0.path)
        }.map { ["--package-path", directory.path, "--scratch-path", $0.path] }
        let module = PassingTargets.module(of: test.target)
        for location in candidates {
            let invocation = ProcessInvocation(
                executable: swiftExecutable, arguments: ["test", "list", "--skip-build"] + location,
                workingDirectory: directory, timeout: Self.listingTimeout)
            guard let result = try? await runner.run(invocation), result.succeeded else { continue }
            let ids = result.standardOutputText.split(whereSeparator: \.isNewline).map(String.init).filter {
                !$0.contains(" ") && $0.hasPrefix(module + ".")
            }
            // NB: an empty listing of the target says nothing about its tests (a build of other targets only).
            if !ids.isEmpty { return Set(ids) }
        }
        return nil
    }
}
