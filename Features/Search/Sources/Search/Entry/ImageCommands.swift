import DesignSystemImages
import FeatureKit
import Foundation
import Images
import Models
import Networking
import TerminalUI

/// `storefront image ID [--width COLUMNS] [--mode auto|symbols|sixel|kitty]` (a product's or a post's picture drawn
/// in the terminal; with `--json`, what the image pipeline did) and `storefront cache clear` (empties the image
/// cache).
@MainActor
struct ImageCommands {
    /// The commands, as `storefront --help` lists them.
    nonisolated static let specs: [CommandSpec] = [
        CommandSpec(
            ["image"], operands: ["ID"],
            options: [
                .init(
                    "--width", valueName: "COLUMNS",
                    help:
                        "Draw the picture COLUMNS cells wide, 4 to 1000 (default 60, or the terminal's width if it "
                        + "is narrower)."),
                .init(
                    "--mode", valueName: "MODE",
                    help:
                        "symbols (blocks and sextants in the terminal's colours), sixel, kitty, or auto: what the "
                        + "environment names, else what the terminal answers when asked, else symbols (default auto)."),
            ],
            help: "Draw a product's (sku_N) or a post's (post_N) picture in the terminal.",
            run: .on(SearchEntry.self) { entry, invocation in
                do throws(UsageError) {
                    return try await ImageCommands(entry: entry, invocation: invocation).image()
                } catch {
                    return invocation.usage(error.message)
                }
            }),
        CommandSpec(
            ["cache", "clear"], help: "Empty the image cache.",
            run: .on(SearchEntry.self) { ImageCommands(entry: $0, invocation: $1).clearCache() }),
    ]

    /// The width in cells when `--width` is not given (narrower on a narrower terminal).
    static let defaultColumns = 60

    let entry: SearchEntry
    let invocation: CommandInvocation

    /// `storefront image ID`.
    func image() async throws(UsageError) -> ExitCode {
        let columns = try invocation.integer("--width", in: 4...1000) ?? defaultWidth
        let mode = try Self.requestedMode(invocation)
        let subject = try PictureSubject(operand: invocation.firstOperand)
        guard let (name, url) = await locate(subject) else { return .failure }
        let clock = ContinuousClock()
        let started = clock.now
        let loaded: ImageLoadResult
        do {
            // Sextants show 2x3 pixels per cell; decode a little more and let chafa choose the symbols.
            guard let images = entry.images else {
                return invocation.fail("this app has no image pipeline", code: "image_unavailable")
            }
            loaded = try await images.load(url, fitting: PixelSize(width: columns * 4, height: columns * 4))
        } catch {
            return invocation.fail("the picture of \(name) could not be loaded: \(error)", code: "image_unavailable")
        }
        let elapsed = clock.now - started
        let image = loaded.image
        let (graphics, modeSource) = Self.resolve(mode, for: invocation)
        let renderer = TerminalImageRenderer(capability: invocation.outputColor)
        let cells = renderer.geometry(
            width: image.size.width, height: image.size.height, columns: columns, maxRows: columns)
        let output = ImageOutput(
            id: subject.id, kind: name.kind, imageUrl: url.absoluteString, source: loaded.source.rawValue,
            bytesDownloaded: loaded.bytesDownloaded, revalidated: loaded.revalidated,
            sourceWidth: image.sourceSize.width, sourceHeight: image.sourceSize.height,
            decodedWidth: image.size.width, decodedHeight: image.size.height, columns: cells.columns,
            rows: cells.rows,
            mode: graphics?.rawValue ?? (invocation.outputColor == .none ? "plain" : "symbols"), modeSource: modeSource,
            milliseconds: Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        guard !invocation.json else { return invocation.emit([], json: output) }
        if let graphics {
            guard
                let drawn = renderer.renderGraphics(
                    pixels: image.pixels, width: image.size.width, height: image.size.height,
                    columns: cells.columns, rows: cells.rows, graphics: graphics)
            else {
                return invocation.fail("the picture of \(name) could not be drawn", code: "image_unavailable")
            }
            return invocation.emitDrawing([drawn], json: output)
        }
        guard
            let drawn = renderer.render(
                pixels: image.pixels, width: image.size.width, height: image.size.height, columns: cells.columns,
                rows: cells.rows)
        else {
            return invocation.fail("the picture of \(name) could not be drawn", code: "image_unavailable")
        }
        return invocation.emitDrawing(drawn.lines, json: output)
    }

    /// 60 cells, or the terminal's width when standard input and output are a narrower terminal.
    private var defaultWidth: Int {
        guard let terminal = invocation.terminal else { return Self.defaultColumns }
        return min(Self.defaultColumns, max(terminal.size().columns, 4))
    }

    /// The picture's link of what `subject` names, with how messages call it (`post post_5`); nil after printing
    /// why there is none: not found (`not_found`, with the forms of ids), no usable `image_url` (`no_image`), or
    /// the lookup's failure.
    private func locate(_ subject: PictureSubject) async -> (PictureName, URL)? {
        let names = subject.candidates
        for (index, name) in names.enumerated() {
            do {
                guard let url = try await pictureURL(of: name) else {
                    _ = invocation.fail("\(name) has no picture (its image_url is missing or broken)", code: "no_image")
                    return nil
                }
                return (name, url)
            } catch let error where Self.isNotFound(error) {
                guard index == names.count - 1 else { continue }
                let kinds = names.map(\.kind).joined(separator: " or ")
                _ = invocation.fail(
                    "no \(kinds) has the id '\(subject.id)'; ids are \(PictureSubject.acceptedForms)",
                    code: "not_found")
                return nil
            } catch {
                _ = invocation.fail("\(name) could not be loaded", error)
                return nil
            }
        }
        return nil
    }

    /// The picture's link: the product's through Search's repository (its saved copy when the server cannot be
    /// reached), the post's through `GET /v1/posts/{id}`.
    private func pictureURL(of name: PictureName) async throws -> URL? {
        switch name {
        case .product(let id): try await entry.repository.product(id: id).summary.imageURL
        case .post(let id): try await entry.postPictures.imageURL(of: id)
        }
    }

    /// Whether a lookup failed because the server has no such product or post (404 or 410).
    private static func isNotFound(_ error: any Error) -> Bool {
        switch error {
        case let error as SearchError: error.category == .notFound
        case let error as APIError: error.category == .notFound
        default: false
        }
    }

    /// What `--mode` asks for (`auto` when not given).
    ///
    /// - Throws: `UsageError` for a mode that is not auto, symbols, sixel or kitty.
    static func requestedMode(_ invocation: CommandInvocation) throws(UsageError) -> RequestedMode {
        let mode = invocation.arguments.value("--mode") ?? "auto"
        guard let requested = RequestedMode(rawValue: mode) else {
            throw UsageError("--mode must be auto, symbols, sixel or kitty, not '\(mode)'")
        }
        return requested
    }

    /// The graphics protocol to draw in (nil for cell symbols) and where the choice came from (`mode_source`):
    /// `option` for a mode given by name; for `auto`, `TerminalGraphicsProtocol.detect(environment:terminal:)`: the
    /// environment, else the terminal's answer to the probe (`terminal`, or `timeout` after 500 ms without one).
    /// Never a protocol, and no question to the terminal, when the output takes no escape byte (`NO_COLOR`,
    /// `TERM=dumb`, `--no-color`, a pipe): that gets plain characters (`none`).
    static func resolve(
        _ mode: RequestedMode, for invocation: CommandInvocation
    ) -> (TerminalGraphicsProtocol?, String) {
        guard invocation.outputColor != .none else { return (nil, "none") }
        switch mode {
        case .symbols: return (nil, "option")
        case .sixel: return (.sixel, "option")
        case .kitty: return (.kitty, "option")
        case .auto:
            let detection = TerminalGraphicsProtocol.detect(
                environment: invocation.environment, terminal: invocation.terminal)
            return (detection.graphics, detection.source.rawValue)
        }
    }

    /// `storefront cache clear`.
    func clearCache() -> ExitCode {
        guard let images = entry.images else { return invocation.fail("this app has no image pipeline") }
        let directory = images.diskCache?.directory.path ?? ""
        do {
            let removed = try images.clearCaches()
            return invocation.emit(
                [
                    "Removed \(removed.files) cached \(removed.files == 1 ? "picture" : "pictures") (\(removed.bytes) bytes) from \(directory)"
                ],
                json: CacheClearOutput(directory: directory, files: removed.files, bytes: removed.bytes))
        } catch {
            return invocation.fail("the image cache could not be emptied: \(error)", code: "storage_error")
        }
    }
}

/// What `--mode` asks for.
enum RequestedMode: String {
    case auto, symbols, sixel, kitty
}

/// A product or a post whose picture is looked up, as messages name it (`product sku_12`, `post post_5`).
enum PictureName: Equatable, CustomStringConvertible {
    case product(ProductID)
    case post(PostID)

    /// `product` or `post` (`kind` in `--json`).
    var kind: String {
        switch self {
        case .product: "product"
        case .post: "post"
        }
    }

    var description: String {
        switch self {
        case .product(let id): "product \(id.rawValue)"
        case .post(let id): "post \(id.rawValue)"
        }
    }
}

/// What the `ID` operand of `storefront image` names, by the API contract's id forms (openapi.yaml: "the product's
/// or post's number with its prefix", `sku_12`, `post_5`): `post_…` a post, `sku_…` a product, and any other id the
/// server gave (the catalog's numeric ids, such as `100012`) a product, else a post.
struct PictureSubject: Equatable {
    /// The id as given.
    let id: String
    /// What to look for, in order.
    let candidates: [PictureName]

    /// How the usage error and a not-found failure describe the forms of ids.
    static let acceptedForms = "sku_N for a product, post_N for a post, or another id the server gave"

    /// Reads an operand.
    ///
    /// - Throws: `UsageError` naming the operand and the accepted forms when it cannot be an id: blank, with white
    ///   space or control characters, `.` or `..`, or a prefix with nothing after it (`sku_`, `post_`).
    init(operand: String) throws(UsageError) {
        let malformed =
            operand.isEmpty || operand == "." || operand == ".." || operand == "sku_" || operand == "post_"
            || operand.unicodeScalars.contains {
                $0.properties.isWhitespace || $0.properties.generalCategory == .control
                    || $0.properties.generalCategory == .format
            }
        guard !malformed else {
            throw UsageError("\(Self.quoted(operand)) is not a product or post id; ids are \(Self.acceptedForms)")
        }
        id = operand
        if operand.hasPrefix("post_") {
            candidates = [.post(PostID(rawValue: operand))]
        } else if operand.hasPrefix("sku_") {
            candidates = [.product(ProductID(rawValue: operand))]
        } else {
            candidates = [.product(ProductID(rawValue: operand)), .post(PostID(rawValue: operand))]
        }
    }

    /// The operand in single quotes for a message, with every character that is not printable (white space other
    /// than the space, control and format characters) written as `\u{XX}`, so a message never carries an escape
    /// sequence or an invisible character to the terminal.
    static func quoted(_ operand: String) -> String {
        var text = "'"
        for scalar in operand.unicodeScalars {
            let category = scalar.properties.generalCategory
            let printable =
                scalar == " " || !(scalar.properties.isWhitespace || category == .control || category == .format)
            text += printable ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
        return text + "'"
    }
}

/// What `storefront image ID --json` prints: where the picture came from and what was done to it.
struct ImageOutput: Encodable {
    let id: String
    /// `product` or `post`.
    let kind: String
    let imageUrl: String
    /// `network`, `disk` or `memory`.
    let source: String
    let bytesDownloaded: Int
    /// True when the server confirmed the cached bytes with 304.
    let revalidated: Bool
    let sourceWidth: Int
    let sourceHeight: Int
    let decodedWidth: Int
    let decodedHeight: Int
    let columns: Int
    let rows: Int
    /// How it was drawn: `symbols`, `sixel`, `kitty`, or `plain` (no escape byte).
    let mode: String
    /// Why: `option` (`--mode` named it), `environment`, `terminal` (it answered the probe), `timeout` (it did
    /// not), `none` (nothing to ask: no colour, a pipe, `TERM=dumb` or the Linux console).
    let modeSource: String
    let milliseconds: Double
}

/// What `storefront cache clear --json` prints.
struct CacheClearOutput: Encodable {
    let directory: String
    let files: Int
    let bytes: Int
}
