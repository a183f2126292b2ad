import Foundation

/// The source imports behind each dependency: for every checked target (as `lint` checks them), the modules its
/// files import as the compiler reads them (one `-emit-imported-modules` call per target, the call `lint` makes),
/// each placed at its file and line by ``ImportLocator``. An `import` the locator finds in an inactive `#if`
/// branch is left out when the compiler did not see the module at all.
struct ImportEvidence {
    /// One `import` of a repository module.
    struct Entry: Equatable {
        var importer: TargetRef
        var owner: TargetRef
        var file: String
        var line: Int
        var module: String
    }

    let scan: RepositoryScan
    let graph: TargetGraph
    let scanner: ImportScanner
    let concurrency: Int

    /// Every import of a module of another repository target, by importing target and file order; targets the
    /// compiler could not read are skipped (`lint` reports them as `import-scan-failed`).
    func entries() async -> [Entry] {
        let root = scan.root
        let targets = graph.nodes.filter { ImportLinter.checkedTypes.contains($0.type) }
            .map { ($0, $0.swiftFiles(root: root)) }.filter { !$0.1.isEmpty }
        let scanner = self.scanner
        let scanned = await concurrentMap(targets, limit: concurrency) { node, files in
            (node, files, (try? await scanner.imports(of: files, settings: node.importSettings).get()) ?? [])
        }
        var entries: [Entry] = []
        for (node, files, modules) in scanned {
            let seen = Set(modules)
            for file in files {
                let text = (try? String(contentsOf: RepoPath.url(file, in: root), encoding: .utf8)) ?? ""
                for declaration in ImportLocator(source: text).declarations
                where seen.contains(declaration.module) && declaration.module != node.module {
                    guard let owner = graph.owner(ofModule: declaration.module, for: node.ref) else { continue }
                    entries.append(
                        Entry(
                            importer: node.ref, owner: owner.ref, file: file, line: declaration.line,
                            module: declaration.module))
                }
            }
        }
        return entries
    }
}
