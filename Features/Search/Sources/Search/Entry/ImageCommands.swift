import DesignSystemImages
import FeatureKit
import Foundation
import Images
import Models
import Networking
import TerminalUI

/// `storefront image ID [--width COLUMNS] [--mode auto|symbols|sixel|kitty]` (a product's picture drawn in the
/// terminal; with
/// `--json`, what the image pipeline did) and `storefront cache clear` (empties the image cache).
@MainActor
struct ImageCommands {
    /// The commands, as `storefront --help` lists them.
    nonisolated static let specs: [CommandSpec] = [
        CommandSpec(
            ["image"], operands: ["ID"],
            options: [
                .init("--width", valueName: "COLUMNS", help: "Draw the picture COLUMNS cells wide (default 60)."),
                .init(
                    "--mode", valueName: "MODE",
                    help:
                        "symbols (blocks and sextants in the terminal's colours), sixel, kitty, or auto: the "
                        + "graphics the terminal's environment names, else symbols (default auto)."),
            ],
            help: "Draw a product's picture in the terminal."),
        CommandSpec(["cache", "clear"], help: "Empty the image cache."),
    ]

    /// The width in cells when `--width` is not given.
    static let defaultColumns = 60

    let entry: SearchEntry
    let invocation: CommandInvocation

    /// `storefront image ID`.
    func image() async throws(UsageError) -> ExitCode {
        let columns = try invocation.integer("--width", in: 4...1000) ?? Self.defaultColumns
        let graphics = try Self.graphics(for: invocation)
        let id = ProductID(rawValue: invocation.firstOperand)
        guard let detail = await SearchCommands.loadProduct(id, entry: entry, invocation: invocation) else {
            return .failure
        }
        guard let url = detail.summary.imageURL else {
            return invocation.fail(
                "product \(id) has no picture (its image_url is missing or broken)", code: "no_image")
        }
        let clock = ContinuousClock()
        let started = clock.now
        let loaded: ImageLoadResult
        do {
            // Sextants show 2x3 pixels per cell; decode a little more and let chafa choose the symbols.
            loaded = try await entry.images.load(url, fitting: PixelSize(width: columns * 4, height: columns * 4))
        } catch {
            return invocation.fail("the picture of \(id) could not be loaded: \(error)", code: "image_unavailable")
        }
        let elapsed = clock.now - started
        let image = loaded.image
        let renderer = TerminalImageRenderer(capability: invocation.outputColor)
        let cells = renderer.geometry(
            width: image.size.width, height: image.size.height, columns: columns, maxRows: columns)
        let output = ImageOutput(
            id: id.rawValue, imageUrl: url.absoluteString, source: loaded.source.rawValue,
            bytesDownloaded: loaded.bytesDownloaded, revalidated: loaded.revalidated,
            sourceWidth: image.sourceSize.width, sourceHeight: image.sourceSize.height,
            decodedWidth: image.size.width, decodedHeight: image.size.height, columns: cells.columns,
            rows: cells.rows,
            mode: graphics?.rawValue ?? (invocation.outputColor == .none ? "plain" : "symbols"),
            milliseconds: Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        guard !invocation.json else { return invocation.emit([], json: output) }
        if let graphics {
            guard
                let drawn = renderer.renderGraphics(
                    pixels: image.pixels, width: image.size.width, height: image.size.height,
                    columns: cells.columns, rows: cells.rows, graphics: graphics)
            else {
                return invocation.fail("the picture of \(id) could not be drawn", code: "image_unavailable")
            }
            return invocation.emit([drawn], json: output)
        }
        guard
            let drawn = renderer.render(
                pixels: image.pixels, width: image.size.width, height: image.size.height, columns: cells.columns,
                rows: cells.rows)
        else {
            return invocation.fail("the picture of \(id) could not be drawn", code: "image_unavailable")
        }
        return invocation.emit(drawn.lines, json: output)
    }

    /// The graphics protocol to draw in, or nil for cell symbols: `--mode sixel` or `kitty` as asked, `auto` what
    /// the environment names (`TerminalGraphicsProtocol.detect`); never one when the output takes no escape byte
    /// (`NO_COLOR`, `TERM=dumb`, `--no-color`, a pipe), which gets plain characters.
    ///
    /// - Throws: `UsageError` for a mode that is not auto, symbols, sixel or kitty.
    static func graphics(for invocation: CommandInvocation) throws(UsageError) -> TerminalGraphicsProtocol? {
        let mode = invocation.arguments.value("--mode") ?? "auto"
        let graphics: TerminalGraphicsProtocol?
        switch mode {
        case "auto": graphics = TerminalGraphicsProtocol.detect(environment: invocation.environment)
        case "symbols": graphics = nil
        default:
            guard let named = TerminalGraphicsProtocol(rawValue: mode) else {
                throw UsageError("--mode must be auto, symbols, sixel or kitty, not '\(mode)'")
            }
            graphics = named
        }
        return invocation.outputColor == .none ? nil : graphics
    }

    /// `storefront cache clear`.
    func clearCache() -> ExitCode {
        let directory = entry.images.diskCache?.directory.path ?? ""
        do {
            let removed = try entry.images.clearCaches()
            return invocation.emit(
                ["Removed \(removed.files) cached pictures (\(removed.bytes) bytes) from \(directory)"],
                json: CacheClearOutput(directory: directory, files: removed.files, bytes: removed.bytes))
        } catch {
            return invocation.fail("the image cache could not be emptied: \(error)", code: "storage_error")
        }
    }
}

/// What `storefront image ID --json` prints: where the picture came from and what was done to it.
struct ImageOutput: Encodable {
    let id: String
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
    let milliseconds: Double
}

/// What `storefront cache clear --json` prints.
struct CacheClearOutput: Encodable {
    let directory: String
    let files: Int
    let bytes: Int
}
