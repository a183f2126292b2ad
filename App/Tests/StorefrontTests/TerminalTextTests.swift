import Foundation
import TestSupport
import Testing

extension IntegrationTests {
    /// Text from outside (a lists folder other devices write, a link) never drives the terminal: control characters
    /// are refused where the user types them and escaped wherever the binary prints what someone else wrote.
    @Suite("text from outside through the binary", .timeLimit(.minutes(5)))
    struct TerminalTextTests {
        @Test("lists refuse a control character in a title, a note or a product id with a usage error naming both")
        func listsRefuseControlCharacters() async throws {
            let process = try StorefrontProcess()
            let folder = process.dataDirectory.url.appending(path: "synced").path
            #expect(try await process.run(["lists", "new", "Weekly", "--lists-dir", folder]).status == 0)
            let note = try await process.run(
                ["lists", "add", "Weekly", "sku_1", "--note", "\u{1B}[31mred", "--lists-dir", folder])
            #expect(note.status == 64, "\(note)")
            #expect(note.standardError.contains("--note contains the control character U+001B (ESC)"), "\(note)")
            #expect(!note.standardError.contains("\u{1B}"), "\(note)")
            let title = try await process.run(["lists", "new", "two\nlines", "--lists-dir", folder])
            #expect(title.status == 64, "\(title)")
            #expect(title.standardError.contains("TITLE contains the control character U+000A (line feed)"))
            let shown = try await process.run(["lists", "show", "Weekly", "--json", "--lists-dir", folder])
            #expect(shown.status == 0 && shown.standardOutput.contains("\"items\":[]"), "nothing was written: \(shown)")
        }

        @Test("a title and a note another device wrote with ESC and a line break print escaped, one line each")
        func listsEscapeWhatOthersWrote() async throws {
            let process = try StorefrontProcess()
            let folder = process.dataDirectory.url.appending(path: "synced")
            #expect(try await process.run(["lists", "new", "Weekly", "--lists-dir", folder.path]).status == 0)
            let added = try await process.run(
                ["lists", "add", "Weekly", "sku_1", "--note", "plain", "--json", "--lists-dir", folder.path])
            let itemID = try #require(try added.json() as? [String: Any])["id"] as? String
            let list = folder.appending(path: "Weekly.sflist")
            try Self.rewrite(list.appending(path: "manifest.json"), key: "title", to: "Red\u{1B}[31m\nshop")
            try Self.rewrite(
                list.appending(path: "items/\(try #require(itemID)).json"), key: "note", to: "a\u{1B}]0;owned\u{7}\r")

            let lists = try await process.run(["lists", "--lists-dir", folder.path])
            #expect(lists.status == 0, "\(lists)")
            let show = try await process.run(["lists", "show", "Weekly", "--lists-dir", folder.path])
            #expect(show.status == 0, "\(show)")
            for result in [lists, show] {
                #expect(!result.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result)")
                #expect(result.standardOutput.contains("Red\u{241B}[31m\u{240A}shop"), "\(result)")
            }
            #expect(show.standardOutput.split(separator: "\n").count == 2, "title line and one item: \(show)")
            #expect(show.standardOutput.contains("a\u{241B}]0;owned\u{2407}\u{240D}"), "\(show)")
            let json = try await process.run(["lists", "show", "Weekly", "--json", "--lists-dir", folder.path])
            let document = try #require(try json.json() as? [String: Any], "\(json)")
            #expect(document["title"] as? String == "Red\u{1B}[31m\nshop", "JSON keeps the exact text")
        }

        @Test("bidi controls and invisible characters another device wrote are shown by code point; --json is exact")
        func listsShowBidiControls() async throws {
            let process = try StorefrontProcess()
            let folder = process.dataDirectory.url.appending(path: "synced")
            #expect(try await process.run(["lists", "new", "Weekly", "--lists-dir", folder.path]).status == 0)
            let refused = try await process.run(["lists", "new", "a\u{202E}b", "--lists-dir", folder.path])
            #expect(refused.status == 64, "\(refused)")
            #expect(refused.standardError.contains("U+202E (right-to-left override)"), "\(refused)")
            #expect(!refused.standardError.contains("\u{202E}"), "\(refused)")
            let title = "gift\u{202E}txt.exe\u{200B}"
            try Self.rewrite(
                folder.appending(path: "Weekly.sflist/manifest.json"), key: "title", to: title)
            let lists = try await process.run(["lists", "--lists-dir", folder.path])
            #expect(lists.status == 0, "\(lists)")
            let shown = "gift\u{27E8}U+202E\u{27E9}txt.exe\u{27E8}U+200B\u{27E9}"
            #expect(lists.standardOutput.contains(shown), "\(lists)")
            #expect(!lists.standardOutput.unicodeScalars.contains("\u{202E}"), "\(lists)")
            let json = try await process.run(["lists", "show", "Weekly", "--json", "--lists-dir", folder.path])
            #expect(!json.standardOutput.unicodeScalars.contains("\u{202E}"), "escaped in JSON: \(json)")
            let document = try #require(try json.json() as? [String: Any], "\(json)")
            #expect(document["title"] as? String == title, "JSON keeps the exact text")
        }

        @Test("a NUL in a deep link's id is refused and never written to the terminal")
        func deepLinkNUL() async throws {
            let process = try StorefrontProcess()
            let opened = try await process.run(["open", "storefront://product/a%00b"])
            #expect(opened.status == 64, "\(opened)")
            #expect(opened.standardError.contains("U+0000 (NUL)"), "\(opened)")
            #expect(!(opened.standardOutput + opened.standardError).contains("\u{0}"), "\(opened)")
        }

        /// Sets `key`'s stamped value in the JSON file at `url` to `value`, as another device's writer would.
        private static func rewrite(_ url: URL, key: String, to value: String) throws {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            var stamped = try #require(object[key] as? [String: Any], "\(object)")
            stamped["value"] = value
            object[key] = stamped
            try JSONSerialization.data(withJSONObject: object).write(to: url)
        }
    }
}
