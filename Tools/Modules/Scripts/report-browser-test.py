"""The browser test of `modules report --html` (a step of `make test`; `make report-test` runs it alone).

Makes three reports with the `modules` executable: this repository's (with --base HEAD~1, or HEAD in a clone
without history), a synthetic graph of 500 packages (--synthetic-graph 500: no manifest is read) and a data document
whose names and paths hold `</script>`, quotes and markup (--data). It opens each in Debian's Chromium driven by
Playwright (executable_path, so no browser is downloaded), with every request other than the page itself aborted,
and checks what a person does: `/` and typing find a module, Enter focuses it and exactly its dependencies and
dependents stay highlighted (compared with `modules graph --json`, or with the page's own data for the others),
clicking one of its edges lists the targets and source files that create it (each file read back at its line),
the arrow keys move between modules, Escape clears, every control has an accessible name. It prints how long search
and focus take in the page, against an empty frame measured in the same run, and saves a screenshot of each page
under the output directory. Exit status 1 with the failed check's message on any failure.

Usage: report-browser-test.py --modules BIN --chromium PATH --repo DIR --out DIR
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

from playwright.sync_api import sync_playwright


class CheckFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


def run(command, cwd):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise CheckFailed(f"{' '.join(command)} exited {result.returncode}:\n{result.stderr}{result.stdout}")
    return result.stdout


def hostile_document():
    """A report data document whose names and paths try to break out of the page."""
    evil = '</script><script>window.__broken = 1</script>'
    quoted = 'Core/"Quoted" & \'Single\' <b>bold</b> <!-- x'
    nodes = [
        {"id": "App", "name": "App", "package": "App", "layer": "app"},
        {"id": f"Features/{evil}", "name": evil, "package": f"Features/{evil}", "layer": "features"},
        {"id": quoted, "name": "Quoted\u2028Line", "package": quoted, "layer": "core"},
    ]
    edge = {"from": f"Features/{evil}", "to": quoted, "testOnly": False,
            "uses": [{"target": evil, "product": "Quoted", "testCode": False, "manifest": "Features/x/Package.swift",
                      "line": 3}],
            "imports": [{"target": evil, "file": f"Features/{evil}/Sources/A&B</script>.swift", "line": 2,
                         "module": "Quoted"}]}
    return {
        "schemaVersion": 1, "title": f"hostile {evil}", "origin": "data", "generatedAt": "2026-01-01T00:00:00Z",
        "level": "packages", "layers": [{"name": "app", "index": 0}, {"name": "features", "index": 1},
                                        {"name": "core", "index": 2}],
        "nodes": nodes,
        "edges": [{"from": "App", "to": f"Features/{evil}", "testOnly": False, "uses": [], "imports": []}, edge],
        "series": [{"module": quoted, "metric": "test", "points": [
            {"label": evil, "seconds": 1.5, "source": "history"}, {"label": "b", "seconds": 2.5, "source": "history"}]}],
        "flaky": [{"module": quoted, "test": f"{evil}/t()", "failures": 1, "message": evil, "source": "junit"}],
        "findings": [{"rule": "layer-order", "severity": "error", "module": f"Features/{evil}", "other": quoted,
                      "location": f"{evil}:1", "message": evil}],
        "notes": [evil], "evil": evil, "quoted": quoted,
    }, evil, quoted


def after_frame(page, script, argument=None, frames=1):
    """Runs `script` in the page and waits until `frames` more frames are drawn; returns the milliseconds it took."""
    return page.evaluate(
        """async ([script, argument, frames]) => {
             const started = performance.now();
             (new Function('argument', script))(argument);
             for (let k = 0; k < frames; k++) {
               await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
             }
             return performance.now() - started;
           }""",
        [script, argument, frames])


class Browser:
    def __init__(self, playwright, chromium, out):
        self.browser = playwright.chromium.launch(executable_path=chromium, headless=True)
        self.out = out

    def open(self, html):
        context = self.browser.new_context(viewport={"width": 1440, "height": 960})
        page = context.new_page()
        page.set_default_timeout(60_000)
        url = "file://" + os.path.abspath(html)
        state = {"requests": [], "errors": []}

        def route(request_route):
            if request_route.request.url == url:
                request_route.continue_()
            else:
                state["requests"].append(request_route.request.url)
                request_route.abort()

        context.route("**/*", route)
        page.on("request", lambda request: request.url != url and state["requests"].append(request.url))
        page.on("pageerror", lambda error: state["errors"].append(str(error)))
        page.on("console", lambda message: message.type == "error" and state["errors"].append(message.text))
        started = time.perf_counter()
        page.goto(url)
        while page.evaluate("document.body.getAttribute('data-ready')") != "true":
            check(not state["errors"], f"{html}: the page failed to start: {state['errors']}")
            check(time.perf_counter() - started < 60, f"{html}: the page was not ready within 60 s")
            page.wait_for_timeout(50)
        loaded = (time.perf_counter() - started) * 1000
        data = json.loads(page.eval_on_selector("#modules-report-data", "e => e.textContent"))
        return page, state, data, loaded

    def finish(self, page, state, name):
        check(not state["errors"], f"{name}: the page reported errors: {state['errors']}")
        check(not state["requests"], f"{name}: the page asked the network for {state['requests']}")
        path = os.path.join(self.out, f"{name}.png")
        page.screenshot(path=path)
        page.context.close()
        return path


def neighbours(edges, module):
    return {e["to"] for e in edges if e["from"] == module} | {e["from"] for e in edges if e["to"] == module}


def search_and_focus(page, data_nodes, edges, query, expected_focus, name):
    """Finds `query` with `/` and typing, focuses the first result with Enter, and checks the highlighted set."""
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("/")
    check(page.evaluate("document.activeElement.id") == "search", f"{name}: / did not move to the search field")
    page.keyboard.type(query)
    wanted = {n["id"] for n in data_nodes if query.lower() in (n["id"] + "\0" + n["name"]).lower()}
    matched = set(page.eval_on_selector_all("#nodes .n.match", "els => els.map((e) => e.getAttribute('data-id'))"))
    check(matched == wanted, f"{name}: search {query!r} matched {sorted(matched)[:5]}…, expected {sorted(wanted)[:5]}…")
    page.keyboard.press("Enter")
    focused = page.eval_on_selector_all("#nodes .n.focus", "els => els.map((e) => e.getAttribute('data-id'))")
    check(focused == [expected_focus], f"{name}: Enter focused {focused}, expected {expected_focus}")
    shown = set(page.eval_on_selector_all("#nodes .n.nb", "els => els.map((e) => e.getAttribute('data-id'))"))
    expected = neighbours(edges, expected_focus)
    check(shown == expected, f"{name}: focus on {expected_focus} highlighted {sorted(shown)}, expected {sorted(expected)}")
    faded = page.evaluate("""() => [...document.querySelectorAll('#nodes .n text')].filter((e) =>
        getComputedStyle(e).fill === 'rgb(177, 184, 192)').length""")
    check(faded == len(data_nodes) - len(expected) - 1, f"{name}: {faded} modules faded, expected the rest")
    page.wait_for_function("(id) => document.getElementById('module-charts').textContent.includes(id) || "
                           "document.querySelector('#module-charts figure') !== null", arg=expected_focus)
    return expected


def click_an_edge(page, data, name):
    """Clicks, with the mouse, the middle of an edge of the focused module that nothing covers; returns its index."""
    point = page.evaluate("""() => {
        const hits = [...document.querySelectorAll('#hits .hit')];
        const withImports = (hit) => JSON.parse(document.getElementById('modules-report-data').textContent)
          .edges[Number(hit.getAttribute('data-edge'))].imports.length;
        hits.sort((a, b) => withImports(b) - withImports(a));
        for (const hit of hits) {
          hit.scrollIntoView({ block: 'center', inline: 'center' });
          const middle = hit.getPointAtLength(hit.getTotalLength() / 2);
          const screen = middle.matrixTransform(hit.getScreenCTM());
          if (document.elementFromPoint(screen.x, screen.y) === hit) {
            return { x: screen.x, y: screen.y, edge: Number(hit.getAttribute('data-edge')) };
          }
        }
        return null;
      }""")
    check(point is not None, f"{name}: no edge of the focused module can be clicked")
    page.mouse.click(point["x"], point["y"])
    edge = data["edges"][point["edge"]]
    heading = page.inner_text("#edge-heading")
    check(heading == f"{edge['from']} → {edge['to']}", f"{name}: the edge shows {heading!r}, not {edge['from']} → {edge['to']}")
    files = page.eval_on_selector_all("#edge-details code.file", "els => els.map((e) => e.textContent)")
    expected = [f"{i['file']}:{i['line']}" for i in edge["imports"]]
    check(files == expected, f"{name}: the edge lists {files}, expected {expected}")
    return edge, files


def check_keyboard(page, name):
    graph = page.locator("#graph")
    graph.focus()
    page.keyboard.press("Escape")
    check(page.locator("#nodes .n.focus").count() == 0, f"{name}: Escape did not clear the focus")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    cursor = page.eval_on_selector_all("#nodes .n.cursor", "els => els.map((e) => e.getAttribute('data-id'))")
    check(len(cursor) == 1, f"{name}: the arrow keys left {cursor} as the current module")
    check(page.inner_text("#announce").strip() != "", f"{name}: the current module was not announced")
    page.keyboard.press("Enter")
    focused = page.eval_on_selector_all("#nodes .n.focus", "els => els.map((e) => e.getAttribute('data-id'))")
    check(focused == cursor, f"{name}: Enter on {cursor} focused {focused}")
    unnamed = page.evaluate("""() => [...document.querySelectorAll('button, input, select, [tabindex="0"]')]
        .filter((e) => !(e.getAttribute('aria-label') || (e.labels && e.labels.length) || e.textContent.trim()))
        .map((e) => e.outerHTML.slice(0, 80))""")
    check(not unnamed, f"{name}: controls without an accessible name: {unnamed}")
    page.keyboard.press("Escape")
    expected = page.evaluate("""() => ['clear', 'show-affected', 'zoom-out', 'zoom-fit', 'zoom-in', 'graph']
        .filter((id) => !document.getElementById(id).disabled)""")
    order = []
    page.locator("#search").focus()
    for _ in expected:
        page.keyboard.press("Tab")
        order.append(page.evaluate("document.activeElement.id || document.activeElement.tagName"))
    check(order == expected, f"{name}: Tab order from the search field is {order}, expected {expected}")


def measure(page, data, name, rounds=15):
    """Search and focus times in the page, each until the next frame is drawn, with an empty frame beside; and
    focus until the focused module's charts (drawn after that frame) are on screen too."""
    ids = [n["id"] for n in data["nodes"]]
    picks = [ids[(k * 37 + 11) % len(ids)] for k in range(rounds)]
    empty, searched, focused, charted = [], [], [], []
    click = """const node = [...document.querySelectorAll('#nodes .n')]
        .find((e) => e.getAttribute('data-id') === argument);
        node.dispatchEvent(new MouseEvent('click', { bubbles: true }));"""
    for k, module in enumerate(picks):
        empty.append(after_frame(page, ""))
        query = module.split("/")[-1][: 4 + k % 5]
        searched.append(after_frame(page, """const input = document.getElementById('search');
            input.value = argument; input.dispatchEvent(new Event('input', { bubbles: true }));""", query))
        focused.append(after_frame(page, click, module))
        other = picks[(k + 1) % len(picks)]
        charted.append(after_frame(page, click, other, frames=2))
    after_frame(page, "document.getElementById('search').value = ''; "
                      "document.getElementById('search').dispatchEvent(new Event('input'));")
    frame = statistics.median(empty)
    line = lambda what, values: (f"{what} median {statistics.median(values):.1f} ms, max {max(values):.1f} ms "
                                 f"({statistics.median(values) / max(frame, 0.01):.1f}× an empty frame)")
    print(f"report-browser-test: {name} ({len(ids)} modules, {len(data['edges'])} edges): "
          f"{line('search', searched)}; {line('focus', focused)}; {line('focus with its charts', charted)}; "
          f"an empty frame {frame:.1f} ms; goal ≤ 100 ms for search and focus")
    return statistics.median(searched), statistics.median(focused)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--modules", required=True)
    parser.add_argument("--chromium", required=True)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--out", required=True)
    arguments = parser.parse_args()
    if not (os.path.isfile(arguments.chromium) and os.access(arguments.chromium, os.X_OK)):
        print(f"report-browser-test: error: no Chromium at {arguments.chromium} (Debian's chromium, "
              "scripts/system-packages.txt)", file=sys.stderr)
        return 1
    started = time.perf_counter()
    out = os.path.abspath(arguments.out)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    repo = os.path.abspath(arguments.repo)
    modules = os.path.abspath(arguments.modules)
    has_parent = subprocess.run(["git", "rev-parse", "--verify", "--quiet", "HEAD~1"], cwd=repo,
                                capture_output=True).returncode == 0
    base = "HEAD~1" if has_parent else "HEAD"
    made = time.perf_counter()
    run([modules, "report", "--html", f"{out}/repository.html", "--base", base], repo)
    repository_seconds = time.perf_counter() - made
    graph = json.loads(run([modules, "graph", "--json"], repo))
    run([modules, "report", "--html", f"{out}/synthetic-500.html", "--synthetic-graph", "500"], repo)
    document, evil, quoted = hostile_document()
    with open(f"{out}/hostile.json", "w") as file:
        json.dump(document, file)
    run([modules, "report", "--html", f"{out}/hostile.html", "--data", f"{out}/hostile.json"], repo)
    shots = []
    with sync_playwright() as playwright:
        browser = Browser(playwright, arguments.chromium, out)

        page, state, data, loaded = browser.open(f"{out}/repository.html")
        graph_ids = [n["id"] for n in graph["nodes"]]
        check([n["id"] for n in data["nodes"]] != [] and sorted(n["id"] for n in data["nodes"]) == sorted(graph_ids),
              "repository: the page's modules are not those of modules graph --json")
        target = "Core/Networking" if "Core/Networking" in graph_ids else graph_ids[-1]
        search_and_focus(page, data["nodes"], graph["edges"], target.split("/")[-1], target, "repository")
        edge, files = click_an_edge(page, data, "repository")
        for entry, shown in zip(edge["imports"], files):
            with open(os.path.join(repo, entry["file"]), encoding="utf-8") as source:
                line = source.read().split("\n")[entry["line"] - 1]
            check(f"import {entry['module']}" in line or f" {entry['module']}" in line,
                  f"repository: {shown} does not import {entry['module']}: {line!r}")
        charts = page.locator("#module-charts figure").count()
        tables = page.locator("#module-charts figure table").count()
        check(charts == tables, "repository: a chart without its table")
        shots.append(browser.finish(page, state, "repository"))
        print(f"report-browser-test: repository: {len(data['nodes'])} modules, report made in "
              f"{repository_seconds:.1f} s, page ready in {loaded:.0f} ms; focused {target} "
              f"({len(neighbours(graph['edges'], target))} neighbours as in modules graph --json), clicked "
              f"{edge['from']} → {edge['to']}: {len(files)} importing files, {charts} charts")
        page, state, data, _ = browser.open(f"{out}/repository.html")
        check_keyboard(page, "repository")
        measure(page, data, "repository")
        page.context.close()

        page, state, data, loaded = browser.open(f"{out}/synthetic-500.html")
        check(len(data["nodes"]) == 500, f"synthetic: {len(data['nodes'])} modules, expected 500")
        services = [n["id"] for n in data["nodes"] if n["id"].startswith("Services/")]
        target = max(services, key=lambda module: (len(neighbours(data["edges"], module)), module))
        search_and_focus(page, data["nodes"], data["edges"], target, target, "synthetic-500")
        edge, files = click_an_edge(page, data, "synthetic-500")
        check(page.locator("#module-charts figure svg.chart").count() == 3, "synthetic-500: three charts expected")
        check(page.locator("#module-charts figure table tbody tr").count() == 36,
              "synthetic-500: each chart needs its table of 12 runs beside it")
        search, focus = measure(page, data, "synthetic-500")
        page.evaluate("(id) => modulesReport.focus(id)", target)
        shots.append(browser.finish(page, state, "synthetic-500"))
        print(f"report-browser-test: synthetic-500: page ready in {loaded:.0f} ms; focused {target}, clicked "
              f"{edge['from']} → {edge['to']}: {len(files)} files")

        page, state, data, _ = browser.open(f"{out}/hostile.html")
        check(page.evaluate("window.__broken === undefined"), "hostile: a name ran as script")
        check(data["nodes"][1]["name"] == evil and data["nodes"][2]["id"] == quoted,
              "hostile: the names did not survive the page's JSON")
        search_and_focus(page, data["nodes"], data["edges"], "</script>", f"Features/{evil}", "hostile")
        title = page.eval_on_selector(f"#nodes .n.focus title", "e => e.textContent")
        check(evil in title, f"hostile: the module's title reads {title!r}")
        edge, files = click_an_edge(page, data, "hostile")
        check(files == [f"Features/{evil}/Sources/A&B</script>.swift:2"], f"hostile: the edge lists {files}")
        check(page.locator("#findings td", has_text=evil).count() >= 1, "hostile: the finding's text is not shown")
        shots.append(browser.finish(page, state, "hostile"))
    print(f"report-browser-test: all checks passed in {time.perf_counter() - started:.1f} s; screenshots: "
          + ", ".join(os.path.relpath(shot, repo) for shot in shots))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except CheckFailed as failure:
        print(f"report-browser-test: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
