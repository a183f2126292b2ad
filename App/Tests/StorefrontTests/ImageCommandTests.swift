import Foundation
import Logging
import Testing

@testable import SampleBackend

extension IntegrationTests {
    /// `storefront image` and `storefront cache clear` through the built binary and its embedded backend, whose port
    /// changes with every process.
    @Suite("end to end: pictures")
    struct ImageCommandTests {
        /// The seeded posts whose `image_url` is missing or broken, from the server's own generator.
        private static func postsWithBrokenPictures() -> [String] {
            let configuration = SampleServerConfiguration(
                dataDirectory: nil, logger: Logger(label: "test", handler: CapturingLogHandler()), now: { Date() })
            let generator = CatalogGenerator(seed: configuration.seed, catalog: configuration.catalog)
            return generator.posts(productIDs: generator.products().map(\.id))
                .filter { $0.id.hasPrefix("post_") && !($0.imageURL ?? "").hasPrefix("/v1/images/") }.map(\.id)
        }

        /// The shell command running `storefront <arguments>` on `app`'s data directory in a truecolour terminal
        /// with an otherwise empty environment (but for the session's crash reporting, `TmuxSession.with`).
        private static func colourTerminalCommand(
            _ app: StorefrontProcess, _ arguments: String
        ) throws -> (String) -> String {
            let binary = try StorefrontProcess.executableURL().path
            let data = app.dataDirectory.url.path
            return { crash in
                "env -i PATH=/usr/bin:/bin HOME=/nonexistent TERM=xterm-256color COLORTERM=truecolor LANG=C.UTF-8 "
                    + "\(crash) '\(binary)' --data-dir '\(data)' \(arguments)"
            }
        }

        /// A product of the seeded catalog whose picture the server has (not missing, not the corrupt one).
        private func pictureProduct(_ app: StorefrontProcess) async throws -> String {
            let search = try await app.run(["search", "leather", "--json"])
            try #require(search.status == 0, "\(search)")
            let products = try #require((try search.json() as? [String: Any])?["products"] as? [[String: Any]])
            let ids = products.compactMap { product -> String? in
                guard let id = product["id"] as? String, let url = product["image_url"] as? String,
                    url.hasSuffix("/v1/images/products/\(id).jpg"), let number = Int(id.dropFirst(4)),
                    number % 97 != 0, number != 7
                else { return nil }
                return id
            }
            return try #require(ids.first)
        }

        @Test("network, then disk in the next process without a request (fresh by max-age); cache clear empties it")
        func sourcesAcrossProcesses() async throws {
            let app = try StorefrontProcess()
            let id = try await pictureProduct(app)
            let first = try await app.run(["image", id, "--width", "40", "--json"])
            try #require(first.status == 0, "\(first)")
            let report = try #require(try first.json() as? [String: Any])
            #expect(report["source"] as? String == "network")
            #expect((report["bytes_downloaded"] as? Int ?? 0) > 1000)
            #expect(report["source_width"] as? Int == 1600 && report["source_height"] as? Int == 1200)
            #expect(report["decoded_width"] as? Int == 160 && report["decoded_height"] as? Int == 120)
            #expect(report["columns"] as? Int == 40)

            let second = try await app.run(["image", id, "--width", "40", "--json"])
            try #require(second.status == 0, "\(second)")
            let again = try #require(try second.json() as? [String: Any])
            #expect(again["source"] as? String == "disk")
            #expect(again["revalidated"] as? Bool == false && again["bytes_downloaded"] as? Int == 0)

            let cleared = try await app.run(["cache", "clear", "--json"])
            try #require(cleared.status == 0, "\(cleared)")
            #expect((try cleared.json() as? [String: Any])?["files"] as? Int == 1)
            let third = try await app.run(["image", id, "--json"])
            #expect((try third.json() as? [String: Any])?["source"] as? String == "network")
        }

        @Test("piped output is plain text with no escape byte; a corrupt picture and a bad --mode fail clearly")
        func plainAndFailures() async throws {
            let app = try StorefrontProcess()
            let id = try await pictureProduct(app)
            let report = try await app.run(["image", id, "--width", "30", "--json"])
            let rows = try #require((try report.json() as? [String: Any])?["rows"] as? Int)
            let drawn = try await app.run(["image", id, "--width", "30"])
            try #require(drawn.status == 0, "\(drawn)")
            #expect(!drawn.standardOutput.utf8.contains(0x1B))
            let lines = drawn.standardOutput.split(separator: "\n")
            #expect(lines.count == rows && lines.allSatisfy { $0.count == 30 }, "\(drawn)")
            let seven = try await app.run(["product", "sku_7", "--json"])
            if let url = (try? seven.json() as? [String: Any])?["image_url"] as? String,
                url.hasSuffix("/v1/images/products/sku_7.jpg")
            {
                let corrupt = try await app.run(["image", "sku_7"])
                #expect(corrupt.status == 1)
                #expect(corrupt.standardError.contains("corrupt"), "\(corrupt)")
            }
            let mode = try await app.run(["image", id, "--mode", "wavy"])
            #expect(mode.status == 64, "\(mode)")
            // sixel and kitty asked for on a pipe still write plain characters.
            for graphics in ["sixel", "kitty"] {
                let piped = try await app.run(["image", id, "--width", "30", "--mode", graphics])
                #expect(piped.status == 0 && !piped.standardOutput.utf8.contains(0x1B), "\(piped)")
                let json = try await app.run(["image", id, "--mode", graphics, "--json"])
                #expect((try json.json() as? [String: Any])?["mode"] as? String == "plain", "\(json)")
            }
        }

        /// The first posts of the feed (`limit` of them) as `--json` prints them.
        private func feedPosts(_ app: StorefrontProcess, limit: Int = 50) async throws -> [[String: Any]] {
            let feed = try await app.run(["feed", "--limit", String(limit), "--json"])
            try #require(feed.status == 0, "\(feed)")
            return try #require((try feed.json() as? [String: Any])?["posts"] as? [[String: Any]])
        }

        @Test("a post's picture by its post_N id: network then disk, with the --json fields of a product's")
        func postPicture() async throws {
            let app = try StorefrontProcess()
            let posts = try await feedPosts(app)
            let id = try #require(
                posts.compactMap { post -> String? in
                    guard let id = post["id"] as? String, let url = post["image_url"] as? String,
                        url.hasSuffix("/v1/images/posts/\(id).jpg"), let number = Int(id.dropFirst(5)),
                        number % 97 != 0
                    else { return nil }
                    return id
                }.first)
            let first = try await app.run(["image", id, "--width", "40", "--json"])
            try #require(first.status == 0, "\(first)")
            let report = try #require(try first.json() as? [String: Any])
            #expect(report["id"] as? String == id && report["kind"] as? String == "post")
            #expect((report["image_url"] as? String)?.hasSuffix("/v1/images/posts/\(id).jpg") == true)
            #expect(report["source"] as? String == "network")
            #expect((report["bytes_downloaded"] as? Int ?? 0) > 1000)
            #expect(report["source_width"] as? Int == 1600 && report["source_height"] as? Int == 1200)
            #expect(report["decoded_width"] as? Int == 160 && report["decoded_height"] as? Int == 120)
            #expect((report["milliseconds"] as? Double).map { $0 >= 0 } == true, "\(report)")
            // Piped, with NO_COLOR: plain characters, and nothing was asked of a terminal.
            #expect(report["mode"] as? String == "plain" && report["mode_source"] as? String == "none")
            let second = try await app.run(["image", id, "--width", "40", "--json"])
            let again = try #require(try second.json() as? [String: Any])
            #expect(again["source"] as? String == "disk" && again["revalidated"] as? Bool == false, "\(second)")
            let drawn = try await app.run(["image", id, "--width", "30"])
            #expect(drawn.status == 0 && !drawn.standardOutput.isEmpty && !drawn.standardOutput.utf8.contains(0x1B))
        }

        @Test("unknown and malformed ids fail naming the id and the forms of ids; a picture the server lacks fails")
        func unknownAndMalformedIDs() async throws {
            let app = try StorefrontProcess()
            let post = try await app.run(["image", "post_99999999", "--json"])
            #expect(post.status == 1, "\(post)")
            #expect(post.standardError.contains("no post has the id 'post_99999999'"), "\(post)")
            #expect(post.standardError.contains("sku_N for a product, post_N for a post"), "\(post)")
            let error = (try? post.json() as? [String: Any])?["error"] as? [String: Any]
            #expect(error?["code"] as? String == "not_found", "\(post)")
            let product = try await app.run(["image", "sku_99999999"])
            #expect(product.status == 1 && product.standardError.contains("no product has the id 'sku_99999999'"))
            // Neither prefix: tried as a product, then as a post.
            let other = try await app.run(["image", "99999999"])
            #expect(other.status == 1 && other.standardError.contains("no product or post has the id '99999999'"))
            for malformed in ["sku 12", "post_", "sku_1\u{1B}[2J"] {
                let result = try await app.run(["image", malformed, "--json"])
                #expect(result.status == 64, "\(result)")
                #expect(result.standardError.contains("is not a product or post id"), "\(result)")
                #expect(!result.standardError.utf8.contains(0x1B), "\(result)")
            }
            // Every 97th picture is missing on the server although its link looks right.
            let ninetySeven = try await app.run(["post", "post_97", "--json"])
            if let url = (try? ninetySeven.json() as? [String: Any])?["image_url"] as? String,
                url.hasSuffix("/v1/images/posts/post_97.jpg")
            {
                let missing = try await app.run(["image", "post_97", "--json"])
                #expect(missing.status == 1 && missing.standardError.contains("HTTP 404"), "\(missing)")
                let error = (try? missing.json() as? [String: Any])?["error"] as? [String: Any]
                #expect(error?["code"] as? String == "image_unavailable", "\(missing)")
            }
            for width in ["3", "1001", "wide"] {
                let bad = try await app.run(["image", "post_1", "--width", width])
                #expect(bad.status == 64 && bad.standardError.contains("from 4 to 1000"), "\(bad)")
            }
        }

        @Test("a post without a usable image_url fails with no_image, naming the post")
        func postWithoutPicture() async throws {
            let id = try #require(Self.postsWithBrokenPictures().first)
            let app = try StorefrontProcess()
            let result = try await app.run(["image", id, "--json"])
            #expect(result.status == 1, "\(result)")
            #expect(result.standardError.contains("post \(id) has no picture"), "\(result)")
            let error = (try? result.json() as? [String: Any])?["error"] as? [String: Any]
            #expect(error?["code"] as? String == "no_image", "\(result)")
        }

        @Test("posts whose image_url is missing or broken stay in `feed` and `post`, text and JSON, without a picture")
        func brokenPostPicturesKeepThePost() async throws {
            let broken = Set(Self.postsWithBrokenPictures())
            try #require(!broken.isEmpty)
            let app = try StorefrontProcess()

            let feed = try await app.run(["feed", "--limit", "50", "--json"])
            try #require(feed.status == 0, "\(feed)")
            let posts = try #require((try feed.json() as? [String: Any])?["posts"] as? [[String: Any]])
            let withoutPicture = posts.filter { $0["image_url"] == nil }.compactMap { $0["id"] as? String }
            #expect(!withoutPicture.isEmpty, "the first 50 posts have no broken picture: \(posts)")
            #expect(Set(withoutPicture).isSubset(of: broken))
            let id = try #require(withoutPicture.first)
            let text = try await app.run(["feed", "--limit", "50"])
            #expect(text.status == 0 && text.standardOutput.contains("\(id)  "), "\(text)")

            let post = try await app.run(["post", id, "--json"])
            try #require(post.status == 0, "\(post)")
            let object = try #require(try post.json() as? [String: Any])
            #expect(object["id"] as? String == id && object["image_url"] == nil)
            let shown = try await app.run(["post", id])
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.standardOutput.contains("image: none (the server's image_url is missing or broken)"))
        }

        @Test("tmux: a post whose image_url is broken opens with the placeholder; reloading it logs nothing more")
        func brokenPostScreen() async throws {
            try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
            let id = try #require(Self.postsWithBrokenPictures().first)
            let app = try StorefrontProcess()
            try await TmuxSession.with(
                columns: 100, rows: 40, command: try Self.colourTerminalCommand(app, "open 'storefront://post/\(id)'")
            ) { pane in
                let screen = try await pane.waitForScreen("the post with the placeholder") {
                    $0.contains("[ picture unavailable ]") && $0.contains("Picture address missing or broken")
                }
                #expect(screen.contains("likes"), "\(screen)")
                try await pane.press("r")
                try await pane.waitForScreen("the post reloaded") {
                    $0.contains("[ picture unavailable ]") && !$0.contains("Loading")
                }
                try await pane.press("q")
                try await pane.waitForExit()
            }
            let log = try String(
                contentsOf: app.dataDirectory.url.appending(path: "state/logs/storefront.log"), encoding: .utf8)
            let reports = log.split(separator: "\n").filter {
                $0.contains("feed post kept without its picture") && $0.contains("\"post_id\":\"\(id)\"")
            }
            #expect(reports.count == 1, "\(log)")
        }

        @Test("tmux answers the probe itself: auto asks, gets DA1 without sixel, draws symbols, settings unchanged")
        func probeUnderTmux() async throws {
            try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
            let app = try StorefrontProcess()
            let id = try await pictureProduct(app)
            let binary = try StorefrontProcess.executableURL().path
            let data = app.dataDirectory.url.path
            let environment =
                "PATH=/usr/bin:/bin HOME=/nonexistent TERM=xterm-256color COLORTERM=truecolor LANG=C.UTF-8"
            try await TmuxSession.with(columns: 100, rows: 40) { crash in
                "before=$(stty -g); env -i \(environment) \(crash) '\(binary)' --data-dir '\(data)' image \(id) "
                    + "--json; [ \"$before\" = \"$(stty -g)\" ] && echo SAME-SETTINGS; echo END-OF-PICTURE; exec cat"
            } _: { pane in
                let screen = try await pane.waitForScreen("the report") { $0.contains("END-OF-PICTURE") }
                let joined = screen.split(separator: "\n").joined()
                #expect(joined.contains("\"mode_source\":\"terminal\""), "\(screen)")
                #expect(joined.contains("\"mode\":\"symbols\""), "\(screen)")
                #expect(screen.contains("SAME-SETTINGS"), "\(screen)")
                // The answer was read in raw mode, not echoed onto the screen.
                #expect(!screen.contains("[?1;2c") && !screen.contains("^["), "\(screen)")
            }
        }

        /// The colours the seeded catalog draws picture `id` (`sku_N`) in, from the server's own generator.
        private func palette(of id: String) throws -> PictureGenerator.Palette {
            let number = try #require(Int(id.dropFirst(4)))
            let seed = SampleServerConfiguration(
                dataDirectory: nil, logger: Logger(label: "test", handler: CapturingLogHandler()), now: { Date() }
            ).seed
            return PictureGenerator(seed: seed).palette(of: PictureCatalog.Picture(kind: .products, number: number))
        }

        /// What `storefront ARGUMENTS` writes on a pseudo-terminal (util-linux `script`), with only `environment`.
        private func onTerminal(_ arguments: [String], environment: [String: String], data: String) throws -> String {
            let binary = try StorefrontProcess.executableURL().path
            let command =
                (["env", "-i"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                + [binary, "--data-dir", data] + arguments).map { "'\($0)'" }.joined(separator: " ")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }

        @Test("on a terminal: --mode kitty and sixel write their graphics, auto follows KITTY_WINDOW_ID, else symbols")
        func graphicsOnATerminal() async throws {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux script")
            let app = try StorefrontProcess()
            let id = try await pictureProduct(app)
            let data = app.dataDirectory.url.path
            let base = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "TERM": "xterm-256color", "LANG": "C.UTF-8"]
            let kitty = try onTerminal(
                ["image", id, "--width", "20", "--mode", "kitty"], environment: base, data: data)
            #expect(kitty.contains("\u{1B}_G"), "\(kitty.prefix(80).debugDescription)")
            let sixel = try onTerminal(
                ["image", id, "--width", "20", "--mode", "sixel"], environment: base, data: data)
            #expect(sixel.contains("\u{1B}P") && !sixel.contains("\u{1B}_G"), "\(sixel.prefix(80).debugDescription)")
            var inKitty = base
            inKitty["KITTY_WINDOW_ID"] = "1"
            let auto = try onTerminal(["image", id, "--width", "20"], environment: inKitty, data: data)
            #expect(auto.contains("\u{1B}_G"), "\(auto.prefix(80).debugDescription)")
            // The environment does not say, so auto asks the terminal (script's pseudo-terminal, which nobody
            // answers): the probe goes out, and after the timeout the picture is drawn in symbols.
            var truecolor = base
            truecolor["COLORTERM"] = "truecolor"
            let symbols = try onTerminal(["image", id, "--width", "20"], environment: truecolor, data: data)
            #expect(symbols.contains("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"), "\(symbols.prefix(80))")
            #expect(symbols.contains("\u{1B}[38;2;") && !symbols.contains("\u{1B}_Ga="), "\(symbols.prefix(80))")
            let unanswered = try onTerminal(["image", id, "--json"], environment: truecolor, data: data)
            #expect(unanswered.contains("\"mode\":\"symbols\"") && unanswered.contains("\"mode_source\":\"timeout\""))
            var plain = inKitty
            plain["NO_COLOR"] = "1"
            let none = try onTerminal(
                ["image", id, "--width", "20", "--mode", "kitty"], environment: plain, data: data)
            #expect(!none.utf8.contains(0x1B) && !none.isEmpty, "\(none.prefix(80).debugDescription)")
        }

        @Test("tmux: the product screen draws the seeded picture's disc and badge colours where they are")
        func productScreenColours() async throws {
            try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
            let app = try StorefrontProcess()
            let id = try await pictureProduct(app)
            let palette = try palette(of: id)
            let binary = try StorefrontProcess.executableURL().path
            let data = app.dataDirectory.url.path
            let environment =
                "PATH=/usr/bin:/bin HOME=/nonexistent TERM=xterm-256color COLORTERM=truecolor LANG=C.UTF-8"
            let productCommand = try Self.colourTerminalCommand(app, "open 'storefront://product/\(id)'")
            try await TmuxSession.with(columns: 100, rows: 40, command: productCommand) { pane in
                try await pane.waitForScreen("the picture") { !$0.contains("loading picture") && $0.contains("esc") }
                // tmux may be caught between the bytes of one frame (a busy machine), so a capture can hold the top
                // rows of the picture only: read until the block has the picture's size, or the time is up.
                var picture: PaneCells.Block?
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(20)
                while clock.now < deadline {
                    picture = PaneCells(try await pane.screenWithEscapes()).largestColouredBlock(minimumWidth: 20)
                    if let block = picture, block.columns >= 40, block.rows >= 8 { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                let shown = try await pane.screen()
                let block = try #require(picture, "no picture on:\n\(shown)")
                #expect(block.columns >= 40 && block.rows >= 8, "\(block)")
                // The disc is at the centre; the badge fills the top-left quarter by quarter.
                let centre = block.colours(x: block.columns / 2, y: block.rows / 2)
                let badge = block.colours(x: block.columns / 8, y: block.rows / 8)
                #expect(centre.contains { PaneCells.near($0, palette.disc) }, "centre \(centre) vs \(palette.disc)")
                #expect(badge.contains { PaneCells.near($0, palette.badge) }, "badge \(badge) vs \(palette.badge)")
            }

            // `--no-images` shows the picture's address and no picture.
            try await TmuxSession.with(columns: 100, rows: 40) { crash in
                "env -i \(environment) \(crash) '\(binary)' --data-dir '\(data)' --no-images open "
                    + "'storefront://product/\(id)'"
            } _: { off in
                let screen = try await off.waitForScreen("the product without its picture") {
                    $0.contains("Image: ") && $0.contains("esc")
                }
                #expect(!screen.contains("picture"), "\(screen)")
                #expect(PaneCells(try await off.screenWithEscapes()).largestColouredBlock(minimumWidth: 20) == nil)
            }

            // Under NO_COLOR, the picture command in the same terminal writes no escape byte.
            try await TmuxSession.with(columns: 100, rows: 40) { crash in
                "env -i PATH=/usr/bin:/bin HOME=/nonexistent TERM=xterm-256color NO_COLOR=1 LANG=C.UTF-8 \(crash) "
                    + "'\(binary)' --data-dir '\(data)' image \(id) --width 30; echo END-OF-PICTURE; exec cat"
            } _: { plain in
                try await plain.waitForScreen("the plain picture") { $0.contains("END-OF-PICTURE") }
                let captured = try await plain.screenWithEscapes()
                #expect(!captured.utf8.contains(0x1B), "\(captured)")
                // capture-pane drops trailing spaces, so rows are at most 30 wide; the picture is drawn in characters.
                let rows = captured.split(separator: "\n").prefix { !$0.contains("END-OF-PICTURE") }
                #expect(rows.count >= 5 && rows.allSatisfy { $0.count <= 30 }, "\(captured)")
                #expect(rows.contains { $0.contains { !$0.isWhitespace } }, "\(captured)")
            }
        }
    }
}

/// The cells of a `capture-pane -e` screen: each cell's character and its 24-bit foreground and background from
/// the SGR sequences before it (ECMA-48 8.3.117, the ISO 8613-6 `38;2;R;G;B` forms).
struct PaneCells {
    struct Cell {
        var character: Character
        var foreground: (Int, Int, Int)?
        var background: (Int, Int, Int)?
    }

    /// A rectangle of the screen: rows of cells.
    struct Block: CustomStringConvertible {
        let cells: [[Cell]]
        var rows: Int { cells.count }
        var columns: Int { cells.map(\.count).min() ?? 0 }

        /// The colours cell (`x`, `y`) shows: its background and, unless it is a space, its foreground.
        func colours(x: Int, y: Int) -> [(Int, Int, Int)] {
            let cell = cells[y][x]
            return [cell.background, cell.character == " " ? nil : cell.foreground].compactMap { $0 }
        }

        var description: String { "\(columns)x\(rows) cells" }
    }

    let lines: [[Cell]]

    init(_ screen: String) {
        lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(Self.parse)
    }

    /// Whether `colour` is within 32 of `expected` in every channel (a JPEG and a box filter move flat colours a
    /// little).
    static func near(_ colour: (Int, Int, Int), _ expected: (UInt8, UInt8, UInt8)) -> Bool {
        abs(colour.0 - Int(expected.0)) <= 32 && abs(colour.1 - Int(expected.1)) <= 32
            && abs(colour.2 - Int(expected.2)) <= 32
    }

    /// The tallest run of consecutive lines whose cells from the same column on are coloured (a foreground or a
    /// background) for at least `minimumWidth` cells: where a picture is.
    func largestColouredBlock(minimumWidth: Int) -> Block? {
        func run(_ line: [Cell]) -> Range<Int>? {
            var best: Range<Int>?
            var start: Int?
            for index in 0...line.count {
                let coloured =
                    index < line.count
                    && (line[index].background != nil
                        || (line[index].foreground != nil && line[index].character != " "))
                if coloured, start == nil { start = index }
                if !coloured, let first = start {
                    if index - first > (best?.count ?? 0) { best = first..<index }
                    start = nil
                }
            }
            return best.flatMap { $0.count >= minimumWidth ? $0 : nil }
        }
        var best: [[Cell]] = []
        var current: [[Cell]] = []
        var currentStart: Int?
        for line in lines + [[]] {
            if let range = run(line), currentStart == nil || currentStart == range.lowerBound {
                currentStart = range.lowerBound
                current.append(Array(line[range]))
            } else {
                if current.count > best.count { best = current }
                current = []
                currentStart = nil
                if let range = run(line) {
                    currentStart = range.lowerBound
                    current.append(Array(line[range]))
                }
            }
        }
        return best.count >= 3 ? Block(cells: best) : nil
    }

    private static func parse(_ line: Substring) -> [Cell] {
        var cells: [Cell] = []
        var foreground: (Int, Int, Int)?
        var background: (Int, Int, Int)?
        var characters = Array(line)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard character == "\u{1B}", index + 1 < characters.count, characters[index + 1] == "[" else {
                cells.append(Cell(character: character, foreground: foreground, background: background))
                index += 1
                continue
            }
            var end = index + 2
            while end < characters.count, !(characters[end].isLetter) { end += 1 }
            guard end < characters.count else { break }
            if characters[end] == "m" {
                let parameters = String(characters[(index + 2)..<end]).split(
                    separator: ";", omittingEmptySubsequences: false
                ).map { Int($0) ?? 0 }
                apply(parameters.isEmpty ? [0] : parameters, &foreground, &background)
            }
            index = end + 1
        }
        characters.removeAll()
        return cells
    }

    private static func apply(
        _ parameters: [Int], _ foreground: inout (Int, Int, Int)?, _ background: inout (Int, Int, Int)?
    ) {
        var index = 0
        while index < parameters.count {
            let parameter = parameters[index]
            if parameter == 0 {
                foreground = nil
                background = nil
            } else if parameter == 39 {
                foreground = nil
            } else if parameter == 49 {
                background = nil
            } else if parameter == 38 || parameter == 48, index + 1 < parameters.count {
                if parameters[index + 1] == 2, index + 4 < parameters.count {
                    let colour = (parameters[index + 2], parameters[index + 3], parameters[index + 4])
                    if parameter == 38 { foreground = colour } else { background = colour }
                    index += 4
                } else if parameters[index + 1] == 5 {
                    index += 2
                }
            }
            index += 1
        }
    }
}
