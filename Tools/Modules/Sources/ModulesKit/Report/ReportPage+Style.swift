extension ReportPage {
    /// The page's style sheet: system fonts only (no web font), colours that pass WCAG AA contrast on white, and a
    /// visible focus ring on every control.
    static let style = #"""
        :root { --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --panel: #f6f8fa; --accent: #0969da;
          --focus: #bf3989; --bad: #cf222e; --warn: #9a6700; --changed: #8250df; --affected: #fbefff; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); }
        header { padding: 12px 20px 4px; }
        h1 { font-size: 20px; margin: 0 0 2px; }
        h2 { font-size: 16px; margin: 18px 0 8px; }
        h3 { font-size: 14px; margin: 12px 0 6px; }
        #summary, .muted { color: var(--muted); margin: 0; }
        button, select, input { font: inherit; }
        button { border: 1px solid var(--line); background: #fff; border-radius: 6px; padding: 2px 9px;
          cursor: pointer; color: var(--ink); }
        button:hover { background: var(--panel); }
        :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
        .link { border: 0; background: none; padding: 0; color: var(--accent); text-decoration: underline;
          text-align: left; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
          white-space: nowrap; }
        #toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; padding: 8px 20px;
          border-bottom: 1px solid var(--line); position: sticky; top: 0; background: #fff; z-index: 2; }
        #search { width: 22em; padding: 3px 8px; border: 1px solid var(--muted); border-radius: 6px; }
        #results { list-style: none; margin: 0; padding: 0 20px; display: flex; flex-wrap: wrap; gap: 4px; }
        #results:empty { display: none; }
        #results li { margin: 4px 0; }
        #layout { display: grid; grid-template-columns: minmax(0, 1fr) 380px; gap: 16px; padding: 0 20px; }
        @media (max-width: 1000px) { #layout { grid-template-columns: 1fr; } }
        #graph { height: 68vh; min-height: 360px; overflow: auto; border: 1px solid var(--line); border-radius: 6px;
          background: #fff; }
        #canvas { position: relative; }
        #graph-svg { display: block; position: relative; }
        .layer { display: block; position: absolute; left: 0; top: 0; }
        #edge-layer { will-change: opacity; }
        .band rect { fill: var(--panel); }
        .band text { font: 600 12px system-ui, sans-serif; fill: var(--muted); }
        .n rect { fill: #fff; stroke: #8c959f; stroke-width: 1; rx: 4; }
        .n text { font: 11px ui-monospace, "DejaVu Sans Mono", monospace; fill: var(--ink); pointer-events: none; }
        .n { cursor: pointer; }
        .n:hover rect { stroke: var(--accent); stroke-width: 2; }
        .e { fill: none; stroke: #aeb6bf; stroke-width: 1; pointer-events: none; }
        .e.t { stroke-dasharray: 4 3; }
        .e.bad { stroke: var(--bad); stroke-width: 1.5; }
        .searching #edge-layer { opacity: .35; }
        .focusing #edge-layer { opacity: .07; }
        .searching:not(.focusing) .n:not(.match) rect, .focusing .n:not(.nb):not(.focus) rect { stroke: #e3e6ea;
          fill: #fff; }
        .searching:not(.focusing) .n:not(.match) text, .focusing .n:not(.nb):not(.focus) text { fill: #b1b8c0; }
        .n.match rect { stroke: var(--accent); stroke-width: 2.5; }
        .e.hl { stroke: var(--accent); stroke-width: 1.6; }
        .e.hl.out { stroke: #1a7f37; }
        .n.focus rect { fill: #ddf4ff; stroke: var(--accent); stroke-width: 3; }
        .n.nb rect { fill: #f6fbff; stroke: var(--accent); }
        .n.cursor rect { stroke: var(--focus); stroke-width: 3; stroke-dasharray: 3 2; }
        .show-affected .n.affected rect { fill: var(--affected); stroke: var(--changed); }
        .show-affected .n.changed rect { fill: var(--changed); }
        .show-affected .n.changed text { fill: #fff; }
        .hit { fill: none; stroke: transparent; stroke-width: 9; cursor: pointer; pointer-events: stroke; }
        .hit:hover, .hit.selected { stroke: rgba(9, 105, 218, .28); }
        #details { border: 1px solid var(--line); border-radius: 6px; padding: 4px 14px 12px; max-height: 78vh;
          overflow: auto; background: #fff; }
        #details ul { margin: 4px 0; padding-left: 18px; }
        #edge-details li { margin-bottom: 3px; }
        .chip { display: inline-block; font-size: 12px; padding: 0 6px; border-radius: 10px; background: var(--panel);
          border: 1px solid var(--line); }
        .chip.error { color: var(--bad); border-color: var(--bad); }
        .chip.warning { color: var(--warn); border-color: var(--warn); }
        section.wide { padding: 0 20px; }
        table { border-collapse: collapse; font-size: 13px; margin: 4px 0 10px; }
        caption { text-align: left; font-weight: 600; padding: 2px 0; }
        th, td { border-bottom: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
        code { font: 12px ui-monospace, "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
        .pair { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; margin-bottom: 8px; }
        .chart { border: 1px solid var(--line); border-radius: 6px; background: #fff; }
        .chart .axis { stroke: #8c959f; stroke-width: 1; }
        .chart .grid { stroke: var(--line); stroke-width: 1; }
        .chart text { font: 11px system-ui, sans-serif; fill: var(--muted); }
        .chart .line { fill: none; stroke: var(--accent); stroke-width: 2; }
        .chart .dot { fill: var(--accent); }
        .chart .bar { fill: var(--accent); }
        .chart .bar.slow { fill: var(--bad); }
        .scroll { max-height: 360px; overflow: auto; }
        """#
}
