import Foundation

/// Resolving PACKAGE arguments of `test`, `plan` and `build-times`.
enum PackageSelection {
    /// Resolves the PACKAGE arguments to repository-relative paths (all packages when none is given).
    /// - Throws: ``UsageError`` for a name that matches no package, or a directory name two packages share.
    static func select(_ requested: [String], from paths: [String], context: CommandContext) async throws -> [String] {
        guard !requested.isEmpty else { return paths }
        var selected: [String] = []
        var byName: [String: String]?
        for request in requested {
            let normalized = RepoPath.normalize(request)
            let fromCurrent = RepoPath.relative(
                URL(fileURLWithPath: request, relativeTo: context.environment.currentDirectory),
                to: context.root
            )
            var match = [normalized, fromCurrent].compactMap { $0 }.first { paths.contains($0) }
            if match == nil {
                let sameIdentity = paths.filter {
                    context.root.appendingPathComponent($0).lastPathComponent.lowercased() == normalized.lowercased()
                        && $0 != "."
                }
                guard sameIdentity.count <= 1 else {
                    throw UsageError(
                        message:
                            "'\(request)' names several packages (\(sameIdentity.joined(separator: ", "))); give a path"
                    )
                }
                match = sameIdentity.first
            }
            if match == nil {
                if byName == nil {
                    let scan = try await context.scan()
                    byName = Dictionary(
                        scan.packages.map { ($0.manifest.name, $0.path) },
                        uniquingKeysWith: { first, _ in first }
                    )
                }
                match = byName?[request]
            }
            guard let match else {
                throw UsageError(message: "no package '\(request)' in \(context.root.path)")
            }
            if !selected.contains(match) {
                selected.append(match)
            }
        }
        return selected
    }
}
