import DesignSystemImages
import TerminalUI
import Testing

@Suite("Pictures as terminal cells (libchafa)")
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

    @Test("geometry keeps the aspect ratio for cells twice as high as wide; bad input is nil, not a crash")
    func geometryAndBadInput() {
        let renderer = TerminalImageRenderer(capability: .truecolor)
        let size = renderer.geometry(width: 1600, height: 1200, columns: 40, maxRows: 100)
        #expect(size.columns == 40 && size.rows == 15)
        #expect(renderer.render(pixels: [1, 2, 3], width: 2, height: 2, columns: 4, rows: 4) == nil)
        #expect(renderer.render(pixels: [], width: 0, height: 0, columns: 4, rows: 4) == nil)
    }
}
