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

    /// Where packages of each kind go, by the `scaffold` settings.
    static func packagePath(kind: String, name: String, settings: ModulesConfiguration.Scaffold) -> String {
        let directory = kind == "feature" ? settings.featuresDirectory : settings.coreDirectory
        return directory == "." ? name : "\(directory)/\(name)"
    }

    /// Creates the package `name` of `kind` (`feature` or `core`) in the repository `scan` describes, with the
    /// `scaffold` settings of its `modules.json`; `addToApp: false` leaves the root manifest alone; `tab` gives a
    /// feature of the feature-entry template a tab and a badge (other templates refuse it).
    /// - Throws: ``CommandFailure`` when the name is taken, a file or manifest cannot be written, or a feature
    ///   should go into an app target that cannot be identified (nothing is written then).
    func create(kind: String, name: String, scan: RepositoryScan, addToApp: Bool = true, tab: Bool = false)
        async throws -> ScaffoldResult
    {
        let settings = scan.configuration.scaffold
        let path = Self.packagePath(kind: kind, name: name, settings: settings)
        let isEntryFeature = kind == "feature" && settings.featureTemplate == EntryFeatureTemplate.id
        if tab, !isEntryFeature {
            throw UsageError(
                message: "--tab needs a feature of the \(EntryFeatureTemplate.id) template (scaffold.featureTemplate "
                    + "in modules.json is \(settings.featureTemplate))")
        }
        try checkFree(name: name, path: path, scan: scan)
        if isEntryFeature {
            return try createEntryFeature(name: name, path: path, scan: scan, register: addToApp, tab: tab)
        }
        let app = kind == "feature" && addToApp ? try appTarget(in: scan, settings: settings) : nil
        let template = PackageTemplate(name: name, packagePath: path)
        var files: [(String, String)]
        var dependencies: [String] = []
        let storefront = kind == "feature" && settings.featureTemplate == "storefront-feature"
        if storefront {
            let available = ScaffoldDependencies(scan: scan)
            let feature = FeatureTemplate(name: name, dependencies: available)
            files =
                [("Package.swift", template.featureManifest(available))] + feature.sources
                + template.featureTests(feature)
            dependencies = available.used.map(\.0)
        } else {
            files = template.libraryFiles(
                summary: kind == "feature"
                    ? "a feature package. It depends on nothing in the repo yet."
                    : "shared infrastructure for two or more packages. It depends on nothing in the repo.")
        }
        var result = ScaffoldResult(package: path, kind: kind, created: [], edited: [], dependencies: dependencies)
        for (relative, text) in files {
            let file = "\(path)/\(relative)"
            try write(text, to: file)
            result.created.append(file)
        }
        if let app {
            result.created.append(try await add(name: name, path: path, to: app, storefront: storefront))
            result.edited.append(PackageDiscovery.manifestName)
        }
        return result
    }

    /// A feature in the shape of the feature entry contract (``EntryFeatureTemplate``), registered with the App
    /// (``EntryRegistration``) unless `register` is false, with a tab and a badge when `tab`. Everything is checked
    /// before anything is written: the products the template uses, the App's two lists, and that the feature's
    /// route and command word are free.
    private func createEntryFeature(name: String, path: String, scan: RepositoryScan, register: Bool, tab: Bool)
        throws -> ScaffoldResult
    {
        guard let products = EntryFeatureTemplate.products(in: scan) else {
            throw CommandFailure(
                message: "the \(EntryFeatureTemplate.id) template needs packages declaring the products "
                    + EntryFeatureTemplate.requiredProducts.joined(separator: ", ")
                    + "; this repository lacks some (set scaffold.featureTemplate in modules.json to another template)",
                status: ExitStatus.failure)
        }
        let template = EntryFeatureTemplate(name: name, packagePath: path, products: products, tab: tab)
        try EntryRegistration.checkWordIsFree(template.lower, in: root)
        var edits: EntryRegistration.Edits?
        if register {
            guard let registration = EntryRegistration.find(in: root) else {
                throw CommandFailure(
                    message:
                        "cannot register the feature: Package.swift needs a '\(EntryRegistration.featureListOpening)' "
                        + "list (one quoted name a line) and a source file of the root package a '"
                        + EntryRegistration.entryListOpening + "' list; nothing was written (--no-app creates the "
                        + "package alone)",
                    status: ExitStatus.failure)
            }
            edits = try registration.prepare(name, in: root)
        }
        var result = ScaffoldResult(
            package: path, kind: "feature", created: [], edited: [], dependencies: template.dependencies)
        for (relative, text) in template.files {
            let file = "\(path)/\(relative)"
            try write(text, to: file)
            result.created.append(file)
        }
        if let edits {
            result.edited = try edits.apply(in: root)
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

    /// The target of the root manifest new features are added to: `scaffold.appTarget` of `modules.json`. Without
    /// it nothing is guessed: a root package with targets is a manifest this tool cannot identify, so the command
    /// stops and names what to configure; a repository without a root package has no app to add to.
    private func appTarget(in scan: RepositoryScan, settings: ModulesConfiguration.Scaffold) throws -> TargetNode? {
        let graph = TargetGraph(scan: scan)
        let candidates = graph.nodes.filter { $0.ref.package == "." && ["regular", "executable"].contains($0.type) }
        let names = candidates.map(\.ref.target).joined(separator: ", ")
        guard let wanted = settings.appTarget else {
            guard !candidates.isEmpty else { return nil }
            throw CommandFailure(
                message: "cannot tell which target of Package.swift the new feature belongs to; set "
                    + "scaffold.appTarget in modules.json to one of \(names), or pass --no-app to leave Package.swift "
                    + "as it is",
                status: ExitStatus.failure)
        }
        guard let target = candidates.first(where: { $0.ref.target == wanted }) else {
            throw CommandFailure(
                message: "scaffold.appTarget '\(wanted)' of modules.json is no regular or executable target of "
                    + "Package.swift (targets: \(names.isEmpty ? "none" : names))",
                status: ExitStatus.dataError)
        }
        return target
    }

    /// Adds the feature to the App's manifest and target; returns the App's new source file, which uses the
    /// feature through what the template made public (so the declared dependency is used and compiles).
    private func add(name: String, path: String, to app: TargetNode, storefront: Bool) async throws -> String {
        try await swiftPackage(["add-dependency", path, "--type", "path"])
        try await swiftPackage(["add-target-dependency", name, app.ref.target, "--package", name])
        let file = "\(app.directory)/\(name)\(storefront ? "Screen" : "Link").swift"
        let lower = name.prefix(1).lowercased() + name.dropFirst()
        try write(
            storefront
                ? """
                import \(name)

                /// The \(name) screen's model for the App's router; the composition root builds the feature itself.
                @MainActor
                func make\(name)ViewModel(feature: \(name)Feature) -> \(name)ViewModel {
                    \(name)ViewModel(feature: feature)
                }

                """
                : """
                import \(name)

                /// Links \(name) into the app; the composition root builds what it needs from it.
                let \(lower)ModuleName = \(name).moduleName

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
