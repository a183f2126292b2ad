import Foundation

/// What `modules new` did.
struct ScaffoldResult: Encodable {
    /// The version of this JSON shape.
    var schemaVersion = 1
    /// The new package's repository path.
    var package: String
    /// `feature` or `core`.
    var kind: String
    /// Repository-relative paths of the files written.
    var created: [String]
    /// Repository-relative paths of the existing files changed (the App's manifest, its new source file).
    var edited: [String]
    /// The repository packages the new package depends on.
    var dependencies: [String]
    /// `modules lint` right after, unless `--no-lint`.
    var lint: LintReport?
}

/// Writes a new package into the repository and, for a feature, adds it to the App: the path dependency and the
/// product in the App target of the root manifest (with `swift package add-dependency` and
/// `add-target-dependency`, which edit the manifest's syntax tree), and a source file in that target that imports
/// the feature, so that the declared dependency is used.
struct Scaffolder {
    let runner: any ProcessRunning
    let swiftExecutable: String
    let root: URL

    /// Where packages of each kind go.
    static func packagePath(kind: String, name: String) -> String {
        kind == "feature" ? "Features/\(name)" : "Core/\(name)"
    }

    /// Creates the package `name` of `kind` (`feature` or `core`) in the repository `scan` describes.
    /// - Throws: ``CommandFailure`` when the name is taken or a file or manifest cannot be written.
    func create(kind: String, name: String, scan: RepositoryScan) async throws -> ScaffoldResult {
        let path = Self.packagePath(kind: kind, name: name)
        try checkFree(name: name, path: path, scan: scan)
        if kind == "feature", let registration = EntryRegistration.find(in: root),
            let products = EntryFeatureTemplate.products(in: scan)
        {
            let template = EntryFeatureTemplate(name: name, packagePath: path, products: products)
            var result = ScaffoldResult(
                package: path, kind: kind, created: [], edited: [], dependencies: template.dependencies)
            for (relative, text) in template.files {
                let file = "\(path)/\(relative)"
                try write(text, to: file)
                result.created.append(file)
            }
            result.edited = try registration.add(name, in: root)
            return result
        }
        let template = PackageTemplate(name: name, packagePath: path)
        var files: [(String, String)]
        var dependencies: [String] = []
        if kind == "feature" {
            let available = ScaffoldDependencies(scan: scan)
            let feature = FeatureTemplate(name: name, dependencies: available)
            files =
                [("Package.swift", template.featureManifest(available))] + feature.sources
                + template.featureTests(feature)
            dependencies = available.used.map(\.0)
        } else {
            files = template.coreFiles
        }
        var result = ScaffoldResult(package: path, kind: kind, created: [], edited: [], dependencies: dependencies)
        for (relative, text) in files {
            let file = "\(path)/\(relative)"
            try write(text, to: file)
            result.created.append(file)
        }
        if kind == "feature", let app = appTarget(in: scan) {
            result.created.append(try await addToApp(name: name, path: path, app: app))
            result.edited.append(PackageDiscovery.manifestName)
        }
        return result
    }

    private func checkFree(name: String, path: String, scan: RepositoryScan) throws {
        if FileManager().fileExists(atPath: RepoPath.url(path, in: root).path) {
            throw CommandFailure(message: "\(path) already exists", status: ExitStatus.failure)
        }
        if let clash = scan.packagePaths.first(where: { scan.identity(of: $0) == name.lowercased() }) {
            throw CommandFailure(
                message: "\(clash) already has the package identity '\(name.lowercased())' (SwiftPM derives it from "
                    + "the directory name); choose another name",
                status: ExitStatus.failure)
        }
        if let owner = TargetGraph(scan: scan).owner(ofModule: name) {
            throw CommandFailure(
                message: "target \(owner.ref.target) of \(owner.ref.package) is already a module named \(name)",
                status: ExitStatus.failure)
        }
    }

    /// The root package's App target: its regular (else executable) target that depends on the most products of
    /// other packages.
    private func appTarget(in scan: RepositoryScan) -> TargetNode? {
        let graph = TargetGraph(scan: scan)
        let candidates = graph.nodes.filter { $0.ref.package == "." && ["regular", "executable"].contains($0.type) }
        return candidates.max { lhs, rhs in
            let left = (lhs.type == "regular" ? 1000 : 0) + graph.dependencies(of: lhs.ref).count { $0.product != nil }
            let right = (rhs.type == "regular" ? 1000 : 0) + graph.dependencies(of: rhs.ref).count { $0.product != nil }
            return left < right
        }
    }

    /// Adds the feature to the App's manifest and target; returns the App's new source file.
    private func addToApp(name: String, path: String, app: TargetNode) async throws -> String {
        try await swiftPackage(["add-dependency", path, "--type", "path"])
        try await swiftPackage(["add-target-dependency", name, app.ref.target, "--package", name])
        let file = "\(app.directory)/\(name)Screen.swift"
        try write(
            """
            import \(name)

            /// The \(name) screen's model for the App's router; the composition root builds the feature itself.
            @MainActor
            func make\(name)ViewModel(feature: \(name)Feature) -> \(name)ViewModel {
                \(name)ViewModel(feature: feature)
            }

            """, to: file)
        return file
    }

    private func swiftPackage(_ arguments: [String]) async throws {
        let invocation = ProcessInvocation(
            executable: swiftExecutable, arguments: ["package", "--ignore-lock"] + arguments, workingDirectory: root)
        let result: ProcessResult
        do {
            result = try await runner.run(invocation)
        } catch {
            throw CommandFailure(message: "\(error)", status: ExitStatus.software)
        }
        guard result.succeeded else {
            throw CommandFailure(
                message: "\(invocation.commandLine) failed: \(result.standardErrorText)\(result.standardOutputText)",
                status: ExitStatus.failure)
        }
    }

    private func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        do {
            try FileManager().createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .withoutOverwriting)
        } catch {
            throw CommandFailure(
                message: "cannot write \(path): \(error.localizedDescription)", status: ExitStatus.cannotCreate)
        }
    }
}
