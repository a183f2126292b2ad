/// A colour for every colour capability a terminal may have.
///
/// A design token picks the three forms by hand (a 16-colour terminal's "bright blue" is the terminal user's own
/// choice of blue, which a truecolor blue cannot stand in for), and the renderer uses the one that matches the
/// capability it renders for (see `ColorCapability`). Colours appear in SGR sequences (ECMA-48 § 8.3.117; the
/// 256-colour and 24-bit forms are the ISO 8613-6 extensions that xterm implements).
public struct TerminalColor: Hashable, Sendable {
    /// The colour on a 16-colour terminal: one of the eight basic colours or their bright variants.
    public var ansi16: ANSIColor
    /// The colour on a 256-colour terminal: an index into xterm's palette (0–15 the basic colours, 16–231 a
    /// 6×6×6 colour cube, 232–255 a grey ramp).
    public var ansi256: UInt8
    /// The colour on a truecolor (24-bit) terminal.
    public var rgb: RGB
    /// The name of the palette entry this colour stands for (a design token such as `primary`), or nil for a
    /// colour that is only itself. A renderer whose `ColorPalette` has the name draws the palette's colour instead,
    /// so a theme recolours every token without the lines being built again.
    public var paletteName: String?

    /// Creates a colour from its three forms, standing for the palette entry `paletteName` when one is given.
    public init(ansi16: ANSIColor, ansi256: UInt8, rgb: RGB, paletteName: String? = nil) {
        self.ansi16 = ansi16
        self.ansi256 = ansi256
        self.rgb = rgb
        self.paletteName = paletteName
    }
}

/// The sixteen colours of a basic ANSI terminal; the terminal's theme decides what they look like.
public enum ANSIColor: UInt8, Hashable, Sendable, CaseIterable {
    /// Black (SGR 30 / 40).
    case black = 0
    /// Red (SGR 31 / 41).
    case red
    /// Green (SGR 32 / 42).
    case green
    /// Yellow (SGR 33 / 43).
    case yellow
    /// Blue (SGR 34 / 44).
    case blue
    /// Magenta (SGR 35 / 45).
    case magenta
    /// Cyan (SGR 36 / 46).
    case cyan
    /// White, usually light grey (SGR 37 / 47).
    case white
    /// Bright black, usually dark grey (SGR 90 / 100).
    case brightBlack
    /// Bright red (SGR 91 / 101).
    case brightRed
    /// Bright green (SGR 92 / 102).
    case brightGreen
    /// Bright yellow (SGR 93 / 103).
    case brightYellow
    /// Bright blue (SGR 94 / 104).
    case brightBlue
    /// Bright magenta (SGR 95 / 105).
    case brightMagenta
    /// Bright cyan (SGR 96 / 106).
    case brightCyan
    /// Bright white (SGR 97 / 107).
    case brightWhite
}

/// A 24-bit colour: 8 bits each of red, green and blue.
public struct RGB: Hashable, Sendable {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8

    /// Creates a colour from its components, each 0–255.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Creates a colour from a hexadecimal value such as `0x3B82F6` (red in the high byte).
    public init(hex: UInt32) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }
}
