import Foundation
import TerminalUI

/// The colours of xterm's 256-colour palette, as xterm draws them by default: what a 256-colour index or one of the
/// 16 ANSI colours looks like when nothing else is known, and the index nearest to a 24-bit colour.
///
/// Source: xterm's `256colres.h` and the default `color0`–`color15` resources of its `XTerm-col.ad`: the 16 basic
/// colours, a 6×6×6 cube (levels 0, 95, 135, 175, 215, 255) from 16 to 231, and a grey ramp (8 to 238 in steps of
/// 10) from 232 to 255.
public enum XtermPalette {
    /// The colour of index `index`.
    public static func rgb(_ index: UInt8) -> RGB {
        let value = Int(index)
        switch value {
        case 0..<16:
            return RGB(hex: basic[value])
        case 16..<232:
            let cube = value - 16
            return RGB(
                red: cubeLevels[cube / 36], green: cubeLevels[(cube / 6) % 6], blue: cubeLevels[cube % 6])
        default:
            let grey = UInt8(8 + 10 * (value - 232))
            return RGB(red: grey, green: grey, blue: grey)
        }
    }

    /// The colour of ANSI colour `color` (index 0–15).
    public static func rgb(_ color: ANSIColor) -> RGB {
        rgb(color.rawValue)
    }

    /// The index of the palette colour nearest to `color` among the cube and the grey ramp (16–255, whose values
    /// terminals rarely change), by squared distance in RGB.
    public static func nearestIndex(to color: RGB) -> UInt8 {
        nearest(to: color, among: 16...255)
    }

    /// The ANSI colour nearest to `color` as xterm draws the 16 by default.
    public static func nearestANSIColor(to color: RGB) -> ANSIColor {
        ANSIColor(rawValue: nearest(to: color, among: 0...15)) ?? .white
    }

    // MARK: - Private

    private static let basic: [UInt32] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]

    private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    private static func nearest(to color: RGB, among indices: ClosedRange<UInt8>) -> UInt8 {
        var best = indices.lowerBound
        var bestDistance = Int.max
        for index in indices {
            let candidate = rgb(index)
            let red = Int(candidate.red) - Int(color.red)
            let green = Int(candidate.green) - Int(color.green)
            let blue = Int(candidate.blue) - Int(color.blue)
            let distance = red * red + green * green + blue * blue
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }
}

extension RGB {
    /// The relative luminance of the colour, 0 (black) to 1 (white), from its sRGB components (WCAG 2.2,
    /// "relative luminance": each component linearised, then weighted 0.2126, 0.7152 and 0.0722).
    public var relativeLuminance: Double {
        func linear(_ component: UInt8) -> Double {
            let value = Double(component) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The contrast ratio between this colour and `other`, 1 (the same) to 21 (black on white): (L1 + 0.05) /
    /// (L2 + 0.05), the lighter luminance above (WCAG 2.2, "contrast ratio"; success criterion 1.4.3 asks 4.5:1
    /// for text, 1.4.6 asks 7:1).
    public func contrastRatio(with other: RGB) -> Double {
        let (first, second) = (relativeLuminance, other.relativeLuminance)
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }
}
