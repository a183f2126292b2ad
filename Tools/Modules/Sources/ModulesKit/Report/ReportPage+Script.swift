extension ReportPage {
    /// The graph: data and indexes, drawing, focus, search, the keyboard and zoom. Plain ES2020, no library; every
    /// string from the data reaches the page through `textContent` or `setAttribute`.
    static let scriptCore = #"""
        const data = JSON.parse(document.getElementById('modules-report-data').textContent);
        const SVG = 'http://www.w3.org/2000/svg';
        const $ = (id) => document.getElementById(id);
        const nodes = data.nodes;
        const edges = data.edges;
        const H = data.layout.nodeHeight;
        const index = new Map(nodes.map((node, i) => [node.id, i]));
        const outgoing = nodes.map(() => []);
        const incoming = nodes.map(() => []);
        const svg = $('graph-svg');
        const layers = [$('band-layer'), $('edge-layer'), svg];
        const canvas = $('canvas');
        const graph = $('graph');
        let nodeEls = [];
        let edgeEls = [];
        let focused = -1;
        let cursor = -1;
        let marked = [];
        let matches = [];
        let matchState = [];
        let scale = 1;
        let rows = [];
        let place = [];
        let chartsPending = 0;

        function element(tag, attributes, text) {
          const made = document.createElement(tag);
          for (const [name, value] of Object.entries(attributes || {})) made.setAttribute(name, value);
          if (text !== undefined && text !== null) made.textContent = String(text);
          return made;
        }

        function shape(tag, attributes, text) {
          const made = document.createElementNS(SVG, tag);
          for (const [name, value] of Object.entries(attributes || {})) made.setAttribute(name, value);
          if (text !== undefined && text !== null) made.textContent = String(text);
          return made;
        }

        function labelOf(i) { return nodes[i].label || nodes[i].id; }

        function indexEdges() {
          const bad = new Set(data.findings.filter((f) => f.other).map((f) => f.module + '\u0000' + f.other));
          edges.forEach((edge, i) => {
            const from = index.get(edge.from);
            const to = index.get(edge.to);
            if (from === undefined || to === undefined) return;
            edge.source = from;
            edge.target = to;
            edge.bad = bad.has(edge.from + '\u0000' + nodes[to].package) || bad.has(edge.from + '\u0000' + edge.to);
            outgoing[from].push(i);
            incoming[to].push(i);
          });
          nodes.forEach((node) => { node.search = (node.id + '\u0000' + node.name).toLowerCase(); });
        }

        function edgePath(edge) {
          const a = nodes[edge.source];
          const b = nodes[edge.target];
          const ax = a.x + a.width / 2;
          const bx = b.x + b.width / 2;
          if (b.y > a.y) {
            const m = (a.y + H + b.y) / 2;
            return `M${ax} ${a.y + H}C${ax} ${m} ${bx} ${m} ${bx} ${b.y}`;
          }
          if (b.y < a.y) {
            const m = (a.y + b.y + H) / 2;
            return `M${ax} ${a.y}C${ax} ${m} ${bx} ${m} ${bx} ${b.y + H}`;
          }
          const dip = Math.min(48, 18 + Math.abs(bx - ax) / 8);
          return `M${ax} ${a.y + H}C${ax} ${a.y + H + dip} ${bx} ${b.y + H + dip} ${bx} ${b.y + H}`;
        }

        function drawGraph() {
          const layout = data.layout;
          for (const layer of layers) layer.setAttribute('viewBox', `0 0 ${layout.width} ${layout.height}`);
          const bands = $('bands');
          for (const band of layout.bands) {
            const group = shape('g', { class: 'band' });
            group.append(shape('rect', { x: 0, y: band.y, width: layout.width, height: band.height }));
            group.append(shape('text', { x: 8, y: band.y + 15 }, band.layer));
            bands.append(group);
          }
          const affected = new Map((data.affected ? data.affected.nodes : []).map((a) => [a.id, a]));
          const edgeGroup = $('edges');
          edgeEls = edges.map((edge) => {
            if (edge.source === undefined) return null;
            const classes = 'e' + (edge.testOnly ? ' t' : '') + (edge.bad ? ' bad' : '');
            const path = shape('path', { class: classes, d: edgePath(edge) });
            edgeGroup.append(path);
            return path;
          });
          const nodeGroup = $('nodes');
          nodeEls = nodes.map((node, i) => {
            const hit = affected.get(node.id);
            const classes = 'n' + (hit ? ' affected' : '') + (hit && hit.changed ? ' changed' : '');
            const group = shape('g', { class: classes, 'data-id': node.id, transform: `translate(${node.x},${node.y})` });
            group.append(shape('rect', { width: node.width, height: H }));
            group.append(shape('text', { x: 7, y: 15 }, labelOf(i)));
            group.append(shape('title', {}, node.id === node.name ? node.id : `${node.id} (${node.name})`));
            group.addEventListener('click', () => focus(i, { scroll: false }));
            nodeGroup.append(group);
            return group;
          });
          matchState = nodes.map(() => false);
          const byRow = new Map();
          nodes.forEach((node, i) => {
            if (!byRow.has(node.y)) byRow.set(node.y, []);
            byRow.get(node.y).push(i);
          });
          rows = [...byRow.keys()].sort((a, b) => a - b).map((y) => byRow.get(y).sort((a, b) => nodes[a].x - nodes[b].x));
          rows.forEach((row, r) => row.forEach((i, c) => { place[i] = [r, c]; }));
        }

        function mark(target, name) {
          target.classList.add(name);
          marked.push([target, name]);
        }

        function clearFocus(render) {
          for (const [target, name] of marked) target.classList.remove(name);
          marked = [];
          $('hits').replaceChildren();
          $('focus-edges').replaceChildren();
          canvas.classList.remove('focusing');
          focused = -1;
          if (render !== false) {
            clearTimeout(chartsPending);
            renderDetails(-1);
            renderModuleCharts(-1);
            if ($('findings-focused').checked) renderFindings();
            $('edge-details').replaceChildren();
            announce('Focus cleared');
          }
        }

        function focus(i, options) {
          if (i === undefined || i < 0 || i >= nodes.length) return;
          clearFocus(false);
          focused = i;
          canvas.classList.add('focusing');
          mark(nodeEls[i], 'focus');
          const hits = $('hits');
          const drawn = $('focus-edges');
          for (const [list, end, direction] of [[outgoing[i], 'target', 'out'], [incoming[i], 'source', 'in']]) {
            for (const e of list) {
              mark(nodeEls[edges[e][end]], 'nb');
              const d = edgeEls[e].getAttribute('d');
              drawn.append(shape('path', { class: `${edgeEls[e].getAttribute('class')} hl ${direction}`, d }));
              const hit = shape('path', { class: 'hit', d, 'data-edge': e });
              hit.addEventListener('click', (event) => { event.stopPropagation(); showEdge(e); });
              hits.append(hit);
            }
          }
          setCursor(i, false);
          renderDetails(i);
          // The charts sit below the graph: they are drawn once this frame is on screen, so the graph and the panel
          // answer first (a newer focus cancels a pending drawing).
          clearTimeout(chartsPending);
          requestAnimationFrame(() => { chartsPending = setTimeout(() => { if (focused === i) renderModuleCharts(i); }, 0); });
          if ($('findings-focused').checked) renderFindings();
          $('edge-details').replaceChildren();
          announce(`${labelOf(i)} focused: ${outgoing[i].length} dependencies, ${incoming[i].length} dependents`);
          if (options && options.scroll) nodeEls[i].scrollIntoView({ block: 'center', inline: 'center' });
        }

        function announce(text) { $('announce').textContent = text; }

        function setCursor(i, scroll) {
          if (cursor >= 0) nodeEls[cursor].classList.remove('cursor');
          cursor = i;
          if (i < 0) return;
          nodeEls[i].classList.add('cursor');
          if (scroll) {
            nodeEls[i].scrollIntoView({ block: 'nearest', inline: 'nearest' });
            const node = nodes[i];
            announce(`${labelOf(i)}, layer ${node.layer || 'none'}, ${outgoing[i].length} dependencies, ` +
              `${incoming[i].length} dependents`);
          }
        }

        function rank(i, query) {
          const node = nodes[i];
          const id = node.id.toLowerCase();
          const name = node.name.toLowerCase();
          if (id === query || name === query) return 0;
          if (name.startsWith(query) || id.startsWith(query) || id.includes('/' + query)) return 1;
          return 2;
        }

        function search(text) {
          const query = text.trim().toLowerCase();
          const found = [];
          for (let i = 0; i < nodes.length; i++) {
            const match = query !== '' && nodes[i].search.includes(query);
            if (match !== matchState[i]) {
              matchState[i] = match;
              nodeEls[i].classList.toggle('match', match);
            }
            if (match) found.push(i);
          }
          canvas.classList.toggle('searching', query !== '');
          const ranks = new Map(found.map((i) => [i, rank(i, query)]));
          matches = found.sort((a, b) => ranks.get(a) - ranks.get(b) || labelOf(a).localeCompare(labelOf(b)));
          const list = $('results');
          list.replaceChildren(...matches.slice(0, 20).map((i) => {
            const item = element('li');
            const button = element('button', { type: 'button', class: 'link', title: nodes[i].id }, labelOf(i));
            button.addEventListener('click', () => { focus(i, { scroll: true }); graph.focus(); });
            item.append(button);
            return item;
          }));
          $('search-count').textContent = query === '' ? '' :
            `${matches.length} match${matches.length === 1 ? '' : 'es'}` + (matches.length > 20 ? ' (first 20 listed)' : '');
        }

        function nearestIn(row, x) {
          let best = row[0];
          for (const i of row) {
            if (Math.abs(nodes[i].x + nodes[i].width / 2 - x) < Math.abs(nodes[best].x + nodes[best].width / 2 - x)) best = i;
          }
          return best;
        }

        function moveCursor(key) {
          if (cursor < 0) { setCursor(focused >= 0 ? focused : rows[0][0], true); return; }
          const [r, c] = place[cursor];
          const x = nodes[cursor].x + nodes[cursor].width / 2;
          let next = cursor;
          if (key === 'ArrowLeft') next = c > 0 ? rows[r][c - 1] : r > 0 ? rows[r - 1][rows[r - 1].length - 1] : cursor;
          if (key === 'ArrowRight') next = c + 1 < rows[r].length ? rows[r][c + 1] : r + 1 < rows.length ? rows[r + 1][0] : cursor;
          if (key === 'ArrowUp' && r > 0) next = nearestIn(rows[r - 1], x);
          if (key === 'ArrowDown' && r + 1 < rows.length) next = nearestIn(rows[r + 1], x);
          if (key === 'Home') next = rows[0][0];
          if (key === 'End') next = rows[rows.length - 1][rows[rows.length - 1].length - 1];
          setCursor(next, true);
        }

        function zoom(to) {
          scale = Math.min(3, Math.max(0.15, to));
          for (const layer of layers) {
            layer.setAttribute('width', Math.round(data.layout.width * scale));
            layer.setAttribute('height', Math.round(data.layout.height * scale));
          }
        }

        function fit() { zoom(Math.min(1, (graph.clientWidth - 4) / data.layout.width)); }

        function bindKeys() {
          const input = $('search');
          input.addEventListener('input', () => search(input.value));
          input.addEventListener('keydown', (event) => {
            if (event.key === 'Enter' && matches.length > 0) {
              event.preventDefault();
              focus(matches[0], { scroll: true });
              graph.focus({ preventScroll: true });
            } else if (event.key === 'ArrowDown') {
              const first = $('results').querySelector('button');
              if (first) { event.preventDefault(); first.focus(); }
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              if (input.value !== '') { input.value = ''; search(''); } else { clearFocus(); }
            }
          });
          $('results').addEventListener('keydown', (event) => {
            const item = event.target.closest('li');
            if (!item) return;
            const step = { ArrowDown: item.nextElementSibling, ArrowUp: item.previousElementSibling }[event.key];
            if (step !== undefined) {
              event.preventDefault();
              if (step) step.querySelector('button').focus(); else if (event.key === 'ArrowUp') input.focus();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              input.focus();
            }
          });
          graph.addEventListener('keydown', (event) => {
            if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key)) {
              event.preventDefault();
              moveCursor(event.key);
            } else if ((event.key === 'Enter' || event.key === ' ') && cursor >= 0) {
              event.preventDefault();
              focus(cursor, { scroll: false });
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              clearFocus();
            }
          });
          document.addEventListener('keydown', (event) => {
            const typing = ['INPUT', 'SELECT', 'TEXTAREA'].includes(event.target.tagName);
            if (event.key === '/' && !typing) {
              event.preventDefault();
              input.focus();
              input.select();
            } else if (event.key === 'Escape' && !typing) {
              clearFocus();
            }
          });
          $('clear').addEventListener('click', () => { input.value = ''; search(''); clearFocus(); });
          $('zoom-in').addEventListener('click', () => zoom(scale * 1.25));
          $('zoom-out').addEventListener('click', () => zoom(scale / 1.25));
          $('zoom-fit').addEventListener('click', fit);
          const toggle = $('show-affected');
          toggle.checked = Boolean(data.affected && data.affected.nodes.length > 0);
          toggle.disabled = !data.affected;
          canvas.classList.toggle('show-affected', toggle.checked);
          toggle.addEventListener('change', () => canvas.classList.toggle('show-affected', toggle.checked));
        }

        function start() {
          indexEdges();
          drawGraph();
          bindKeys();
          renderSummary();
          renderDetails(-1);
          renderSlowest();
          renderAffected();
          renderFlaky();
          renderFindings();
          renderNotes();
          fit();
          window.modulesReport = {
            focus: (id) => focus(index.get(id), { scroll: true }),
            ready: true,
          };
          document.body.setAttribute('data-ready', 'true');
        }
        """#
}
