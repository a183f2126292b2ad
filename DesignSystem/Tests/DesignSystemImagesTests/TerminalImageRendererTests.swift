import DesignSystemImages
import TerminalUI
import Testing

@Suite("Pictures as terminal cells (libchafa)", .timeLimit(.minutes(1)))
struct TerminalImageRendererTests {
    /// 160x80 RGBA: red top left, green top right, blue bottom left, white bottom right.
    static let quadrants: [UInt8] = {
        var pixels: [UInt8] = []
        for y in 0..<80 {
            for x in 0..<160 {
                switch (x < 80, y < 40) {
                case (true, true): pixels += [255, 0, 0, 255]
                case (false, true): pixels += [0, 255, 0, 255]
                case (true, false): pixels += [0, 0, 255, 255]
                case (false, false): pixels += [255, 255, 255, 255]
                }
            }
        }
        return pixels
    }()

    private func render(_ capability: ColorCapability) throws -> TerminalImage {
        try #require(
            TerminalImageRenderer(capability: capability).render(
                pixels: Self.quadrants, width: 160, height: 80, columns: 20, rows: 10))
    }

    /// The colour a viewer sees in a cell of one flat colour: the background of a space, the foreground of a block.
    private func seen(_ cell: ImageCell) -> ImageCellColor? {
        cell.symbol == " " ? cell.background : (cell.symbol == "█" ? cell.foreground : cell.background)
    }

    @Test("truecolor: each quadrant's cells show its colour as 24-bit RGB")
    func truecolorRegions() throws {
        let image = try render(.truecolor)
        #expect(image.columns == 20 && image.rows == 10)
        let expected: [((Int, Int), ImageCellColor)] = [
            ((2, 2), .rgb(red: 255, green: 0, blue: 0)), ((17, 2), .rgb(red: 0, green: 255, blue: 0)),
            ((2, 7), .rgb(red: 0, green: 0, blue: 255)), ((17, 7), .rgb(red: 255, green: 255, blue: 255)),
        ]
        for ((x, y), colour) in expected {
            let cell = image.cells[y][x]
            #expect(seen(cell) == colour, "cell (\(x), \(y)) is \(cell)")
        }
        let line = image.lines[2]
        #expect(line.contains("\u{1B}[") && line.contains(";2;255;0;0") && line.hasSuffix("\u{1B}[0m"))
    }

    @Test("256 colours use xterm palette indices 16...255 (pure red is 196); 16 colours use the ANSI codes")
    func indexedModes() throws {
        let palette = try render(.ansi256)
        #expect(seen(palette.cells[2][2]) == .indexed(196))
        #expect(palette.lines[2].contains("5;196"))
        let ansi = try render(.ansi16)
        let red = try #require(seen(ansi.cells[2][2]))
        guard case .indexed(let index) = red else {
            Issue.record("expected an ANSI index, got \(red)")
            return
        }
        #expect(index == 1 || index == 9, "red or bright red, got \(index)")
        #expect(!ansi.lines.joined().contains(";2;") && !ansi.lines.joined().contains(";5;"))
    }

    @Test("no colour capability (NO_COLOR, TERM=dumb, a pipe): plain ASCII lines with no escape byte")
    func plain() throws {
        let image = try render(.none)
        let text = image.lines.joined(separator: "\n")
        #expect(!text.utf8.contains(0x1B))
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(image.lines.count == 10 && image.lines.allSatisfy { $0.count == 20 })
        for environment in [["NO_COLOR": "1", "TERM": "xterm-256color"], ["TERM": "dumb"]] {
            #expect(ColorCapability.detect(environment: environment, isTerminal: true) == .none)
        }
        #expect(ColorCapability.detect(environment: ["TERM": "xterm-256color"], isTerminal: false) == .none)
    }

    @Test("transparent pixels keep the terminal's default background")
    func transparency() throws {
        let pixels = [UInt8](repeating: 0, count: 40 * 20 * 4)
        let image = try #require(
            TerminalImageRenderer(capability: .truecolor).render(
                pixels: pixels, width: 40, height: 20, columns: 8, rows: 4))
        #expect(image.cells.joined().allSatisfy { $0.background == nil })
    }

    /// 80x40 RGBA: blue (opaque) where `isOpaque(x, y)`, fully transparent elsewhere.
    private static func cutOut(_ isOpaque: (Int, Int) -> Bool) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<40 {
            for x in 0..<80 {
                pixels += isOpaque(x, y) ? [20, 30, 120, 255] : [0, 0, 0, 0]
            }
        }
        return pixels
    }

    /// Edges of opaque areas that cut through cells, in both directions, straight and diagonal.
    static let cutOuts: [[UInt8]] = [
        cutOut { x, _ in x < 37 }, cutOut { x, _ in x >= 37 }, cutOut { _, y in y < 13 }, cutOut { _, y in y >= 13 },
        cutOut { x, y in x + 2 * y < 70 }, cutOut { x, y in (x - 40) * (x - 40) + 4 * (y - 20) * (y - 20) < 900 },
    ]

    @Test(
        "the edge of a transparent area draws nothing in the terminal's default foreground colour",
        arguments: [ColorCapability.truecolor, .ansi256, .ansi16])
    func transparentEdges(capability: ColorCapability) throws {
        let renderer = TerminalImageRenderer(capability: capability)
        for pixels in Self.cutOuts {
            let image = try #require(renderer.render(pixels: pixels, width: 80, height: 40, columns: 10, rows: 5))
            // The opaque part is still drawn: not every cell is left empty.
            #expect(image.cells.joined().contains { $0.foreground != nil || $0.background != nil })
            for (row, line) in image.lines.enumerated() {
                for (column, ink) in SGRInk.inks(of: line).enumerated() where ink.symbol != " " {
                    #expect(
                        !ink.showsDefaultForeground,
                        "\(capability) row \(row) column \(column): '\(ink.symbol)' in the default colour")
                }
            }
            for (row, line) in image.styledLines.enumerated() {
                for span in line.spans where span.text.contains(where: { $0 != " " }) {
                    let style = span.style
                    #expect(
                        style.foreground != nil,
                        "\(capability) row \(row): span '\(span.text)' drawn in the default colour")
                    if style.attributes.contains(.inverse) {
                        #expect(style.background == nil, "an inverted cell's symbol shows the default background")
                    }
                }
            }
        }
    }

    @Test("geometry keeps the aspect ratio for cells twice as high as wide; bad input is nil, not a crash")
    func geometryAndBadInput() {
        let renderer = TerminalImageRenderer(capability: .truecolor)
        let size = renderer.geometry(width: 1600, height: 1200, columns: 40, maxRows: 100)
        #expect(size.columns == 40 && size.rows == 15)
        #expect(renderer.render(pixels: [1, 2, 3], width: 2, height: 2, columns: 4, rows: 4) == nil)
        #expect(renderer.render(pixels: [], width: 0, height: 0, columns: 4, rows: 4) == nil)
    }
}

/// Each printed symbol of a line of SGR-coloured text, and whether part of its cell shows the terminal's default
/// foreground colour: the symbol's shape without inverse video, the rest of the cell with it (SGR 7 swaps the two),
/// so either way only a set foreground keeps the default foreground out of the cell.
struct SGRInk {
    let symbol: Character
    let showsDefaultForeground: Bool

    static func inks(of line: String) -> [SGRInk] {
        var inks: [SGRInk] = []
        var foreground = false
        var characters = Array(line)[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            guard character == "\u{1B}" else {
                inks.append(SGRInk(symbol: character, showsDefaultForeground: !foreground))
                continue
            }
            // "[" parameters "m"
            characters = characters.dropFirst()
            let end = characters.firstIndex(of: "m") ?? characters.endIndex
            var parameters = String(characters[..<end]).split(separator: ";").map { Int($0) ?? 0 }[...]
            characters = characters[min(end + 1, characters.endIndex)...]
            if parameters.isEmpty { parameters = [0] }
            while let parameter = parameters.first {
                parameters = parameters.dropFirst()
                switch parameter {
                case 0: foreground = false
                case 30...37, 90...97: foreground = true
                case 39: foreground = false
                case 38, 48:
                    parameters = parameters.dropFirst(parameters.first == 2 ? 4 : 2)
                    if parameter == 38 { foreground = true }
                default: break
                }
            }
        }
        return inks
    }
}
