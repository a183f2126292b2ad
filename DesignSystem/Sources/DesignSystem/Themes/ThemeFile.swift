import Foundation
import Primitives
import TerminalUI

/// One thing wrong in a theme file, and where: an unknown name, a bad value, a key given twice, text that is not
/// JSON, a file that cannot be read.
public struct ThemeFileProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as it was named to `ThemeFile.load(contentsOf:)` (or `parse`).
    public let path: String
    /// The line of the offending key (or of the syntax error), counted from 1; nil when the problem is the whole
    /// file (it cannot be read).
    public let line: Int?
    /// What is wrong, naming the key and the value.
    public let message: String

    /// `/home/ada/.config/storefront/theme.json:4: unknown colour "primray" (…)`.
    public var description: String {
        line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)"
    }
}

/// A theme file as read: the theme it gives (the built-in dark theme where the file is missing or broken, and
/// what the file set right where parts are wrong), and every problem, by line.
public struct ThemeFileResult: Sendable {
    /// The theme to draw with.
    public let theme: ColorTheme
    /// What is wrong in the file, in the order of its lines; empty when nothing is.
    public let problems: [ThemeFileProblem]

    /// The problems in one line for a status line (`theme.json:4: …; theme.json:7: …`, the file by its name only),
    /// or nil when there are none.
    public var summary: String? {
        guard !problems.isEmpty else { return nil }
        return problems.map { problem in
            let name = URL(fileURLWithPath: problem.path).lastPathComponent
            return problem.line.map { "\(name):\($0): \(problem.message)" } ?? "\(name): \(problem.message)"
        }.joined(separator: "; ")
    }
}

/// The theme file, `$XDG_CONFIG_HOME/storefront/theme.json`: a built-in theme to start from and colours to change.
///
/// ```json
/// {"base": "light", "colors": {"primary": "#1D4ED8", "muted": 244}}
/// ```
///
/// - `base`: `dark` (the default), `light` or `high-contrast` (`ColorTheme.Base`).
/// - `colors`: by name (`ColorTheme.colorNames`: the tokens and `background`), `"#RRGGBB"` (truecolour; the
///   256-colour and 16-colour values are the nearest xterm colours) or an xterm palette index 0–255 (the
///   truecolour value is xterm's colour for it).
///
/// The text is parsed with Foundation's `JSONSerialization`; each problem names the line of the offending key,
/// found in the text. A bad entry (a key given twice included) is skipped and the rest still applies; nothing in
/// the file is ever changed.
public enum ThemeFile {
    /// The file's name in the configuration directory.
    public static let fileName = "theme.json"

    /// The theme in the file at `url`: the dark theme and no problem when there is no file; the dark theme and one
    /// problem when it cannot be read (a directory, no permission).
    public static func load(contentsOf url: URL) -> ThemeFileResult {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile || error.code == .fileNoSuchFile {
            return ThemeFileResult(theme: .dark, problems: [])
        } catch {
            let reason = (error as? CocoaError)?.underlying.map { "\($0)" } ?? error.localizedDescription
            return ThemeFileResult(
                theme: .dark,
                problems: [ThemeFileProblem(path: url.path, line: nil, message: "cannot be read: \(reason)")])
        }
        return parse(data, path: url.path)
    }

    /// The theme in `data`, the text of the file at `path` (named in the problems).
    public static func parse(_ data: Data, path: String) -> ThemeFileResult {
        var reader = Reader(path: path, data: data)
        let theme = reader.read()
        return ThemeFileResult(theme: theme, problems: reader.problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) })
    }

    /// One pass over one file, collecting problems.
    private struct Reader {
        let path: String
        let data: Data
        var problems: [ThemeFileProblem] = []
        private var keys: [JSONKeyLines.Key] = []
        /// The paths of keys given more than once: none of their values is used.
        private var repeated: Set<[String]> = []

        init(path: String, data: Data) {
            self.path = path
            self.data = data
        }

        mutating func read() -> ColorTheme {
            do {
                _ = try JSONSerialization.jsonObject(with: data)
            } catch {
                let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
                report(line: syntaxErrorLine(detail), "is not valid JSON (\(detail))")
                return .dark
            }
            guard case .object(let top)? = try? JSONDecoder().decode(JSONValue.self, from: data) else {
                report(line: 1, ##"must be a JSON object such as {"base": "dark", "colors": {"primary": "#3B82F6"}}"##)
                return .dark
            }
            keys = JSONKeyLines.keys(in: data)
            reportDuplicates()
            var theme = ColorTheme.dark
            if let base = top["base"], !repeated.contains(["base"]) {
                if case .string(let name) = base, let known = ColorTheme.Base(rawValue: name) {
                    theme = .builtIn(known)
                } else {
                    let names = ColorTheme.Base.allCases.map(\.rawValue).joined(separator: ", ")
                    report(at: ["base"], "unknown base \(Self.shown(base)): give one of \(names)")
                }
            }
            for name in top.keys.sorted() where name != "base" && name != "colors" {
                report(at: [name], "unknown key \"\(name)\": a theme file has \"base\" and \"colors\"")
            }
            switch top["colors"] {
            case nil:
                break
            case _ where repeated.contains(["colors"]):
                break
            case .object(let colors)?:
                for (name, value) in colors.sorted(by: { $0.key < $1.key }) {
                    apply(name, value, to: &theme)
                }
            case let other?:
                report(at: ["colors"], "\"colors\" must be an object of colour names, not \(Self.shown(other))")
            }
            return theme
        }

        private mutating func apply(_ name: String, _ value: JSONValue, to theme: inout ColorTheme) {
            guard !repeated.contains(["colors", name]) else { return }
            guard ColorTheme.colorNames.contains(name) else {
                let names = ColorTheme.colorNames.joined(separator: ", ")
                report(at: ["colors", name], "unknown colour \"\(name)\": give one of \(names)")
                return
            }
            guard let color = Self.color(value) else {
                report(
                    at: ["colors", name],
                    "colour \"\(name)\" must be \"#RRGGBB\" or an xterm colour number 0-255, not \(Self.shown(value))")
                return
            }
            theme.setColor(color, named: name)
        }

        /// A key given twice is reported at each later line, and none of its values is used (JSON parsers disagree
        /// on which one would count, RFC 8259 §4).
        private mutating func reportDuplicates() {
            var firstLine: [[String]: Int] = [:]
            for key in keys {
                if let first = firstLine[key.path] {
                    repeated.insert(key.path)
                    let name = key.path.joined(separator: ".")
                    report(line: key.line, "\"\(name)\" is given more than once (first on line \(first)): give it once")
                } else {
                    firstLine[key.path] = key.line
                }
            }
        }

        private mutating func report(at path: [String], _ message: String) {
            report(line: keys.first { $0.path == path }?.line, message)
        }

        private mutating func report(line: Int?, _ message: String) {
            problems.append(ThemeFileProblem(path: path, line: line, message: message))
        }

        /// The line of a syntax error whose description names a character offset (`around character 49`).
        private func syntaxErrorLine(_ detail: String) -> Int? {
            guard let match = detail.firstMatch(of: #/character ([0-9]+)/#), let offset = Int(match.output.1) else {
                return nil
            }
            return data.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        }

        /// `"#RRGGBB"` or an index 0–255 as a colour for every capability.
        private static func color(_ value: JSONValue) -> TerminalColor? {
            switch value {
            case .integer(let index):
                guard let index = UInt8(exactly: index) else { return nil }
                let rgb = XtermPalette.rgb(index)
                let ansi16 = index < 16 ? ANSIColor(rawValue: index) : nil
                return TerminalColor(
                    ansi16: ansi16 ?? XtermPalette.nearestANSIColor(to: rgb), ansi256: index, rgb: rgb)
            case .string(let text):
                let digits = text.dropFirst()
                guard text.first == "#", digits.count == 6, digits.allSatisfy(\.isHexDigit),
                    let hex = UInt32(digits, radix: 16)
                else { return nil }
                let rgb = RGB(hex: hex)
                return TerminalColor(
                    ansi16: XtermPalette.nearestANSIColor(to: rgb), ansi256: XtermPalette.nearestIndex(to: rgb),
                    rgb: rgb)
            default:
                return nil
            }
        }

        /// A value as the problem names it: `"blue"`, `256`, `true`, an object.
        private static func shown(_ value: JSONValue) -> String {
            switch value {
            case .null: "null"
            case .bool(let flag): "\(flag)"
            case .integer(let number): "\(number)"
            case .number(let number): "\(number)"
            case .string(let text): "\"\(text)\""
            case .array: "a list"
            case .object: "an object"
            }
        }
    }
}
