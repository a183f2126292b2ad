import Foundation

/// The inputs of an action key, read back from its canonical description (``ActionKey/description``; one input a
/// line, see ``ActionKeyBuilder``), so two descriptions can be compared input by input.
struct KeyInputs: Sendable, Equatable {
    /// `toolchain …` lines, in order.
    var toolchain: [String] = []
    /// `configuration …`.
    var configuration: String?
    /// `flag …`.
    var flags: Set<String> = []
    /// `env NAME=VALUE` / `env NAME unset`: the value, `nil` when unset.
    var environment: [String: String?] = [:]
    /// The package path (`package …`).
    var package: String?
    /// `target NAME TYPE`.
    var target: String?
    /// The manifest files (`Package.swift`, `Package@swift-*.swift` of the package) by path, with their digests.
    var manifests: [String: String] = [:]
    /// The pins by identity: `VERSION REVISION`; `resolved unknown` and `resolved SHA256` under the identity `*`.
    var pins: [String: String] = [:]
    /// Every other file of the target by path, with its digest (a symbolic link: `link DIGEST`).
    var files: [String: String] = [:]
    /// The digest of each reached target's own part, by id.
    var dependencies: [String: String] = [:]

    /// Parses `description`; lines it does not know are ignored (a newer format adds inputs, never reorders).
    init(_ description: String) {
        for line in description.split(whereSeparator: \.isNewline).map(String.init) {
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard words.count == 2 else { continue }
            let rest = words[1]
            switch words[0] {
            case "toolchain": toolchain.append(rest)
            case "configuration": configuration = rest
            case "flag": flags.insert(rest)
            case "env":
                if rest.hasSuffix(" unset"), !rest.contains("=") {
                    environment[String(rest.dropLast(6))] = .some(nil)
                } else if let equals = rest.firstIndex(of: "=") {
                    environment[String(rest[..<equals])] = String(rest[rest.index(after: equals)...])
                }
            case "package": package = rest
            case "target": target = rest
            case "file", "link":
                guard let space = rest.lastIndex(of: " ") else { continue }
                let path = String(rest[..<space])
                let digest = (words[0] == "link" ? "link " : "") + rest[rest.index(after: space)...]
                if isManifest(path) {
                    manifests[path] = digest
                } else {
                    files[path] = digest
                }
            case "pin":
                let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
                pins[parts[0]] = parts.count > 1 ? parts[1] : ""
            case "resolved": pins["*"] = rest
            case "dependency":
                let parts = rest.split(separator: " ").map(String.init)
                if parts.count == 2 {
                    dependencies[parts[0]] = parts[1]
                }
            default: continue
            }
        }
    }

    /// Whether `path` is a manifest file of this description's package (they come before the target's files).
    private func isManifest(_ path: String) -> Bool {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        guard name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift")) else {
            return false
        }
        let directory = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        return directory == (package ?? directory)
    }
}
