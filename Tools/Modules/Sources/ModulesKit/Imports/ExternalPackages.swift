import Foundation

/// What the import checks know about the packages outside the repository (source control, registry) that its
/// manifests depend on: their pins from `Package.resolved` and, when a checkout exists under `.build/checkouts`,
/// their products and the modules each product brings.
///
/// Where a dependency has no checkout, its products are known only by the names the repository's manifests use, and
/// a product is taken to bring the module of its own name (true of most packages; a product with several modules
/// needs the checkout: `swift package resolve`).
struct ExternalPackages: Sendable {
    /// One external package.
    struct Package: Sendable, Equatable {
        /// SwiftPM's identity (the URL's last component, lowercased, without `.git`).
        var identity: String
        /// The URL or registry id.
        var location: String
        /// The resolved version or revision, from `Package.resolved`, when pinned.
        var pin: String?
        /// The checkout directory read, when one was found.
        var checkout: String?
        /// Product name → the modules it brings, from the checkout's manifest (`nil` without a checkout).
        var products: [String: [String]]?
    }

    /// By identity.
    var packages: [String: Package] = [:]
    /// The `Package.resolved` files read (repository-relative).
    var resolvedFiles: [String] = []
    /// The checkout directories looked in (repository-relative), found or not.
    var checkoutDirectories: [String] = []

    /// The modules product `product` of package `identity` brings: from the checkout's manifest, else the module of
    /// the product's own name.
    func modules(ofProduct product: String, package identity: String?) -> [String] {
        if let identity, let products = packages[identity.lowercased()]?.products, let modules = products[product] {
            return modules
        }
        if identity == nil {
            for package in packages.values.sorted(by: { $0.identity < $1.identity }) {
                if let modules = package.products?[product] { return modules }
            }
        }
        return [TargetLayout.c99Name(product)]
    }

    /// Every module some external product brings, with the product and package: the checkouts' full product lists,
    /// plus the products the repository's targets name.
    func knownModules(named: [(product: String, package: String?)]) -> [String: (product: String, package: String)] {
        var result: [String: (product: String, package: String)] = [:]
        for package in packages.values.sorted(by: { $0.identity < $1.identity }) {
            for (product, modules) in (package.products ?? [:]).sorted(by: { $0.key < $1.key }) {
                for module in modules where result[module] == nil {
                    result[module] = (product, package.identity)
                }
            }
        }
        for (product, package) in named {
            for module in modules(ofProduct: product, package: package) where result[module] == nil {
                result[module] = (product, package ?? product)
            }
        }
        return result
    }

    /// Where the tool looked, for an `unknown-module` finding.
    var searchedPlaces: String {
        var places: [String] = []
        if packages.isEmpty {
            places.append("no package depends on a package outside the repository")
        } else {
            let pins = packages.values.sorted { $0.identity < $1.identity }.map { package in
                package.identity + (package.pin.map { " \($0)" } ?? " (not pinned)")
                    + (package.checkout == nil ? ", no checkout" : "")
            }
            places.append("external packages: " + pins.joined(separator: ", "))
        }
        places.append(
            "Package.resolved: " + (resolvedFiles.isEmpty ? "none found" : resolvedFiles.joined(separator: ", ")))
        places.append("checkouts looked for in: " + checkoutDirectories.joined(separator: ", "))
        return places.joined(separator: "; ")
    }

    /// Reads the pins and checkouts of every external dependency of `scan`'s packages.
    static func load(scan: RepositoryScan, loader: ManifestLoader) async -> ExternalPackages {
        var result = ExternalPackages()
        var checkoutRoots: [String] = []
        var resolvedFiles: [String] = []
        for package in scan.packages where package.manifest.dependencies.contains(where: { $0.kind != .fileSystem }) {
            for dependency in package.manifest.dependencies where dependency.kind != .fileSystem {
                let identity = dependency.identity.lowercased()
                if result.packages[identity] == nil {
                    result.packages[identity] = Package(
                        identity: identity, location: dependency.location ?? dependency.identity)
                }
            }
            let base = package.path == "." ? "" : package.path + "/"
            resolvedFiles.append(base + "Package.resolved")
            checkoutRoots.append(base + ".build/checkouts")
        }
        guard !result.packages.isEmpty else { return result }
        // The root's resolution and the shared build directory of `modules test` serve every package.
        resolvedFiles.append("Package.resolved")
        checkoutRoots += [".build/checkouts", ".build/modules/scratch/checkouts"]
        var seen: Set<String> = []
        for file in resolvedFiles where seen.insert(file).inserted {
            let url = RepoPath.url(file, in: scan.root)
            guard let data = try? Data(contentsOf: url) else { continue }
            result.resolvedFiles.append(file)
            for pin in ResolvedFile.pins(in: data) {
                guard var package = result.packages[pin.identity], package.pin == nil else { continue }
                package.pin = pin.state
                result.packages[pin.identity] = package
            }
        }
        var roots: [String] = []
        for root in checkoutRoots where !roots.contains(root) {
            roots.append(root)
        }
        result.checkoutDirectories = roots
        var found: [(String, URL)] = []
        for identity in result.packages.keys.sorted() {
            let names = checkoutNames(identity: identity, location: result.packages[identity]?.location)
            let candidate = roots.lazy.flatMap { root in names.map { "\(root)/\($0)" } }.first { path in
                FileManager().fileExists(
                    atPath: RepoPath.url(path, in: scan.root).appendingPathComponent("Package.swift").path)
            }
            if let candidate {
                result.packages[identity]?.checkout = candidate
                found.append((identity, RepoPath.url(candidate, in: scan.root)))
            }
        }
        let manifests = await concurrentMap(found, limit: 4) { identity, url in
            (identity, await loader.load(packageIn: url))
        }
        for (identity, loaded) in manifests {
            guard case .success(let manifest) = loaded else { continue }
            var products: [String: [String]] = [:]
            for product in manifest.products {
                products[product.name] = product.targets.map(TargetLayout.c99Name)
            }
            result.packages[identity]?.products = products
        }
        return result
    }

    /// The directory names SwiftPM may give a checkout: the identity, and the URL's last component as written.
    static func checkoutNames(identity: String, location: String?) -> [String] {
        var names = [identity]
        if let location, let last = location.split(separator: "/").last {
            let name = last.hasSuffix(".git") ? String(last.dropLast(4)) : String(last)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }
}

/// `Package.resolved`, versions 1 (`object.pins[].package/repositoryURL`) and 2 and 3 (`pins[].identity/location`).
enum ResolvedFile {
    struct Pin: Equatable {
        var identity: String
        var location: String
        /// The version, else the branch and revision, else the revision.
        var state: String
    }

    static func pins(in data: Data) -> [Pin] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        let entries =
            (object["pins"] as? [[String: Any]]) ?? ((object["object"] as? [String: Any])?["pins"] as? [[String: Any]])
            ?? []
        return entries.compactMap { entry in
            let location = (entry["location"] as? String) ?? (entry["repositoryURL"] as? String) ?? ""
            let identity =
                (entry["identity"] as? String)
                ?? ExternalPackages.checkoutNames(identity: "", location: location).last?.lowercased()
            guard let identity, !identity.isEmpty else { return nil }
            let state = entry["state"] as? [String: Any] ?? [:]
            let revision = (state["revision"] as? String).map { String($0.prefix(12)) }
            let text =
                (state["version"] as? String)
                ?? (state["branch"] as? String).map { "\($0)@\(revision ?? "?")" } ?? revision ?? "?"
            return Pin(identity: identity.lowercased(), location: location, state: text)
        }
    }
}
