import Foundation
import Testing

@testable import DesignSystem
@testable import TerminalUI

@Suite("Theme file: theme.json, with problems by file and line", .timeLimit(.minutes(1)))
struct ThemeFileTests {
    private static let path = "/home/ada/.config/storefront/theme.json"

    private func parse(_ text: String) -> ThemeFileResult {
        ThemeFile.parse(Data(text.utf8), path: Self.path)
    }

    @Test("a base and colours as #RRGGBB or an xterm number; every other colour is the base's")
    func validFile() {
        let result = parse(
            """
            {
              "base": "light",
              "colors": {"primary": "#102030", "muted": 244, "danger": 9, "background": "#fafafa"}
            }
            """)
        #expect(result.problems.isEmpty && result.summary == nil)
        let theme = result.theme
        #expect(theme.base == .light)
        #expect(theme[.primary].rgb == RGB(hex: 0x102030) && theme[.primary].ansi256 == 234)
        #expect(theme[.primary].ansi16 == .black && theme[.primary].paletteName == "primary")
        #expect(theme[.muted].ansi256 == 244 && theme[.muted].rgb == RGB(hex: 0x808080))
        #expect(theme[.danger].ansi16 == .brightRed && theme[.danger].rgb == RGB(hex: 0xFF0000))
        #expect(theme.background.rgb == RGB(hex: 0xFAFAFA))
        #expect(theme[.accent] == ColorTheme.light[.accent])
        #expect(theme.palette.colors["primary"]?.rgb == RGB(hex: 0x102030))
        #expect(parse(#"{"base": "high-contrast"}"#).theme == .highContrast)
        #expect(parse("{}").theme == .dark)
    }

    @Test("unknown names and bad values are reported with the line of their key; the rest still applies")
    func problemsByLine() {
        let result = parse(
            """
            {
              "base": "solarized",
              "colours": {},
              "colors": {
                "primray": "#3B82F6",
                "accent": "blue",
                "danger": 256,
                "muted": 1.5,
                "success": true,
                "warning": "#12345",
                "secondary": "#GGGGGG",
                "primary": -1,
                "background": null,
                "pr\\u0069mary": "#00ff00"
              }
            }
            """)
        let expected: [(Int, String)] = [
            (2, #"unknown base "solarized": give one of dark, light, high-contrast"#),
            (3, #"unknown key "colours": a theme file has "base" and "colors""#),
            (
                5,
                #"unknown colour "primray": give one of primary, secondary, accent, success, warning, danger, muted, background"#
            ),
            (6, ##"colour "accent" must be "#RRGGBB" or an xterm colour number 0-255, not "blue""##),
            (7, ##"colour "danger" must be "#RRGGBB" or an xterm colour number 0-255, not 256"##),
            (8, ##"colour "muted" must be "#RRGGBB" or an xterm colour number 0-255, not 1.5"##),
            (9, ##"colour "success" must be "#RRGGBB" or an xterm colour number 0-255, not true"##),
            (10, ##"colour "warning" must be "#RRGGBB" or an xterm colour number 0-255, not "#12345""##),
            (11, ##"colour "secondary" must be "#RRGGBB" or an xterm colour number 0-255, not "#GGGGGG""##),
            (13, ##"colour "background" must be "#RRGGBB" or an xterm colour number 0-255, not null"##),
            (14, #""colors.primary" is given more than once (first on line 12): give it once"#),
        ]
        #expect(result.problems.map(\.line) == expected.map(\.0))
        #expect(result.problems.map(\.message) == expected.map(\.1))
        #expect(result.problems.allSatisfy { $0.path == Self.path })
        #expect(result.problems.first?.description == "\(Self.path):2: " + expected[0].1)
        #expect(result.summary?.hasPrefix("theme.json:2: unknown base \"solarized\"") == true)
        // The base was unknown, so the dark theme; a colour given twice keeps the theme's own.
        #expect(result.theme.base == .dark && result.theme[.primary] == ColorTheme.dark[.primary])
        #expect(result.theme[.accent] == ColorTheme.dark[.accent])
        let repeated = parse("{\"colors\": {\"muted\": 240, \"danger\": 1},\n\"colors\": {\"muted\": 250}}")
        #expect(repeated.problems.map(\.line) == [2, 2] && repeated.theme == .dark)
    }

    @Test("text that is not JSON is reported at its line; so is a file that is no object")
    func notJSON() {
        let broken = parse("{\n  \"base\": \"dark\",\n  \"colors\": {\n    \"primary\": #123456\n  }\n}")
        #expect(broken.problems.count == 1 && broken.problems.first?.line == 4, "\(broken.problems)")
        #expect(broken.problems.first?.message.hasPrefix("is not valid JSON") == true)
        #expect(broken.theme == .dark)
        let list = parse("[1, 2]")
        #expect(
            list.problems.map(\.line) == [1] && list.problems.first?.message.hasPrefix("must be a JSON object") == true)
        let colors = parse("{\n\"colors\": \"red\"}")
        #expect(colors.problems.map(\.line) == [2])
        #expect(colors.problems.first?.message == #""colors" must be an object of colour names, not "red""#)
    }

    @Test("no file is the dark theme without a word; a file that cannot be read is one problem without a line")
    func loading() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: ThemeFile.fileName)

        let missing = ThemeFile.load(contentsOf: file)
        #expect(missing.theme == .dark && missing.problems.isEmpty)

        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        let unreadable = ThemeFile.load(contentsOf: file)
        #expect(unreadable.theme == .dark && unreadable.problems.count == 1)
        #expect(unreadable.problems.first?.line == nil && unreadable.problems.first?.path == file.path)
        #expect(unreadable.problems.first?.message.hasPrefix("cannot be read") == true)
        try FileManager.default.removeItem(at: file)

        try Data("{\"base\": \"light\",\n \"colors\": {\"muted\": 999}}".utf8).write(to: file)
        let written = ThemeFile.load(contentsOf: file)
        #expect(written.theme.base == .light)
        #expect(
            written.problems.map(\.description) == [
                "\(file.path):2: colour \"muted\" must be \"#RRGGBB\" or an xterm colour number 0-255, not 999"
            ])
    }

    @Test("keys are found with their paths and lines, whatever the strings around them hold")
    func keyLines() {
        let text = """
            {"a": "x{\\"y\\": [1]}",
              "b": {"c": [{"d": 1},
                {"e": {"f": "}"}}]},
              "g\\u0068": 2}
            """
        let keys = JSONKeyLines.keys(in: Data(text.utf8))
        #expect(
            keys.map(\.path) == [
                ["a"], ["b"], ["b", "c"], ["b", "c", "d"], ["b", "c", "e"], ["b", "c", "e", "f"], ["gh"],
            ])
        #expect(keys.map(\.line) == [1, 2, 2, 2, 3, 3, 4])
    }
}
