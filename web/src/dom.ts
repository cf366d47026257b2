// A tiny element helper: h('div', { class: 'x', 'data-testid': 'y' }, child, 'text').

type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;
type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value as EventListener);
    } else if (value === true) {
      el.setAttribute(key, '');
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, ...children);
  return el;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** Sets textContent only when it changes (keeps screen readers and layout calm). */
export function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

let uid = 0;
/** A page-unique id for label/for and aria pairs. */
export function uniqueId(prefix: string): string {
  uid += 1;
  return `${prefix}-${uid}`;
}

export const reducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A box that scrolls sideways when its content (a wide table) does not fit: Tab reaches it, so
    keyboard users can scroll it with the arrow keys, and its label says what it holds. */
export function scrollBox(label: string, child: Child, testid?: string): HTMLDivElement {
  return h('div', { class: 'scroll-x', tabindex: 0, role: 'group', 'aria-label': label, 'data-testid': testid }, child);
}

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
const levelOf = (el: Element): number => Number(el.tagName.slice(1));

/** Widgets title their panels with <h3>; a figure can sit under the page's <h1> or under an <h2>.
    Gives the figure's headings aria-levels that continue the page's outline (one below the heading
    before the figure), so screen-reader heading navigation never skips a level. */
export function nestHeadings(figure: HTMLElement): void {
  const inner = [...figure.querySelectorAll(HEADINGS)];
  if (inner.length === 0) return;
  let outer = 1;
  for (const el of document.querySelectorAll(HEADINGS)) {
    if (figure.contains(el) || !(el.compareDocumentPosition(figure) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    if (!el.closest('[data-widget]')) outer = levelOf(el); // the text's headings, not another demo's panels
  }
  const shift = outer + 1 - Math.min(...inner.map(levelOf));
  for (const el of inner) el.setAttribute('aria-level', String(Math.min(6, Math.max(1, levelOf(el) + shift))));
}
