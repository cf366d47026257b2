// Shows a C file with line numbers and light syntax colouring, and highlights one line.
// The text is the real file, imported at build time, so the page can never drift from the core.
import { h } from './dom.ts';

const TOKEN = new RegExp(
  [
    String.raw`(?<comment>/\*[\s\S]*?\*/|//[^\n]*)`,
    String.raw`(?<pre>^[ \t]*#[^\n]*)`,
    String.raw`(?<str>"(?:[^"\\\n]|\\.)*")`,
    String.raw`(?<num>\b0[xX][0-9a-fA-F]+[uUlL]*\b|\b\d+[uUlL]*\b)`,
    String.raw`(?<kw>\b(?:static|const|return|if|else|for|while|do|enum|typedef|struct|void|sizeof|break|continue|switch|case|default)\b)`,
    String.raw`(?<type>\b(?:u?int(?:8|16|32|64)_t|size_t|eo_[a-z_]+)\b)`,
    String.raw`(?<macro>\bEO_[A-Z0-9_]+\b|\b(?:AXIS_X|AXIS_Y|NULL)\b)`,
  ].join('|'),
  'gm',
);

type Piece = [cls: string | null, text: string];

/** Splits source into lines of classed pieces; a comment spanning lines is split per line. */
export function highlightC(source: string): Piece[][] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const m of source.matchAll(TOKEN)) {
    const idx = m.index ?? 0;
    if (idx > last) pieces.push([null, source.slice(last, idx)]);
    const groups = m.groups ?? {};
    const cls = Object.keys(groups).find((k) => groups[k] !== undefined) ?? null;
    pieces.push([cls, m[0]]);
    last = idx + m[0].length;
  }
  if (last < source.length) pieces.push([null, source.slice(last)]);
  const lines: Piece[][] = [[]];
  for (const [cls, text] of pieces) {
    const parts = text.split('\n');
    parts.forEach((part, i) => {
      if (i > 0) lines.push([]);
      if (part) lines[lines.length - 1].push([cls, part]);
    });
  }
  if (lines.length > 1 && lines[lines.length - 1].length === 0) lines.pop();
  return lines;
}

export class SourceView {
  readonly root: HTMLDivElement;
  private rows: HTMLDivElement[] = [];
  private current = 0;

  /** `meta` says where the text comes from (default: bundled into the page at build time). */
  constructor(source: string, path: string, testid: string, meta = 'the real file, built into this page') {
    const lines = highlightC(source);
    const body = h('div', { class: 'src-body', role: 'list' });
    lines.forEach((pieces, i) => {
      const code = h('code', {});
      for (const [cls, text] of pieces) code.appendChild(cls ? h('span', { class: `tok-${cls}` }, text) : document.createTextNode(text));
      const row = h('div', { class: 'src-line', 'data-line': i + 1, role: 'listitem' }, h('span', { class: 'src-ln', 'aria-hidden': 'true' }, i + 1), code);
      this.rows.push(row);
      body.appendChild(row);
    });
    this.root = h(
      'div',
      { class: 'src', 'data-testid': testid, 'data-current-line': '' },
      h('div', { class: 'src-head' }, h('span', { class: 'src-path' }, path), h('span', { class: 'src-meta' }, `${lines.length} lines · ${meta}`)),
      h('div', { class: 'src-scroll', tabindex: 0, 'aria-label': `Source of ${path}` }, body),
    );
  }

  get lineCount(): number {
    return this.rows.length;
  }

  /** Marks the lines the trace has recorded so far (trail) and the current line. */
  highlight(line: number, trail: Set<number>, note: string, smooth: boolean): void {
    this.rows.forEach((row, i) => row.classList.toggle('is-trail', trail.has(i + 1)));
    const prev = this.rows[this.current - 1];
    if (prev) {
      prev.classList.remove('is-current');
      prev.removeAttribute('aria-current');
      prev.querySelector('.src-note')?.remove();
    }
    this.current = line;
    this.root.dataset.currentLine = line ? String(line) : '';
    const row = this.rows[line - 1];
    if (!row) return;
    row.classList.add('is-current');
    row.setAttribute('aria-current', 'step');
    row.appendChild(h('span', { class: 'src-note', 'data-testid': 'source-note' }, note));
    const scroller = this.root.querySelector<HTMLElement>('.src-scroll')!;
    const top = row.offsetTop - scroller.clientHeight / 2 + row.offsetHeight / 2;
    scroller.scrollTo({ top: Math.max(0, top), behavior: smooth ? 'smooth' : 'auto' });
  }
}
