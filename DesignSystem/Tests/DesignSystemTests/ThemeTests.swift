import Foundation
import Testing

@testable import DesignSystem
@testable import TerminalUI

@Suite("Themes: built-in contrast, the xterm palette", .timeLimit(.minutes(1)))
struct ThemeTests {
    @Test(
        "every text token keeps 4.5:1 on its theme's background (7:1 in high contrast), 256-colour and truecolour",
        arguments: ColorTheme.Base.allCases)
    func textTokensKeepTheirContrast(base: ColorTheme.Base) {
        let theme = ColorTheme.builtIn(base)
        let minimum = base == .highContrast ? 7.0 : 4.5
        let background = theme.background
        for token in ColorToken.allCases {
            let color = theme[token]
            let truecolor = color.rgb.contrastRatio(with: background.rgb)
            let indexed = XtermPalette.rgb(color.ansi256).contrastRatio(with: XtermPalette.rgb(background.ansi256))
            #expect(truecolor >= minimum, "\(base) \(token): truecolour \(truecolor):1")
            #expect(indexed >= minimum, "\(base) \(token): 256-colour \(color.ansi256), \(indexed):1")
        }
    }

    @Test("contrast ratios follow WCAG 2's relative luminance")
    func contrastRatio() {
        let (black, white) = (RGB(hex: 0x000000), RGB(hex: 0xFFFFFF))
        #expect(black.contrastRatio(with: white) == 21)
        #expect(white.contrastRatio(with: black) == 21)
        #expect(RGB(hex: 0x3B82F6).contrastRatio(with: RGB(hex: 0x3B82F6)) == 1)
        // #767676 is the lightest grey that reads on white at 4.5:1; #777777 just fails.
        #expect(abs(RGB(hex: 0x767676).contrastRatio(with: white) - 4.54) < 0.01)
        #expect(RGB(hex: 0x777777).contrastRatio(with: white) < 4.5)
        #expect(abs(RGB(hex: 0xFF0000).relativeLuminance - 0.2126) < 1e-9)
    }

    @Test("the xterm palette: the 16 defaults, the cube and the grey ramp, and the nearest index")
    func xtermPalette() {
        let expected: [(UInt8, UInt32)] = [
            (0, 0x000000), (1, 0xCD0000), (7, 0xE5E5E5), (8, 0x7F7F7F), (12, 0x5C5CFF), (15, 0xFFFFFF),
            (16, 0x000000), (21, 0x0000FF), (33, 0x0087FF), (196, 0xFF0000), (231, 0xFFFFFF), (232, 0x080808),
            (244, 0x808080), (255, 0xEEEEEE),
        ]
        for (index, hex) in expected {
            #expect(XtermPalette.rgb(index) == RGB(hex: hex), "\(index)")
        }
        #expect(XtermPalette.nearestIndex(to: RGB(hex: 0xFF0000)) == 196)
        #expect(XtermPalette.nearestIndex(to: RGB(hex: 0x7F7F7F)) == 244)
        #expect(XtermPalette.nearestIndex(to: RGB(hex: 0x0088FE)) == 33)
        #expect(XtermPalette.nearestANSIColor(to: RGB(hex: 0xC00000)) == .red)
        #expect(XtermPalette.nearestANSIColor(to: RGB(hex: 0x6060F0)) == .brightBlue)
    }

    @Test("a theme's palette recolours the tokens when lines are rendered, and nothing else")
    func paletteRecolours() {
        let line =
            StyledLine("title", style: .text(.title))
            + StyledLine(
                " plain",
                style: Style(
                    foreground: .init(
                        ansi16: .red, ansi256: 33, rgb: RGB(hex: 0x3B82F6))))
        let esc = "\u{1B}"
        let dark = StyledTextRenderer(capability: .truecolor, palette: ColorTheme.dark.palette).render(line)
        let light = StyledTextRenderer(capability: .truecolor, palette: ColorTheme.light.palette).render(line)
        let light256 = StyledTextRenderer(capability: .ansi256, palette: ColorTheme.light.palette).render(line)
        #expect(dark == StyledTextRenderer(capability: .truecolor).render(line), "dark is the tokens' own colours")
        #expect(light.hasPrefix("\(esc)[0;1;38;2;29;78;216mtitle"))
        #expect(light256.hasPrefix("\(esc)[0;1;38;5;25mtitle"))
        #expect(light.hasSuffix("\(esc)[0;38;2;59;130;246m plain\(esc)[0m"), "an unnamed colour is itself")
    }
}
