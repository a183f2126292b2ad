import DesignSystem
import Foundation
import GalleryCatalog
import TerminalUI

/// `gallery`: every DesignSystem component in its states, at the terminal's width.
///
/// On a terminal it is full-screen and interactive (see `GalleryView`; `q` or Escape quits). When standard input
/// or output is not a terminal, or with `--print`, it prints every page as text: plain when piped or with
/// `NO_COLOR`, in the terminal's colours otherwise. `--results N` shows a results screen of N rows to filter
/// instead (`ResultsScreen`), and `--mouse` asks the terminal for clicks and the wheel.
@main
struct Gallery {
    static let usage = """
        usage: gallery [--print] [--width N] [--ascii] [--results N] [--mouse]
          --print      print every page instead of the interactive screen
          --width N    lay out for N columns (default: the terminal's width, or COLUMNS, or 80)
          --ascii      use the ASCII symbols, as for a locale that is not UTF-8
          --results N  show a screen of N search results to filter (/ types a filter, esc clears it)
          --mouse      take clicks and the wheel (the terminal's own text selection then needs Shift)
        """

    @MainActor
    static func main() async {
        let environment = ProcessInfo.processInfo.environment
        let terminal = Terminal(
            inputDescriptor: STDIN_FILENO, outputDescriptor: STDOUT_FILENO, environment: environment)
        guard let options = Options(arguments: Array(CommandLine.arguments.dropFirst())) else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            exit(64)  // EX_USAGE, sysexits(3)
        }
        let theme = options.ascii ? Theme.ascii : Theme(terminal: terminal)
        guard terminal.isInteractive && !options.print else {
            let renderer = StyledTextRenderer(capability: terminal.colorCapability)
            let width = options.width ?? terminal.size().columns
            FileHandle.standardOutput.write(Data(renderer.render(printedPages(width: width, theme: theme)).utf8))
            return
        }
        do {
            let configuration = TerminalSession.Configuration(mouse: options.mouse ? .drags : .off)
            try await terminal.withSession(configuration: configuration) { session in
                if let rows = options.results {
                    await runResults(session: session, rowCount: rows, theme: theme)
                } else {
                    await runInteractive(session: session, theme: theme)
                }
            }
        } catch {
            FileHandle.standardError.write(Data("gallery: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Every page, each under its title as a screen heading.
    static func printedPages(width: Int, theme: Theme) -> [StyledLine] {
        GalleryCatalog.pages().flatMap { page in
            Heading(page.title, subtitle: "\(page.entries.count) components").render(width: width, theme: theme)
                + [.empty] + page.render(width: width, theme: theme)
        }
    }

    /// Shows the gallery until `q` or Escape, animating the spinners.
    @MainActor
    static func runInteractive(session: TerminalSession, theme: Theme) async {
        let view = GalleryView(theme: theme)
        let ticking = Task { @MainActor in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(120))
                view.spinnerFrame += 1
            }
        }
        defer { ticking.cancel() }
        await session.run(view) { event in
            guard case .key(let key) = event else { return .keepRunning }
            return key == .character("q") || key == KeyEvent(.escape) ? .stop : .keepRunning
        }
    }

    /// Shows the results screen until `q`, or Escape with no filter set (both typed as text while filtering).
    @MainActor
    static func runResults(session: TerminalSession, rowCount: Int, theme: Theme) async {
        let screen = ResultsScreen(rowCount: rowCount, theme: theme)
        await session.run(screen) { event in
            guard case .key(let key) = event else { return .keepRunning }
            return key == .character("q") || key == KeyEvent(.escape) ? .stop : .keepRunning
        }
    }

    /// The command line.
    struct Options {
        var print = false
        var width: Int?
        var ascii = false
        var results: Int?
        var mouse = false

        /// `nil` for arguments that are not understood.
        init?(arguments: [String]) {
            var remaining = arguments[...]
            while let argument = remaining.popFirst() {
                switch argument {
                case "--print": print = true
                case "--ascii": ascii = true
                case "--mouse": mouse = true
                case "--results":
                    guard let value = remaining.popFirst().flatMap({ Int($0) }), value >= 0 else { return nil }
                    results = value
                case "--width":
                    guard let value = remaining.popFirst().flatMap({ Int($0) }), value > 0 else { return nil }
                    width = value
                default: return nil
                }
            }
        }
    }
}
