extension ReportPage {
    /// The panels: the focused module's details, an edge's targets and imports, and the tables of the affected set,
    /// the flaky tests, the lint findings and the notes.
    static let scriptPanels = #"""
        function focusButton(i, text) {
          const button = element('button', { type: 'button', class: 'link', title: nodes[i].id }, text || labelOf(i));
          button.addEventListener('click', () => { focus(i, { scroll: true }); graph.focus({ preventScroll: true }); });
          return button;
        }

        function moduleCell(id) {
          const cell = element('td');
          const i = index.get(id);
          if (i !== undefined) cell.append(focusButton(i)); else cell.append(element('code', {}, id));
          return cell;
        }

        function table(caption, headings, rows) {
          const made = element('table');
          made.append(element('caption', {}, caption));
          const head = element('tr');
          for (const heading of headings) {
            head.append(element('th', { scope: 'col', class: heading.endsWith(' s') || heading === 'Failures' ? 'num' : '' }, heading));
          }
          const thead = element('thead');
          thead.append(head);
          made.append(thead);
          const body = element('tbody');
          for (const row of rows) {
            const line = element('tr');
            for (const cell of row) {
              if (cell instanceof Node) line.append(cell);
              else line.append(element('td', /^[0-9.]+$/.test(String(cell)) ? { class: 'num' } : {}, cell));
            }
            body.append(line);
          }
          made.append(body);
          return made;
        }

        function renderSummary() {
          const what = data.level === 'targets' ? 'targets' : 'packages';
          document.title = `${data.title}: modules report`;
          $('title').textContent = `${data.title}: modules report`;
          const parts = [`${nodes.length} ${what} in ${data.layers.length} layers, ${edges.length} dependencies`];
          if (data.commit) parts.push(`commit ${data.commit.slice(0, 12)}`);
          parts.push(`made ${data.generatedAt}`);
          $('summary').textContent = parts.join(' · ');
        }

        function edgeLine(e, i, other) {
          const item = element('li');
          item.append(focusButton(other));
          const edge = edges[e];
          const why = element('button', { type: 'button', 'aria-label': `What creates ${edge.from} → ${edge.to}` }, 'why');
          why.addEventListener('click', () => showEdge(e));
          item.append(' ', why);
          if (edge.testOnly) item.append(' ', element('span', { class: 'chip' }, 'tests only'));
          if (edge.bad) item.append(' ', element('span', { class: 'chip error' }, 'finding'));
          return item;
        }

        function renderDetails(i) {
          const box = $('module-details');
          if (i < 0) {
            box.replaceChildren(element('p', { class: 'muted' },
              'Focus a module to see its dependencies, dependents, findings and times.'));
            return;
          }
          const node = nodes[i];
          const parts = [element('h3', {}, node.id)];
          const facts = element('p', { class: 'muted' });
          facts.textContent = [`name ${node.name}`, `layer ${node.layer || 'none'}`, node.type ? `type ${node.type}` : '']
            .filter(Boolean).join(' · ');
          parts.push(facts);
          const hit = data.affected && data.affected.nodes.find((a) => a.id === node.id);
          if (hit) parts.push(element('p', {}, `Affected: ${hit.reasons.join('; ')}`));
          for (const [title, list, end] of [['Dependencies', outgoing[i], 'target'], ['Dependents', incoming[i], 'source']]) {
            parts.push(element('h3', {}, `${title} (${list.length})`));
            const items = element('ul', { 'aria-label': `${title} of ${node.id}` });
            for (const e of [...list].sort((a, b) => labelOf(edges[a][end]).localeCompare(labelOf(edges[b][end])))) {
              items.append(edgeLine(e, i, edges[e][end]));
            }
            parts.push(items);
          }
          const own = data.findings.filter((f) => f.module === node.id);
          if (own.length > 0) parts.push(element('p', {}, `${own.length} lint finding${own.length === 1 ? '' : 's'}: see below.`));
          const flaky = data.flaky.filter((f) => f.module === node.id || f.module === node.package);
          if (flaky.length > 0) parts.push(element('p', {}, `${flaky.length} flaky test${flaky.length === 1 ? '' : 's'}: see below.`));
          box.replaceChildren(...parts);
        }

        function showEdge(e) {
          const edge = edges[e];
          for (const hit of $('hits').children) hit.classList.toggle('selected', hit.getAttribute('data-edge') === String(e));
          const heading = element('h3', { tabindex: '-1', id: 'edge-heading' }, `${edge.from} → ${edge.to}`);
          const parts = [heading];
          if (edge.testOnly) parts.push(element('p', {}, 'Used by test code only.'));
          parts.push(element('h3', {}, `Declared by (${edge.uses.length}, from the manifest)`));
          if (edge.uses.length > 0) {
            const list = element('ul', { 'aria-label': 'Targets that declare the dependency' });
            for (const use of edge.uses) {
              const item = element('li', {}, `${use.target}${use.testCode ? ' (test code)' : ''}` +
                (use.product ? `, product ${use.product}: ` : ': '));
              item.append(element('code', {}, use.manifest + (use.line ? `:${use.line}` : '')));
              list.append(item);
            }
            parts.push(list);
          } else {
            parts.push(element('p', {}, 'Declared in the manifest, used by no target.'));
          }
          parts.push(element('h3', {}, `Source imports (${edge.imports.length})`));
          if (edge.imports.length > 0) {
            const list = element('ul', { 'aria-label': 'Source files that import the dependency' });
            for (const imp of edge.imports) {
              const item = element('li');
              item.append(element('code', { class: 'file' }, `${imp.file}:${imp.line}`), ` ${imp.target} imports ${imp.module}`);
              list.append(item);
            }
            parts.push(list);
          } else {
            parts.push(element('p', { class: 'muted' }, 'No source file imports it (or imports were not read).'));
          }
          $('edge-details').replaceChildren(...parts);
          heading.focus({ preventScroll: false });
        }

        function renderAffected() {
          const box = $('affected');
          const affected = data.affected;
          if (!affected) {
            box.replaceChildren(element('p', { class: 'muted' }, 'No diff given: make the report with --base REF.'));
            return;
          }
          const changed = affected.nodes.filter((a) => a.changed).length;
          const summary = element('p', {}, `Since ${affected.base} (merge base ${affected.mergeBase.slice(0, 12)}): ` +
            `${affected.changedFileCount} changed file${affected.changedFileCount === 1 ? '' : 's'}, ` +
            `${changed} changed and ${affected.nodes.length - changed} dependent of ${nodes.length} modules.`);
          box.replaceChildren(summary, element('div', { class: 'scroll' }));
          box.lastChild.append(table('Affected modules', ['Module', 'Changed', 'Why'],
            affected.nodes.map((a) => [moduleCell(a.id), a.changed ? 'yes' : 'no', a.reasons.join('; ')])));
        }

        function renderFlaky() {
          const box = $('flaky');
          if (data.flaky.length === 0) {
            box.replaceChildren(element('p', { class: 'muted' },
              'No flaky test in the records (a JUnit <testcase> with <flakyFailure> or <flakyError>: a test that ' +
              'failed, then passed on a rerun).'));
            return;
          }
          box.replaceChildren(table(`Flaky tests (${data.flaky.length})`, ['Module', 'Test', 'Failures', 'First failure', 'Source'],
            data.flaky.map((f) => [moduleCell(f.module), element('td', {}).appendChild(element('code', {}, f.test)).parentNode,
              f.failures, f.message || '', f.source])));
        }

        function renderFindings() {
          const box = $('findings');
          const only = $('findings-focused').checked && focused >= 0;
          const shown = data.findings.filter((f) => !only || f.module === nodes[focused].id);
          if (data.findings.length === 0) {
            box.replaceChildren(element('p', { class: 'muted' }, 'No lint findings.'));
            return;
          }
          const errors = data.findings.filter((f) => f.severity === 'error').length;
          box.replaceChildren(table(`${shown.length} of ${data.findings.length} findings (${errors} errors)`,
            ['Severity', 'Rule', 'Module', 'Where', 'Finding'],
            shown.map((f) => [element('td', {}).appendChild(element('span', { class: 'chip ' + f.severity }, f.severity)).parentNode,
              f.rule, moduleCell(f.module), element('td', {}).appendChild(element('code', {}, f.location)).parentNode, f.message])));
        }

        function renderNotes() {
          const list = $('notes');
          const origin = { repository: `the repository ${data.repository || ''}`, synthetic: 'a synthetic graph',
            data: 'a data file' }[data.origin] || data.origin;
          list.append(element('li', {}, `Made by modules report from ${origin}; data schema version ${data.schemaVersion}.`));
          for (const note of data.notes) list.append(element('li', {}, note));
          $('findings-focused').addEventListener('change', renderFindings);
        }
        """#
}
