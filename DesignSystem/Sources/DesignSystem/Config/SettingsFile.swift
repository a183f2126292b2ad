import Foundation
import Primitives

/// The settings file as read: the settings it gives (the defaults where the file is missing or a value is
/// wrong), and every problem, by line.
public struct SettingsFileResult: Sendable {
    /// Whether the full-screen app takes mouse reports (true unless the file says `"mouse": false`).
    public let mouse: Bool
    /// What is wrong in the file, in the order of its lines; empty when nothing is.
    public let problems: [ConfigFileProblem]

    /// The problems in one line for a status line, or nil when there are none.
    public var summary: String? { ConfigFileProblem.summary(problems) }
}

/// The settings file of the full-screen app, `$XDG_CONFIG_HOME/storefront/settings.json`:
///
/// ```json
/// {"mouse": false}
/// ```
///
/// - `mouse`: `true` (the default) or `false`, which leaves the mouse to the terminal (as `--no-mouse` does).
///
/// Problems (text that is not JSON, a value of the wrong type, an unknown key, a key given twice) are reported at
/// the line of the offending key, as `ThemeFile` and `KeyMapFile` report theirs, and the default is kept.
public enum SettingsFile {
    /// The file's name in the configuration directory.
    public static let fileName = "settings.json"

    /// The settings in the file at `url`: the defaults and no problem when there is no file.
    public static func load(contentsOf url: URL) -> SettingsFileResult {
        let (data, problem) = ConfigFileText.read(url)
        guard let data else { return SettingsFileResult(mouse: true, problems: problem.map { [$0] } ?? []) }
        return parse(data, path: url.path)
    }

    /// The settings in `data`, the text of the file at `path` (named in the problems).
    public static func parse(_ data: Data, path: String) -> SettingsFileResult {
        let top: [String: JSONValue]
        switch ConfigFileText.object(data, path: path, example: #"{"mouse": false}"#) {
        case .success(let object): top = object
        case .failure(let problem): return SettingsFileResult(mouse: true, problems: [problem])
        }
        let keys = JSONKeyLines.keys(in: data)
        var (problems, repeated) = ConfigFileText.duplicates(keys, path: path)
        func report(_ name: String, _ message: String) {
            let line = keys.first { $0.path == [name] }?.line
            problems.append(ConfigFileProblem(path: path, line: line, message: message))
        }
        for name in top.keys.sorted() where name != "mouse" {
            report(name, "unknown setting \"\(name)\": the settings file has \"mouse\"")
        }
        var mouse = true
        if let value = top["mouse"], !repeated.contains(["mouse"]) {
            if case .bool(let flag) = value {
                mouse = flag
            } else {
                report("mouse", "\"mouse\" must be true or false, not \(ConfigFileText.shown(value))")
            }
        }
        return SettingsFileResult(mouse: mouse, problems: problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) })
    }
}
