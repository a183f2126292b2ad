/// Turns styled lines into text for a colour capability: ANSI SGR sequences for colour, plain text for `.none`.
///
/// Escape sequences take no cells, so every capability gives the same layout: removing the SGR sequences from the
/// coloured output gives the plain output byte for byte. Plain output (`.none`, which `NO_COLOR` and pipes get)
/// contains no escape byte at all.
public struct StyledTextRenderer: Hashable, Sendable {
    /// The capability the output is for.
    public var capability: ColorCapability
    /// The colours drawn for named colours (a theme); `.empty` draws every colour as it is.
    public var palette: ColorPalette

    /// Creates a renderer for a capability, drawing named colours from `palette`.
    public init(capability: ColorCapability, palette: ColorPalette = .empty) {
        self.capability = capability
        self.palette = palette
    }

    /// One line, without a line break. A styled line ends with SGR 0, so nothing leaks into what follows.
    public func render(_ line: StyledLine) -> String {
        guard capability != .none else { return line.plainText }
        var output = ""
        var current = Style.plain
        for span in line.spans where !span.text.isEmpty {
            if span.style != current {
                output +=
                    span.style.isPlain
                    ? ControlSequence.resetStyle : ControlSequence.sgr([0] + parameters(for: span.style))
                current = span.style
            }
            output += span.text
        }
        if !current.isPlain { output += ControlSequence.resetStyle }
        return output
    }

    /// Lines as a block of text: each line followed by `"\n"`.
    public func render(_ lines: [StyledLine]) -> String {
        lines.map { render($0) + "\n" }.joined()
    }

    // MARK: - Private

    /// The SGR parameters for a style (ECMA-48 § 8.3.117).
    private func parameters(for style: Style) -> [Int] {
        var result: [Int] = []
        let attributes = style.attributes
        if attributes.contains(.bold) { result.append(1) }
        if attributes.contains(.dim) { result.append(2) }
        if attributes.contains(.italic) { result.append(3) }
        if attributes.contains(.underline) { result.append(4) }
        if !attributes.isDisjoint(with: [.inverse, .cursor]) { result.append(7) }
        if attributes.contains(.strikethrough) { result.append(9) }
        if let foreground = style.foreground { result += parameters(for: foreground, background: false) }
        if let background = style.background { result += parameters(for: background, background: true) }
        return result
    }

    private func parameters(for color: TerminalColor, background: Bool) -> [Int] {
        let color = palette.resolve(color)
        switch capability {
        case .none:
            return []
        case .ansi16:
            let index = Int(color.ansi16.rawValue)
            let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
            return [base + index % 8]
        case .ansi256:
            return [background ? 48 : 38, 5, Int(color.ansi256)]
        case .truecolor:
            let rgb = color.rgb
            return [background ? 48 : 38, 2, Int(rgb.red), Int(rgb.green), Int(rgb.blue)]
        }
    }
}
