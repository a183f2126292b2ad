import TerminalUI

/// A terminal's answer to the graphics probe (`TerminalGraphicsProtocol.probe`), read byte by byte as it arrives:
/// the kitty graphics query's reply, if any, then the primary device attributes (DA1) that end it.
///
/// The parser is pure and total: answers split across reads, bytes typed in between, other sequences and garbage
/// are all fed to `consume(_:)`; what is not one of the two answers is skipped. Only 7-bit sequences are read (ESC
/// `[` for CSI, ESC `_` for APC, ended by ESC `\` or BEL), which is what terminals send on a UTF-8 line.
public struct TerminalGraphicsReply: Sendable, Equatable {
    /// The kitty graphics protocol's reply to the query image (`ESC _G i=31;OK ESC \`, or an error message).
    public enum KittyReply: Sendable, Equatable {
        /// The terminal could draw the image: it speaks the protocol.
        case ok
        /// The terminal knows the protocol but refused the image (`ENOTSUPPORTED:…`, `EINVAL:…`).
        case error(String)
    }

    /// The kitty reply, when one arrived before the device attributes.
    public private(set) var kitty: KittyReply?
    /// The attributes of the DA1 answer (`ESC [ ? 62 ; 4 ; 22 c` gives `[62, 4, 22]`), once it arrived.
    public private(set) var deviceAttributes: [Int]?

    private var state = State.ground

    private enum State: Sendable, Equatable {
        case ground
        case escape
        case controlSequence([UInt8])
        case applicationCommand([UInt8])
        case applicationCommandEscape([UInt8])
    }

    /// The longest CSI and APC the parser keeps; anything longer is not an answer to the probe and is skipped.
    private static let maximumSequenceLength = 256

    /// Creates an empty reply.
    public init() {}

    /// Whether the answer is complete: every terminal answers DA1, and answers in order, so DA1 comes last.
    public var isComplete: Bool { deviceAttributes != nil }

    /// What the answer says the terminal draws: kitty when it accepted the kitty query, else sixel when DA1 lists
    /// attribute 4 (sixel graphics, as VT340 defined it), else nil (cell symbols).
    public var graphics: TerminalGraphicsProtocol? {
        if kitty == .ok { return .kitty }
        if deviceAttributes?.contains(4) == true { return .sixel }
        return nil
    }

    /// Reads more of the answer; bytes after a complete answer are ignored.
    public mutating func consume(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            guard !isComplete else { return }
            consume(byte)
        }
    }

    private mutating func consume(_ byte: UInt8) {
        let escape: UInt8 = 0x1B
        switch state {
        case .ground:
            if byte == escape { state = .escape }
        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .controlSequence([])
            case UInt8(ascii: "_"): state = .applicationCommand([])
            case escape: state = .escape
            default: state = .ground
            }
        case .controlSequence(var parameters):
            switch byte {
            case escape:
                state = .escape
            case 0x40...0x7E:
                state = .ground
                if byte == UInt8(ascii: "c"), parameters.first == UInt8(ascii: "?") {
                    deviceAttributes = Self.attributes(parameters.dropFirst())
                }
            case 0x20...0x3F where parameters.count < Self.maximumSequenceLength:
                parameters.append(byte)
                state = .controlSequence(parameters)
            default:
                state = .ground
            }
        case .applicationCommand(var payload):
            switch byte {
            case escape:
                state = .applicationCommandEscape(payload)
            case 0x07:
                state = .ground
                finishApplicationCommand(payload)
            default:
                guard payload.count < Self.maximumSequenceLength else {
                    state = .ground
                    return
                }
                payload.append(byte)
                state = .applicationCommand(payload)
            }
        case .applicationCommandEscape(let payload):
            if byte == UInt8(ascii: "\\") {
                state = .ground
                finishApplicationCommand(payload)
            } else {
                // Not a string terminator: an escape sequence starts here, and the APC was cut off.
                state = .escape
                consume(byte)
            }
        }
    }

    /// `G` + `i=31,…` + `;` + the message: the kitty reply to the probe's image id.
    private mutating func finishApplicationCommand(_ payload: [UInt8]) {
        guard payload.first == UInt8(ascii: "G") else { return }
        let text = String(decoding: payload.dropFirst(), as: UTF8.self)
        let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        let keys = parts[0].split(separator: ",")
        guard keys.contains("i=\(TerminalGraphicsProtocol.probeImageID)") else { return }
        let message = parts.count > 1 ? String(parts[1]) : ""
        kitty = message == "OK" ? .ok : .error(message)
    }

    /// `62;4;22` as numbers; an empty or non-numeric field counts as 0 (ECMA-48 5.4.2: a default parameter).
    private static func attributes(_ parameters: ArraySlice<UInt8>) -> [Int] {
        String(decoding: parameters, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) ?? 0 }
    }
}

/// How `--mode auto` chose between cell symbols, sixel and kitty.
public struct TerminalGraphicsDetection: Sendable, Equatable {
    /// Where the choice came from.
    public enum Source: String, Sendable {
        /// A variable of the environment names the terminal (`TerminalGraphicsProtocol.detect(environment:)`).
        case environment
        /// The terminal answered the probe.
        case terminal
        /// The terminal was asked and did not answer in time (cell symbols).
        case timeout
        /// Nothing was asked: no terminal on both standard input and output, `NO_COLOR`, `TERM=dumb`, the Linux
        /// console, a job in the background, or the terminal could not be put in raw mode.
        case none
    }

    /// The protocol to draw in, or nil for cell symbols.
    public let graphics: TerminalGraphicsProtocol?
    /// Why.
    public let source: Source

    /// Creates a detection.
    public init(graphics: TerminalGraphicsProtocol?, source: Source) {
        self.graphics = graphics
        self.source = source
    }
}

extension TerminalGraphicsProtocol {
    /// The image id of the kitty query in `probe`.
    public static let probeImageID = 31

    /// The probe: the kitty graphics query (a 1×1 RGB image, `a=q`, which a kitty terminal checks and answers but
    /// never shows; kitty's graphics protocol, "Querying support and available transmission mediums"), then primary
    /// device attributes (`ESC [ c`, ECMA-48 8.3.24). Terminals answer in order and all answer DA1, so a kitty reply
    /// comes first or not at all; terminals without the protocol ignore the APC string.
    public static let probe: [UInt8] = Array(
        "\u{1B}_Gi=\(probeImageID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)

    /// How long `--mode auto` waits for the probe's answer: far above a local terminal's (well under 10 ms) and an
    /// ordinary SSH round trip.
    public static let probeTimeout = Duration.milliseconds(500)

    /// The protocol for `--mode auto`: the environment's answer (`detect(environment:)`) when it has one, else the
    /// terminal's answer to `probe` within `timeout`.
    ///
    /// The terminal is asked only when `terminal` is given (the caller passes it when standard input and output are
    /// both terminals) and may take escape bytes: never under `NO_COLOR` (non-empty), `TERM=dumb`, or `TERM=linux`
    /// (the Linux console draws neither and would print the APC string). See `Terminal.query(_:timeout:until:)` for
    /// raw mode and how the settings are restored.
    public static func detect(
        environment: [String: String], terminal: Terminal?, timeout: Duration = probeTimeout
    ) -> TerminalGraphicsDetection {
        let term = environment["TERM"] ?? ""
        if !(environment["NO_COLOR"] ?? "").isEmpty || term == "dumb" {
            return TerminalGraphicsDetection(graphics: nil, source: .none)
        }
        if let named = detect(environment: environment) {
            return TerminalGraphicsDetection(graphics: named, source: .environment)
        }
        guard let terminal, terminal.isInteractive, term != "linux" else {
            return TerminalGraphicsDetection(graphics: nil, source: .none)
        }
        var reply = TerminalGraphicsReply()
        let answer: TerminalReply
        do {
            answer = try terminal.query(probe, timeout: timeout) { bytes in
                reply = TerminalGraphicsReply()
                reply.consume(bytes)
                return reply.isComplete
            }
        } catch {
            return TerminalGraphicsDetection(graphics: nil, source: .none)
        }
        guard answer.isComplete else { return TerminalGraphicsDetection(graphics: nil, source: .timeout) }
        return TerminalGraphicsDetection(graphics: reply.graphics, source: .terminal)
    }
}
