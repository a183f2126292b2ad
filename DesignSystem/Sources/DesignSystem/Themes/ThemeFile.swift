import Foundation
import Primitives
import TerminalUI

/// One thing wrong in a theme file (the problem type every configuration file shares).
public typealias ThemeFileProblem = ConfigFileProblem

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
        ConfigFileProblem.summary(problems)
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
        let (data, problem) = ConfigFileText.read(url)
        guard let data else { return ThemeFileResult(theme: .dark, problems: problem.map { [$0] } ?? []) }
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
            let top: [String: JSONValue]
            switch ConfigFileText.object(
                data, path: path, example: ##"{"base": "dark", "colors": {"primary": "#3B82F6"}}"##)
            {
            case .success(let object): top = object
            case .failure(let problem):
                problems.append(problem)
                return .dark
            }
            keys = JSONKeyLines.keys(in: data)
            let (duplicates, repeated) = ConfigFileText.duplicates(keys, path: path)
            problems += duplicates
            self.repeated = repeated
            var theme = ColorTheme.dark
            if let base = top["base"], !repeated.contains(["base"]) {
                if case .string(let name) = base, let known = ColorTheme.Base(rawValue: name) {
                    theme = .builtIn(known)
                } else {
                    let names = ColorTheme.Base.allCases.map(\.rawValue).joined(separator: ", ")
                    report(at: ["base"], "unknown base \(ConfigFileText.shown(base)): give one of \(names)")
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
                report(
                    at: ["colors"], "\"colors\" must be an object of colour names, not \(ConfigFileText.shown(other))")
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
                    "colour \"\(name)\" must be \"#RRGGBB\" or an xterm colour number 0-255, not \(ConfigFileText.shown(value))"
                )
                return
            }
            theme.setColor(color, named: name)
        }

        private mutating func report(at path: [String], _ message: String) {
            report(line: keys.first { $0.path == path }?.line, message)
        }

        private mutating func report(line: Int?, _ message: String) {
            problems.append(ThemeFileProblem(path: path, line: line, message: message))
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
    }
}
