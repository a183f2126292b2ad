extension ReportPage {
    /// The charts, each an SVG drawn here with a text table beside it that holds every value: the focused
    /// module's series per metric, and the slowest modules by a metric.
    static let scriptCharts = #"""
        const METRICS = { build: 'Clean build', incremental: 'Incremental build', test: 'Test run',
          buildAndTest: 'Build and test (modules test)' };
        const seriesByModule = new Map();

        function metricName(metric) { return METRICS[metric] || metric; }

        function indexSeries() {
          for (const series of data.series) {
            if (!seriesByModule.has(series.module)) seriesByModule.set(series.module, []);
            seriesByModule.get(series.module).push(series);
          }
        }

        function seriesOf(i) {
          return seriesByModule.get(nodes[i].id) || seriesByModule.get(nodes[i].package) || [];
        }

        function seconds(value) { return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2); }

        function short(text, length) { return text.length > length ? text.slice(0, length - 1) + '…' : text; }

        function lineChart(series, title) {
          const width = 380;
          const height = 160;
          const left = 44;
          const right = 12;
          const top = 12;
          const bottom = 30;
          const points = series.points;
          const max = Math.max(...points.map((p) => p.seconds), 0.001) * 1.15;
          const x = (k) => points.length === 1 ? left + (width - left - right) / 2 :
            left + k * (width - left - right) / (points.length - 1);
          const y = (value) => top + (height - top - bottom) * (1 - value / max);
          const low = Math.min(...points.map((p) => p.seconds));
          const high = Math.max(...points.map((p) => p.seconds));
          const chart = shape('svg', { class: 'chart', width, height, viewBox: `0 0 ${width} ${height}`, role: 'img',
            'aria-label': `${title}: ${points.length} runs, ${seconds(low)} to ${seconds(high)} s; the table beside lists every value` });
          for (const value of [0, max / 2, max]) {
            chart.append(shape('line', { class: value === 0 ? 'axis' : 'grid', x1: left, x2: width - right, y1: y(value), y2: y(value) }));
            chart.append(shape('text', { x: left - 6, y: y(value) + 4, 'text-anchor': 'end' }, `${seconds(value)} s`));
          }
          if (points.length > 1) {
            chart.append(shape('polyline', { class: 'line', points: points.map((p, k) => `${x(k)},${y(p.seconds)}`).join(' ') }));
          }
          points.forEach((p, k) => {
            const dot = shape('circle', { class: 'dot', cx: x(k), cy: y(p.seconds), r: 3.5 });
            dot.append(shape('title', {}, `${p.label}: ${seconds(p.seconds)} s (${p.source})`));
            chart.append(dot);
          });
          const first = points[0].label;
          const last = points[points.length - 1].label;
          chart.append(shape('text', { x: x(0), y: height - 10, 'text-anchor': points.length === 1 ? 'middle' : 'start' }, short(first, 24)));
          if (points.length > 1) chart.append(shape('text', { x: x(points.length - 1), y: height - 10, 'text-anchor': 'end' }, short(last, 24)));
          return chart;
        }

        function renderModuleCharts(i) {
          const box = $('module-charts');
          if (i < 0) {
            box.replaceChildren(element('p', { class: 'muted' }, 'Focus a module to see its charts.'));
            return;
          }
          const list = seriesOf(i);
          if (list.length === 0) {
            box.replaceChildren(element('p', { class: 'muted' }, `No timing records for ${nodes[i].id}.`));
            return;
          }
          const order = Object.keys(METRICS);
          const sorted = [...list].sort((a, b) => (order.indexOf(a.metric) + 1 || 99) - (order.indexOf(b.metric) + 1 || 99));
          box.replaceChildren(...sorted.map((series) => {
            const title = `${nodes[i].id}: ${metricName(series.metric)}`;
            const pair = element('figure', { class: 'pair' });
            pair.append(lineChart(series, title));
            pair.append(table(`${title} (seconds)`, ['Run', 'Commit', 'Recorded', 'Time s', 'Source'],
              series.points.map((p) => [p.label, p.commit ? p.commit.slice(0, 12) : '—', p.time || '—', seconds(p.seconds), p.source])));
            return pair;
          }));
        }

        function latest(metric) {
          const rows = [];
          for (const series of data.series) {
            if (series.metric !== metric || series.points.length === 0) continue;
            const points = series.points;
            rows.push({ module: series.module, seconds: points[points.length - 1].seconds, first: points[0].seconds, runs: points.length });
          }
          return rows.sort((a, b) => b.seconds - a.seconds || a.module.localeCompare(b.module));
        }

        function barChart(rows, metric) {
          const width = 420;
          const bar = 18;
          const left = 170;
          const height = rows.length * bar + 8;
          const max = Math.max(...rows.map((r) => r.seconds), 0.001);
          const chart = shape('svg', { class: 'chart', width, height, viewBox: `0 0 ${width} ${height}`, role: 'img',
            'aria-label': `Slowest modules by ${metricName(metric)}: bar chart of the table beside` });
          rows.forEach((row, k) => {
            const y = 4 + k * bar;
            const name = index.has(row.module) ? labelOf(index.get(row.module)) : row.module;
            chart.append(shape('text', { x: left - 6, y: y + 12, 'text-anchor': 'end' }, short(name, 26)));
            const length = Math.max(1, (width - left - 56) * row.seconds / max);
            const slow = row.runs > 1 && row.seconds > row.first * 1.2;
            const rect = shape('rect', { class: 'bar' + (slow ? ' slow' : ''), x: left, y: y + 2, width: length, height: bar - 5 });
            rect.append(shape('title', {}, `${row.module}: ${seconds(row.seconds)} s`));
            chart.append(rect);
            chart.append(shape('text', { x: left + length + 4, y: y + 12 }, `${seconds(row.seconds)} s`));
          });
          return chart;
        }

        function renderSlowest() {
          indexSeries();
          const select = $('slowest-metric');
          const present = [...new Set(data.series.map((s) => s.metric))];
          const order = Object.keys(METRICS);
          present.sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
          select.replaceChildren(...present.map((metric) => element('option', { value: metric }, metricName(metric))));
          const draw = () => {
            const box = $('slowest');
            if (present.length === 0) {
              box.replaceChildren(element('p', { class: 'muted' }, 'No timing records (see the notes below).'));
              return;
            }
            const metric = select.value;
            const rows = latest(metric).slice(0, 15);
            box.replaceChildren(barChart(rows, metric), table(`Slowest 15 by ${metricName(metric)}, latest run`,
              ['#', 'Module', 'Latest s', 'Runs', 'First s'],
              rows.map((row, k) => [k + 1, moduleCell(row.module), seconds(row.seconds), row.runs, seconds(row.first)])));
          };
          if (present.includes('test')) select.value = 'test';
          select.disabled = present.length === 0;
          select.addEventListener('change', draw);
          draw();
        }
        """#
}
