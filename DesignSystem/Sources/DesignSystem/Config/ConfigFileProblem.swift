import Foundation
import Primitives

/// One thing wrong in a configuration file (`theme.json`, `keys.json`), and where: an unknown name, a bad value, a
/// key given twice, text that is not JSON, a file that cannot be read.
public struct ConfigFileProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as it was named to the reader (`ThemeFile.load(contentsOf:)`, `KeyMapFile.parse`).
    public let path: String
    /// The line of the offending key (or of the syntax error), counted from 1; nil when the problem is the whole
    /// file (it cannot be read).
    public let line: Int?
    /// What is wrong, naming the key and the value.
    public let message: String

    /// Creates a problem.
    public init(path: String, line: Int?, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `/home/ada/.config/storefront/theme.json:4: unknown colour "primray" (…)`.
    public var description: String {
        line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)"
    }

    /// The problem with the file named by its last path component (`keys.json:4: …`), for a status line.
    public var shortDescription: String {
        let name = URL(fileURLWithPath: path).lastPathComponent
        return line.map { "\(name):\($0): \(message)" } ?? "\(name): \(message)"
    }

    /// `problems` in one line (`theme.json:4: …; theme.json:7: …`), or nil when there are none.
    public static func summary(_ problems: [ConfigFileProblem]) -> String? {
        problems.isEmpty ? nil : problems.map(\.shortDescription).joined(separator: "; ")
    }
}

/// The shared steps of reading a small JSON configuration file: reading it (a missing file is no problem), the
/// syntax check with the line of the error, and values as problems name them.
enum ConfigFileText {
    /// The file's bytes; nil and no problem when there is no file; nil and one problem when it cannot be read.
    static func read(_ url: URL) -> (data: Data?, problem: ConfigFileProblem?) {
        do {
            return (try Data(contentsOf: url), nil)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile || error.code == .fileNoSuchFile {
            return (nil, nil)
        } catch {
            let reason = (error as? CocoaError)?.underlying.map { "\($0)" } ?? error.localizedDescription
            return (nil, ConfigFileProblem(path: url.path, line: nil, message: "cannot be read: \(reason)"))
        }
    }

    /// The top-level object of `data`, or the problem: not JSON (at the line of the error), or not an object
    /// (`example` shows what one looks like).
    static func object(_ data: Data, path: String, example: String) -> Result<[String: JSONValue], ConfigFileProblem> {
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            return .failure(
                ConfigFileProblem(
                    path: path, line: syntaxErrorLine(detail, in: data), message: "is not valid JSON (\(detail))"))
        }
        guard case .object(let top)? = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            return .failure(ConfigFileProblem(path: path, line: 1, message: "must be a JSON object such as \(example)"))
        }
        return .success(top)
    }

    /// The line of a syntax error whose description names a character offset (`around character 49`).
    private static func syntaxErrorLine(_ detail: String, in data: Data) -> Int? {
        guard let match = detail.firstMatch(of: #/character ([0-9]+)/#), let offset = Int(match.output.1) else {
            return nil
        }
        return data.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// A value as a problem names it: `"blue"`, `256`, `true`, an object.
    static func shown(_ value: JSONValue) -> String {
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

    /// The problems of keys given more than once in `keys` (each reported at its later lines), and the paths of
    /// those keys, none of whose values should be used (JSON parsers disagree on which one would count, RFC 8259
    /// §4).
    static func duplicates(_ keys: [JSONKeyLines.Key], path: String) -> ([ConfigFileProblem], Set<[String]>) {
        var firstLine: [[String]: Int] = [:]
        var problems: [ConfigFileProblem] = []
        var repeated: Set<[String]> = []
        for key in keys {
            if let first = firstLine[key.path] {
                repeated.insert(key.path)
                let name = key.path.joined(separator: ".")
                problems.append(
                    ConfigFileProblem(
                        path: path, line: key.line,
                        message: "\"\(name)\" is given more than once (first on line \(first)): give it once"))
            } else {
                firstLine[key.path] = key.line
            }
        }
        return (problems, repeated)
    }
}
