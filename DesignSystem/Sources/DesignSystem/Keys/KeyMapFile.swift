import Foundation
import Primitives
import TerminalUI

/// A key-map file as read: the map it gives (the defaults where the file is missing or broken, and every binding
/// it set right where parts are wrong), and every problem, by line.
public struct KeyMapFileResult: Sendable {
    /// The keys to use.
    public let keyMap: KeyMap
    /// What is wrong in the file, in the order of its lines; empty when nothing is.
    public let problems: [ConfigFileProblem]

    /// The problems in one line for a status line (`keys.json:4: …; keys.json:7: …`), or nil when there are none.
    public var summary: String? { ConfigFileProblem.summary(problems) }
}

/// The key-map file, `$XDG_CONFIG_HOME/storefront/keys.json`: keys for declared actions.
///
/// ```json
/// {"bindings": {"product.add-to-cart": "b", "app.quit": ["q", "ctrl-q"]}}
/// ```
///
/// Each action (`KeyDeclaration.name`) gets one key or a list of keys (`KeyChord` names), which replace its default
/// keys. Reported, each at the line of the offending key of the text, and then skipped (the action keeps its
/// default keys): a name that is no declared action, a value that is not a key name or a list of them, a key
/// name that names no key, a key listed twice for one action, an action given twice, and a binding that puts a
/// key on two actions of one scope (a conflict: the rebound action, or each rebound one, is reported and keeps its
/// defaults). The text is parsed with Foundation's `JSONSerialization`; nothing in the file is ever changed.
public enum KeyMapFile {
    /// The file's name in the configuration directory.
    public static let fileName = "keys.json"

    /// The key map in the file at `url`, checked against `declarations` (every action of the app): the defaults
    /// and no problem when there is no file; the defaults and one problem when it cannot be read.
    public static func load(contentsOf url: URL, declarations: [KeyDeclaration]) -> KeyMapFileResult {
        let (data, problem) = ConfigFileText.read(url)
        guard let data else { return KeyMapFileResult(keyMap: .defaults, problems: problem.map { [$0] } ?? []) }
        return parse(data, path: url.path, declarations: declarations)
    }

    /// The key map in `data`, the text of the file at `path` (named in the problems).
    public static func parse(_ data: Data, path: String, declarations: [KeyDeclaration]) -> KeyMapFileResult {
        var reader = Reader(path: path, declarations: declarations)
        let bindings = reader.read(data)
        let problems = reader.problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        return KeyMapFileResult(keyMap: KeyMap(bindings: bindings), problems: problems)
    }

    /// One pass over one file, collecting problems.
    private struct Reader {
        let path: String
        let declarations: [String: KeyDeclaration]
        var problems: [ConfigFileProblem] = []
        private var keys: [JSONKeyLines.Key] = []

        init(path: String, declarations: [KeyDeclaration]) {
            self.path = path
            self.declarations = Dictionary(declarations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }

        mutating func read(_ data: Data) -> [String: [KeyChord]] {
            let top: [String: JSONValue]
            let example = ##"{"bindings": {"app.quit": "q"}}"##
            switch ConfigFileText.object(data, path: path, example: example) {
            case .success(let object): top = object
            case .failure(let problem):
                problems.append(problem)
                return [:]
            }
            keys = JSONKeyLines.keys(in: data)
            let (duplicates, repeated) = ConfigFileText.duplicates(keys, path: path)
            problems += duplicates
            for name in top.keys.sorted() where name != "bindings" {
                report(at: [name], "unknown key \"\(name)\": a key-map file has \"bindings\"")
            }
            guard let value = top["bindings"], !repeated.contains(["bindings"]) else { return [:] }
            guard case .object(let entries) = value else {
                report(at: ["bindings"], "\"bindings\" must be an object such as \(example)")
                return [:]
            }
            var bindings: [String: [KeyChord]] = [:]
            for (name, value) in entries.sorted(by: { $0.key < $1.key }) where !repeated.contains(["bindings", name]) {
                if let chords = chords(of: name, value) { bindings[name] = chords }
            }
            return resolvingConflicts(bindings)
        }

        /// The keys of one binding, or nil (reported) when the action or a key is wrong.
        private mutating func chords(of name: String, _ value: JSONValue) -> [KeyChord]? {
            guard declarations[name] != nil else {
                report(
                    at: ["bindings", name],
                    "unknown action \"\(name)\"\(Self.suggestion(for: name, among: declarations.keys))")
                return nil
            }
            let names: [JSONValue]
            switch value {
            case .string: names = [value]
            case .array(let list) where !list.isEmpty: names = list
            default:
                report(
                    at: ["bindings", name],
                    "\"\(name)\" must be a key name or a list of key names such as [\"a\", \"ctrl-a\"], not \(ConfigFileText.shown(value))"
                )
                return nil
            }
            var chords: [KeyChord] = []
            for item in names {
                guard case .string(let keyName) = item, let chord = KeyChord(name: keyName) else {
                    report(
                        at: ["bindings", name],
                        "unknown key name \(ConfigFileText.shown(item)) for \"\(name)\": give a character, or ctrl-, alt-, shift- with one, or space, enter, tab, esc, backspace, delete, insert, up, down, left, right, home, end, pgup, pgdn, f1-f12"
                    )
                    return nil
                }
                guard !chords.contains(chord) else {
                    report(at: ["bindings", name], "\"\(name)\" lists the key \(chord.name) twice: list it once")
                    return nil
                }
                chords.append(chord)
            }
            return chords
        }

        /// The bindings without those that put a key on two actions of one scope: each rebound action in such a
        /// conflict is reported and keeps its default keys, until no conflict is left.
        private mutating func resolvingConflicts(_ bindings: [String: [KeyChord]]) -> [String: [KeyChord]] {
            var bindings = bindings
            while true {
                var owners: [String: [KeyChord: [String]]] = [:]
                for declaration in declarations.values.sorted(by: { $0.name < $1.name }) {
                    for chord in bindings[declaration.name] ?? declaration.defaultKeys {
                        owners[declaration.scope, default: [:]][chord, default: []].append(declaration.name)
                    }
                }
                var dropped: Set<String> = []
                for (_, byChord) in owners {
                    for (chord, names) in byChord where names.count > 1 {
                        for name in names where bindings[name] != nil && !dropped.contains(name) {
                            let others = names.filter { $0 != name }.map { "\"\($0)\"" }.joined(separator: ", ")
                            report(
                                at: ["bindings", name],
                                "\"\(name)\" conflicts with \(others): both would be \(chord.name); \"\(name)\" keeps its default keys"
                            )
                            dropped.insert(name)
                        }
                    }
                }
                guard !dropped.isEmpty else { return bindings }
                for name in dropped { bindings[name] = nil }
            }
        }

        /// `: did you mean "product.add-to-cart"?` for a name that differs from a declared one only in its scope
        /// or its case; empty otherwise.
        private static func suggestion(for name: String, among names: Dictionary<String, KeyDeclaration>.Keys) -> String
        {
            let last = name.split(separator: ".").last.map { String($0).lowercased() } ?? name.lowercased()
            let near =
                names.sorted().first { $0.lowercased() == name.lowercased() }
                ?? names.sorted().first { $0.split(separator: ".").last.map { String($0) } == last }
            return near.map { ": did you mean \"\($0)\"?" } ?? ": see the help (?) for the actions' names"
        }

        private mutating func report(at path: [String], _ message: String) {
            problems.append(
                ConfigFileProblem(path: self.path, line: keys.first { $0.path == path }?.line, message: message))
        }
    }
}
