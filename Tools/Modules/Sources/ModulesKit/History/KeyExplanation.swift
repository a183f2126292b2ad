import Foundation

/// Why a target's action key differs from the one of an earlier run: every input that differs, first the one that
/// decides (``reason``), in this order: the toolchain, the build configuration, the flags, the allow-listed
/// environment variables, the package's manifest, its `Package.resolved` pins, the target's own files (edited,
/// added, removed, renamed: a file gone and one added with the same content), then the targets it reaches (each
/// with the chain of dependencies that carries it and, when the earlier run recorded the dependency's own inputs,
/// what changed inside it).
public struct KeyExplanation: Sendable, Equatable, Encodable {
    /// One differing input.
    public struct Cause: Sendable, Equatable, Encodable {
        /// `toolchain`, `configuration`, `flag`, `environment`, `manifest`, `resolved`, `file-edited`,
        /// `file-added`, `file-removed`, `file-renamed`, `dependency`, `dependency-added`, `dependency-removed`.
        public var kind: String
        /// The file (a manifest, a source, `Package.resolved`), a flag, a variable's name, a pin's identity, or a
        /// dependency's id.
        public var subject: String
        /// What it was, when it had a value (`nil` for something added).
        public var before: String?
        /// What it is now (`nil` for something removed).
        public var after: String?
        /// For a renamed file: its path before.
        public var from: String?
        /// For a dependency: the chain of targets from the explained target to it.
        public var chain: [String]?
        /// For a dependency: what changed inside it (its first cause), when known.
        public var inner: [Cause]?
        /// For an added file: whether it is empty.
        public var empty: Bool?

        /// The cause in a few words, with its paths.
        public var summary: String {
            switch kind {
            case "toolchain": return "another toolchain: \(after ?? "?") (was \(before ?? "?"))"
            case "configuration": return "configuration \(after ?? "?") (was \(before ?? "?"))"
            case "flag": return after == nil ? "flag removed: \(subject)" : "flag added: \(subject)"
            case "environment":
                return "environment variable \(subject) changed: \(after ?? "unset") (was \(before ?? "unset"))"
            case "manifest": return "manifest changed: \(subject)"
            case "resolved":
                if subject == "*" { return "Package.resolved changed" }
                return "Package.resolved pin \(subject): \(after ?? "removed") (was \(before ?? "not pinned"))"
            case "file-edited": return "file edited: \(subject)"
            case "file-added": return "file added: \(subject)\(empty == true ? " (empty)" : "")"
            case "file-removed": return "file removed: \(subject)"
            case "file-renamed": return "file renamed: \(from ?? "?") → \(subject)"
            case "dependency", "dependency-added", "dependency-removed":
                let path = (chain ?? [subject]).joined(separator: " → ")
                let what =
                    kind == "dependency-added"
                    ? "new dependency" : kind == "dependency-removed" ? "dependency removed" : "dependency changed"
                return "\(what) \(subject) (via \(path))" + (inner?.first.map { ": \($0.summary)" } ?? "")
            default: return "\(kind) \(subject)"
            }
        }
    }

    /// The target, `<package>:<target>`.
    public var target: String
    /// Its key now.
    public var key: String
    /// The key it is compared with.
    public var previousKey: String?
    /// What it is compared with (`the last passing run (commit …, time)`, a file, `affected since REF`).
    public var against: String
    /// Every differing input, the deciding one first.
    public var causes: [Cause]
    /// The one-line reason (the first cause), or why there is none.
    public var reason: String

    /// Compares `current` (the key now, with its dependencies' own parts) with the inputs of an earlier run.
    /// - Parameters:
    ///   - previous: the earlier description; `previousParts` its dependencies' own parts, when recorded.
    ///   - chain: the chain of target ids from the target to a dependency (the graph's path), for the output.
    public static func compare(
        target: String, current: ActionKey, previousKey: String?, previous: String, previousParts: [String: String]?,
        against: String, chain: (String) -> [String]
    ) -> KeyExplanation {
        let now = KeyInputs(current.description)
        let before = KeyInputs(previous)
        var causes = ownCauses(now, before)
        let own = Set(causes.map(\.summary))
        for id in Set(now.dependencies.keys).union(before.dependencies.keys).sorted() {
            let old = before.dependencies[id]
            let new = now.dependencies[id]
            guard old != new else { continue }
            var cause = Cause(
                kind: old == nil ? "dependency-added" : new == nil ? "dependency-removed" : "dependency", subject: id,
                before: old.map { String($0.prefix(12)) }, after: new.map { String($0.prefix(12)) },
                chain: chain(id))
            if let oldPart = previousParts?[id], let newPart = current.dependencyParts[id] {
                let inner = ownCauses(KeyInputs(newPart), KeyInputs(oldPart))
                // NB: a target of the same package shares its manifest and pins: that change is named once.
                if !inner.isEmpty, inner.allSatisfy({ own.contains($0.summary) }) { continue }
                cause.inner = inner.isEmpty ? nil : inner
            }
            causes.append(cause)
        }
        let reason: String
        if let first = causes.first {
            reason = first.summary
        } else if previousKey == current.key || previous == current.description {
            reason = "nothing changed since \(against)"
        } else {
            reason = "the inputs differ in a way this version does not read (another key format)"
        }
        return KeyExplanation(
            target: target, key: current.key, previousKey: previousKey, against: against, causes: causes,
            reason: reason)
    }

    /// The differences of the inputs that are a target's own (everything but the reached targets).
    static func ownCauses(_ now: KeyInputs, _ before: KeyInputs) -> [Cause] {
        var causes: [Cause] = []
        if now.toolchain != before.toolchain {
            causes.append(
                Cause(
                    kind: "toolchain", subject: "swift --version", before: before.toolchain.first,
                    after: now.toolchain.first))
        }
        if now.configuration != before.configuration {
            causes.append(
                Cause(
                    kind: "configuration", subject: "configuration", before: before.configuration,
                    after: now.configuration))
        }
        for flag in now.flags.symmetricDifference(before.flags).sorted() {
            causes.append(
                Cause(
                    kind: "flag", subject: flag, before: before.flags.contains(flag) ? flag : nil,
                    after: now.flags.contains(flag) ? flag : nil))
        }
        for name in Set(now.environment.keys).union(before.environment.keys).sorted() {
            let old = before.environment[name] ?? nil
            let new = now.environment[name] ?? nil
            if old != new {
                causes.append(Cause(kind: "environment", subject: name, before: old, after: new))
            }
        }
        for path in Set(now.manifests.keys).union(before.manifests.keys).sorted()
        where now.manifests[path] != before.manifests[path] {
            causes.append(
                Cause(kind: "manifest", subject: path, before: before.manifests[path], after: now.manifests[path]))
        }
        if now.target != before.target, before.target != nil {
            causes.append(
                Cause(
                    kind: "manifest", subject: "target \(now.target ?? "?")", before: before.target, after: now.target))
        }
        for identity in Set(now.pins.keys).union(before.pins.keys).sorted()
        where now.pins[identity] != before.pins[identity] {
            causes.append(
                Cause(kind: "resolved", subject: identity, before: before.pins[identity], after: now.pins[identity]))
        }
        causes += fileCauses(now.files, before.files)
        return causes
    }

    /// Edited, renamed, added and removed files, in path order (a rename at its new path).
    static func fileCauses(_ now: [String: String], _ before: [String: String]) -> [Cause] {
        var added = now.keys.filter { before[$0] == nil }.sorted()
        var removed = before.keys.filter { now[$0] == nil }.sorted()
        var causes: [Cause] = []
        for path in now.keys.sorted() where before[path] != nil && before[path] != now[path] {
            causes.append(Cause(kind: "file-edited", subject: path, before: before[path], after: now[path]))
        }
        for path in added {
            if let index = removed.firstIndex(where: { before[$0] == now[path] }) {
                causes.append(
                    Cause(
                        kind: "file-renamed", subject: path, before: now[path], after: now[path], from: removed[index]))
                removed.remove(at: index)
                added.removeAll { $0 == path }
            }
        }
        for path in added {
            causes.append(Cause(kind: "file-added", subject: path, after: now[path], empty: now[path] == emptyDigest))
        }
        for path in removed {
            causes.append(Cause(kind: "file-removed", subject: path, before: before[path]))
        }
        return causes.sorted { $0.subject < $1.subject }
    }

    /// The SHA-256 of no bytes.
    static let emptyDigest = BlobDigest.sha256(Data())
}
