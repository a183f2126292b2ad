import Foundation

/// The report as one self-contained HTML file: the style and the script inline, the data as one JSON document in a
/// `<script type="application/json" id="modules-report-data">` element, nothing loaded from anywhere (a
/// Content-Security-Policy of `default-src 'none'` forbids it), so it works opened from `file://`.
///
/// The page never puts data into markup: every name and path reaches the document through `textContent` or
/// `setAttribute`, and in the JSON element `<`, `>`, `&`, U+2028 and U+2029 are written as `\u` escapes, so no
/// module name or file path can end the element or start markup (a name holding `</script>` stays text).
public enum ReportPage {
    /// The id of the element holding the data.
    public static let dataElementID = "modules-report-data"

    /// The HTML document for `data` (laid out first by ``ReportLayout``).
    /// - Throws: `EncodingError` when a value cannot be encoded (a non-finite number of seconds).
    public static func html(_ data: ReportData) throws -> String {
        var laidOut = data
        ReportLayout.apply(to: &laidOut)
        let title = escapeText(laidOut.title)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; \
            style-src 'unsafe-inline'; img-src data:">
            <title>\(title): modules report</title>
            <style>
            \(style)
            </style>
            </head>
            <body>
            \(body)
            <script type="application/json" id="\(dataElementID)">\(try embeddedJSON(laidOut))</script>
            <script>
            (() => {
            'use strict';
            \(scriptCore)
            \(scriptPanels)
            \(scriptCharts)
            start();
            })();
            </script>
            </body>
            </html>

            """
    }

    /// `data` as compact JSON that is safe inside a `<script>` element: `<`, `>` and `&` (which JSON allows only
    /// inside strings) become `\u003c`, `\u003e` and `\u0026`, and the line and paragraph separators `\u2028`,
    /// `\u2029`; `JSON.parse` reads them back as the same characters.
    public static func embeddedJSON(_ data: ReportData) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(data), as: UTF8.self)
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + text.utf8.count / 20)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": escaped += "\\u003c"
            case ">": escaped += "\\u003e"
            case "&": escaped += "\\u0026"
            case "\u{2028}": escaped += "\\u2028"
            case "\u{2029}": escaped += "\\u2029"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `text` with `&`, `<`, `>` and `"` escaped, for the `<title>`.
    static func escapeText(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The page's fixed markup; the script fills it from the data.
    static let body = #"""
        <a class="visually-hidden" href="#graph">Skip to the graph</a>
        <header>
          <h1 id="title">modules report</h1>
          <p id="summary"></p>
        </header>
        <div id="toolbar" role="toolbar" aria-label="Graph controls">
          <label for="search">Search modules</label>
          <input id="search" type="search" autocomplete="off" spellcheck="false" placeholder="name or path ( / )"
            aria-describedby="search-count" aria-controls="results">
          <span id="search-count" class="muted" aria-live="polite"></span>
          <button id="clear" type="button">Clear (Esc)</button>
          <label><input id="show-affected" type="checkbox"> Highlight the affected set</label>
          <button id="zoom-out" type="button" aria-label="Zoom out">−</button>
          <button id="zoom-fit" type="button" aria-label="Fit the graph to the window">Fit</button>
          <button id="zoom-in" type="button" aria-label="Zoom in">+</button>
        </div>
        <ul id="results" aria-label="Search results"></ul>
        <div id="layout">
          <section aria-labelledby="graph-heading">
            <h2 id="graph-heading">Module graph by layer</h2>
            <p id="graph-help" class="muted">Arrow keys move between modules, Enter focuses one (its dependencies
              and dependents stay, the rest fades), Escape clears, / searches. Click an edge of the focused module to
              see the targets and imports that create it.</p>
            <div id="graph" tabindex="0" role="application" aria-label="Module graph" aria-describedby="graph-help">
              <div id="canvas">
                <svg id="band-layer" class="layer" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">
                  <g id="bands"></g>
                </svg>
                <svg id="edge-layer" class="layer" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">
                  <g id="edges"></g>
                </svg>
                <svg id="graph-svg" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">
                  <g id="focus-edges"></g><g id="nodes"></g><g id="hits"></g>
                </svg>
              </div>
            </div>
            <p id="announce" class="visually-hidden" aria-live="polite"></p>
          </section>
          <aside id="details" aria-labelledby="details-heading">
            <h2 id="details-heading">Details</h2>
            <div id="module-details"><p class="muted">Focus a module to see its dependencies, dependents, findings
              and times.</p></div>
            <div id="edge-details" aria-live="polite"></div>
          </aside>
        </div>
        <section class="wide" aria-labelledby="timings-heading">
          <h2 id="timings-heading">Build and test times of the focused module</h2>
          <div id="module-charts"><p class="muted">Focus a module to see its charts.</p></div>
        </section>
        <section class="wide" aria-labelledby="slowest-heading">
          <h2 id="slowest-heading">Slowest modules</h2>
          <label for="slowest-metric">Metric</label> <select id="slowest-metric"></select>
          <div id="slowest" class="pair"></div>
        </section>
        <section class="wide" aria-labelledby="affected-heading">
          <h2 id="affected-heading">Affected by the diff</h2>
          <div id="affected"></div>
        </section>
        <section class="wide" aria-labelledby="flaky-heading">
          <h2 id="flaky-heading">Flaky tests</h2>
          <div id="flaky"></div>
        </section>
        <section class="wide" aria-labelledby="findings-heading">
          <h2 id="findings-heading">Lint findings</h2>
          <label><input id="findings-focused" type="checkbox"> Only the focused module</label>
          <div id="findings" class="scroll"></div>
        </section>
        <section class="wide" aria-labelledby="notes-heading">
          <h2 id="notes-heading">About this report</h2>
          <ul id="notes"></ul>
        </section>
        """#
}
