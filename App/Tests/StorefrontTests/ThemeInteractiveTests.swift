import Foundation
import TestSupport
import Testing

extension IntegrationTests.InteractiveTests {
    @Test("theme.json picks the light theme's colours, and an unknown colour name shows at start with file and line")
    func themeFile() async throws {
        try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
        let directory = try TemporaryDirectory()
        let config = directory.url.appending(path: "app/config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("{\n  \"base\": \"light\",\n  \"colors\": {\"primray\": 25}\n}\n".utf8)
            .write(to: config.appending(path: "theme.json"))
        try await Self.withApp(["--no-images"], in: directory) { app in
            try await app.waitForScreen("the theme file's problem") {
                $0.contains("[Feed]") && $0.contains(#"theme.json:3: unknown colour "primray""#)
            }
            // xterm-256color: the title and the selected tab in the light theme's primary (25), not the dark's (33).
            let coloured = try await app.screenWithEscapes()
            #expect(coloured.contains("38;5;25m"), "\(coloured)")
            #expect(!coloured.contains("38;5;33m"), "\(coloured)")
            try await app.press("q")
            try await app.waitForExit()
        }
    }
}
