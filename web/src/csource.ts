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

/** The teaching hooks of core/src/hooks.h: statements of their own, hidden by the source view. */
const HOOK = /^\s*(EO_STEP_ABOVE|EO_STEP_BELOW|EO_COUNT|EO_COUNT_ADD|EO_TRACED)\s*\(/;
/** A line that only silences an unused-parameter warning for the fast build: hidden too. */
const SILENCER = /^\s*(\(void\)\s*\w+;\s*)+$/;

/** A core file as a lesson shows it: which lines are teaching hooks (hidden), and for each hook's
 *  lines the line of logic its step belongs to (core/src/hooks.h: EO_STEP_ABOVE takes the nearest
 *  line of logic above it, EO_STEP_BELOW the nearest below; blank lines, comments, preprocessor
 *  lines, lone braces and other hooks do not count). */
export interface TeachingView {
  /** 1-based lines hidden from the reader */
  hidden: Set<number>;
  /** hook line -> the line its step is shown on (0: a counter or EO_TRACED, no step) */
  anchor: Map<number, number>;
  /** hook line -> the whole hook statement's text */
  hookText: Map<number, string>;
  /** 1-based lines that hold logic (what a step may be shown on) */
  logic: Set<number>;
}

/** Each line's text with comments blanked out (block comments may span lines). */
function codeOnly(source: string): string[] {
  let inBlock = false;
  return source.split('\n').map((line) => {
    let out = '';
    for (let i = 0; i < line.length; i++) {
      if (inBlock) {
        if (line.startsWith('*/', i)) {
          inBlock = false;
          i++;
        }
        continue;
      }
      if (line.startsWith('/*', i)) {
        inBlock = true;
        i++;
        continue;
      }
      if (line.startsWith('//', i)) break;
      if (line[i] === '"') {
        const end = line.indexOf('"', i + 1);
        out += line.slice(i, end < 0 ? line.length : end + 1);
        i = end < 0 ? line.length : end;
        continue;
      }
      out += line[i];
    }
    return out;
  });
}

export function teachingView(source: string): TeachingView {
  const code = codeOnly(source);
  const hidden = new Set<number>();
  const hookText = new Map<number, string>();
  const hooks: { first: number; last: number; kind: string }[] = [];
  for (let i = 0; i < code.length; i++) {
    const m = HOOK.exec(code[i]);
    if (!m) {
      if (SILENCER.test(code[i])) hidden.add(i + 1);
      continue;
    }
    // the statement runs to the parenthesis that closes the macro's, then its ';' if any
    let depth = 0;
    let j = i;
    let at = code[i].indexOf('(');
    let text = '';
    for (;;) {
      const line = code[j];
      for (; at < line.length; at++) {
        if (line[at] === '(') depth++;
        else if (line[at] === ')' && --depth === 0) break;
      }
      text += (text ? '\n' : '') + source.split('\n')[j];
      if (depth === 0 || j + 1 >= code.length) break;
      j++;
      at = 0;
    }
    hooks.push({ first: i + 1, last: j + 1, kind: m[1] });
    for (let k = i + 1; k <= j + 1; k++) {
      hidden.add(k);
      hookText.set(k, text);
    }
    i = j;
  }
  const logic = new Set<number>();
  code.forEach((line, i) => {
    const t = line.trim();
    if (hidden.has(i + 1) || t === '' || t.startsWith('#') || /^[{}]+;?$/.test(t)) return;
    logic.add(i + 1);
  });
  const anchor = new Map<number, number>();
  for (const hk of hooks) {
    let to = 0;
    if (hk.kind === 'EO_STEP_ABOVE') for (let k = hk.first - 1; k >= 1 && !to; k--) to = logic.has(k) ? k : 0;
    else if (hk.kind === 'EO_STEP_BELOW') for (let k = hk.last + 1; k <= code.length && !to; k++) to = logic.has(k) ? k : 0;
    for (let k = hk.first; k <= hk.last; k++) anchor.set(k, to);
  }
  return { hidden, anchor, hookText, logic };
}

export class SourceView {
  readonly root: HTMLDivElement;
  private rows: (HTMLDivElement | null)[] = [];
  private current = 0;

  readonly view: TeachingView;
  readonly path: string;

  /** `meta` says where the text comes from (default: bundled into the page at build time). The
      teaching hooks are hidden; line numbers stay the file's own. */
  constructor(source: string, path: string, testid: string, meta = 'the real file, built into this page; its teaching hooks hidden') {
    const lines = highlightC(source);
    this.view = teachingView(source);
    this.path = path;
    const body = h('div', { class: 'src-body', role: 'list' });
    lines.forEach((pieces, i) => {
      if (this.view.hidden.has(i + 1)) {
        this.rows.push(null);
        return;
      }
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

  /** Is the text bundled here the one the trace was recorded from? Each step's line must be a
      hook that names its event (a stale build points elsewhere). */
  matches(line: number, event: string): boolean {
    return (this.view.hookText.get(line) ?? '').includes(event);
  }

  /** The line a step recorded at `line` (its hook's) is shown on: the hook's line of logic. */
  shownLine(line: number): number {
    return this.view.anchor.get(line) ?? line;
  }

  /** Marks the lines the trace has recorded so far (trail) and the current line (hook lines, as
      the trace records them: each is shown on its line of logic). `event` is the step's, kept in
      data-current-event for tests and tools: the line shown is logic and no longer names it. */
  highlight(line: number, event: string, trail: Set<number>, note: string, smooth: boolean): void {
    line = this.shownLine(line);
    const shownTrail = new Set([...trail].map((l) => this.shownLine(l)));
    this.rows.forEach((row, i) => row?.classList.toggle('is-trail', shownTrail.has(i + 1)));
    const prev = this.rows[this.current - 1];
    if (prev) {
      prev.classList.remove('is-current');
      prev.removeAttribute('aria-current');
      prev.querySelector('.src-note')?.remove();
    }
    this.current = line;
    this.root.dataset.currentLine = line ? String(line) : '';
    this.root.dataset.currentEvent = line ? event : '';
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
