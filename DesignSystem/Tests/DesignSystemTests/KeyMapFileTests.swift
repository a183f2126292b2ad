import Foundation
import Testing

@testable import DesignSystem
@testable import TerminalUI

/// A screen's actions as a feature declares them, for the tests.
private enum SampleKeys: String, KeyActionSet {
    case addToCart = "add-to-cart"
    case reload
    case open

    static let scope = "sample"

    var defaultKeys: [KeyChord] {
        switch self {
        case .addToCart: ["a"]
        case .reload: ["ctrl-r", "r"]
        case .open: ["enter"]
        }
    }

    var help: String {
        switch self {
        case .addToCart: "add to cart"
        case .reload: "reload"
        case .open: "open"
        }
    }
}

/// Another scope: its keys may repeat the sample's without a conflict.
private enum OtherKeys: String, KeyActionSet {
    case quit

    static let scope = "other"
    var defaultKeys: [KeyChord] { ["q"] }
    var help: String { "quit" }
}

@Suite("Key map file: keys.json, with problems by file and line", .timeLimit(.minutes(1)))
struct KeyMapFileTests {
    private static let path = "/home/ada/.config/storefront/keys.json"

    private func parse(_ text: String) -> KeyMapFileResult {
        KeyMapFile.parse(
            Data(text.utf8), path: Self.path, declarations: SampleKeys.declarations + OtherKeys.declarations)
    }

    @Test("key names read back as they are written; names that are no key are refused")
    func chordNames() {
        for name in [
            "a", "A", "?", "/", "+", "ctrl-r", "alt-1", "shift-tab", "pgup", "pgdn", "home", "end", "f1",
            "space", "enter", "esc", "up", "ctrl-alt-x",
        ] {
            let chord = KeyChord(name: name)
            #expect(chord?.name == name, "\(name)")
        }
        #expect(KeyChord(name: "ctrl-R") == KeyChord(.character("r"), modifiers: .control))
        #expect(KeyChord(name: "Escape") == KeyChord(.escape))
        #expect(KeyChord(name: "shift-a") == KeyChord(name: "A"), "terminals send Shift-a as A")
        #expect(KeyChord(name: "PageDown") == KeyChord(.pageDown))
        #expect(KeyChord(name: "shift-tab")?.matches(KeyEvent(.tab, modifiers: .shift)) == true)
        #expect(KeyChord(name: "up")?.label == "↑" && KeyChord(name: "f1")?.label == "F1")
        for name in ["", "ctrl-", "hyper-a", "pageup2", "ab", "f13", "\t", " "] {
            #expect(KeyChord(name: name) == nil, "\(name)")
        }
    }

    @Test("a binding replaces the action's default keys; the others keep theirs, and the help follows")
    func rebinding() {
        let result = parse(
            """
            {
              "bindings": {
                "sample.add-to-cart": "b",
                "sample.reload": ["ctrl-l", "F5"]
              }
            }
            """)
        #expect(result.problems.isEmpty && result.summary == nil)
        let map = result.keyMap
        #expect(map.action(SampleKeys.self, for: .character("b")) == .addToCart)
        #expect(map.action(SampleKeys.self, for: .character("a")) == nil)
        #expect(map.action(SampleKeys.self, for: KeyEvent(.function(5))) == .reload)
        #expect(map.action(SampleKeys.self, for: .control("r")) == nil)
        #expect(map.action(SampleKeys.self, for: KeyEvent(.enter)) == .open)
        #expect(map.help(SampleKeys.addToCart) == KeyHelpItem(key: "b", action: "add to cart"))
        #expect(map.help(SampleKeys.reload) == KeyHelpItem(key: "ctrl-l / F5", action: "reload"))
        #expect(KeyMap.defaults.help(SampleKeys.reload) == KeyHelpItem(key: "ctrl-r / r", action: "reload"))
    }

    @Test("unknown actions, unknown key names, a key listed twice and an action given twice name their line")
    func problemsByLine() {
        let result = parse(
            """
            {
              "bindings": {
                "sample.add-to-kart": "b",
                "sample.open": "hyper-o",
                "sample.reload": ["x", "x"],
                "other.quit": 7,
                "other.quit": "z"
              },
              "colors": {}
            }
            """)
        let lines = result.problems.map(\.line)
        #expect(lines == [3, 4, 5, 7, 9], "\(result.problems)")
        let messages = result.problems.map(\.message)
        #expect(messages[0].contains("unknown action \"sample.add-to-kart\""))
        #expect(messages[0].hasSuffix("see the help (?) for the actions' names"))
        #expect(messages[1].contains("unknown key name \"hyper-o\""))
        #expect(messages[2].contains("lists the key x twice"))
        #expect(messages[3] == #""bindings.other.quit" is given more than once (first on line 6): give it once"#)
        #expect(messages[4].contains("unknown key \"colors\""))
        #expect(result.problems.allSatisfy { $0.path == Self.path })
        #expect(result.summary?.hasPrefix("keys.json:3: unknown action") == true)
        // Nothing wrong was applied: every action keeps its default keys.
        #expect(result.keyMap.bindings.isEmpty)
    }

    @Test("a binding that puts a key on two actions of one scope is reported at its line and not applied")
    func conflicts() {
        let result = parse(
            """
            {"bindings": {
              "sample.open": "enter",
              "sample.add-to-cart": "r",
              "other.quit": "a"
            }}
            """)
        #expect(result.problems.count == 1, "\(result.problems)")
        let problem = result.problems.first
        #expect(problem?.line == 3)
        #expect(problem?.message.contains("\"sample.add-to-cart\" conflicts with \"sample.reload\"") == true)
        #expect(problem?.description.hasPrefix(Self.path + ":3: ") == true)
        #expect(result.keyMap.action(SampleKeys.self, for: .character("a")) == .addToCart)
        #expect(result.keyMap.action(SampleKeys.self, for: .character("r")) == .reload)
        // Another scope's key may repeat it: `a` quits on the other screen.
        #expect(result.keyMap.action(OtherKeys.self, for: .character("a")) == .quit)
        // Swapping two keys is no conflict.
        let swapped = parse(#"{"bindings": {"sample.add-to-cart": "enter", "sample.open": "a"}}"#)
        #expect(swapped.problems.isEmpty)
        #expect(swapped.keyMap.action(SampleKeys.self, for: KeyEvent(.enter)) == .addToCart)
    }

    @Test("text that is not JSON or not an object names its line; no file is no problem")
    func brokenFiles() throws {
        let broken = parse("{\n  \"bindings\": {\n    \"sample.open\": o\n  }\n}")
        #expect(broken.problems.count == 1 && broken.problems.first?.message.hasPrefix("is not valid JSON") == true)
        #expect(broken.problems.first?.line == 3, "\(broken.problems)")
        let list = parse("[1]")
        #expect(list.problems.map(\.line) == [1] && list.problems[0].message.contains("must be a JSON object"))
        let notObject = parse(#"{"bindings": ["a"]}"#)
        #expect(notObject.problems.map(\.line) == [1])
        let missing = FileManager.default.temporaryDirectory.appending(path: "no-such-\(UUID().uuidString).json")
        let none = KeyMapFile.load(contentsOf: missing, declarations: SampleKeys.declarations)
        #expect(none.problems.isEmpty && none.keyMap.bindings.isEmpty)
    }
}

@Suite("Settings file: settings.json, with problems by file and line", .timeLimit(.minutes(1)))
struct SettingsFileTests {
    private static let path = "/home/ada/.config/storefront/settings.json"

    @Test("\"mouse\": false turns the mouse off; a wrong type or an unknown key names its line and keeps it on")
    func mouseSetting() {
        #expect(SettingsFile.parse(Data(#"{"mouse": false}"#.utf8), path: Self.path).mouse == false)
        #expect(SettingsFile.parse(Data("{}".utf8), path: Self.path).mouse == true)
        let wrong = SettingsFile.parse(Data("{\n  \"mouse\": \"no\",\n  \"mice\": 1\n}".utf8), path: Self.path)
        #expect(wrong.mouse == true)
        #expect(wrong.problems.map(\.line) == [2, 3], "\(wrong.problems)")
        #expect(wrong.problems.first?.description == Self.path + #":2: "mouse" must be true or false, not "no""#)
        let broken = SettingsFile.parse(Data("{\n  \"mouse\": fals\n}".utf8), path: Self.path)
        #expect(broken.mouse == true && broken.problems.first?.line == 2, "\(broken.problems)")
        #expect(broken.summary?.hasPrefix("settings.json:2: is not valid JSON") == true)
    }
}
