// A figure's state in the page's URL, so a learner can reload, go Back, or share "look at this case".
// Each figure owns one query parameter named after its key (the Markdown's id=..., which the build
// always sets: the id, or the widget name and its ordinal), and the fragment stays free for deep
// links:  lessons/01-grid-masks.html?playground=a.10.20.30.40_l.16#demo-playground
// A value is fields joined by "_", each a short name and its parts joined by "." (only URL-safe
// characters, so nothing is percent-encoded and a link stays readable).
// Everything read from the URL is validated against the same limits as the widget's own inputs;
// anything wrong leaves the figure on its defaults with a short visible note saying why.
import { h, setText } from './dom.ts';
import type { Lifecycle } from './lifecycle.ts';

/** Thrown by a codec: the message says, in a few words, what was wrong. */
export class StateError extends Error {}

export interface Codec<T> {
  parse(parts: string[]): T;
  format(v: T): string[];
  /** the value when a link leaves the setting out (links made before the setting existed);
      a codec without one makes the setting required */
  absent?: T;
}

export type Fields<S> = { [K in keyof S]: Codec<S[K]> };

const one = (parts: string[], what: string): string => {
  if (parts.length !== 1) throw new StateError(`${what} needs one value, got ${parts.length}`);
  return parts[0];
};

function intOf(raw: string, min: number, max: number, what: string): number {
  if (!/^-?\d{1,9}$/.test(raw)) throw new StateError(`${what} "${shorten(raw)}" is not a whole number`);
  const n = Number(raw);
  if (n < min || n > max) throw new StateError(`${what} ${n} is outside ${min} to ${max}`);
  return n;
}

/** A whole number in [min, max]. */
export const int = (min: number, max: number, what = 'a number'): Codec<number> => ({
  parse: (p) => intOf(one(p, what), min, max, what),
  format: (v) => [String(v)],
});

/** A setting older links do not have: `absent` stands in for it. */
export const optional = <T>(codec: Codec<T>, absent: T): Codec<T> => ({ ...codec, absent });
/** `count` whole numbers in [min, max] (a box's x, y, w, h; a height array). */
export const ints = (count: number, min: number, max: number, what = 'a list'): Codec<number[]> => ({
  parse: (p) => {
    if (p.length !== count) throw new StateError(`${what} needs ${count} numbers, got ${p.length}`);
    return p.map((raw) => intOf(raw, min, max, what));
  },
  format: (v) => v.map(String),
});

/** One of a fixed list of names (a preset, a layout, a method). */
export const oneOf = <T extends string>(values: readonly T[], what = 'a choice'): Codec<T> => ({
  parse: (p) => {
    const v = one(p, what);
    if (!(values as readonly string[]).includes(v)) throw new StateError(`unknown ${what} "${shorten(v)}"`);
    return v as T;
  },
  format: (v) => [v],
});

/** Whatever a URL holds, quoted in a note as plain text and never longer than a few words. */
function shorten(s: string): string {
  const clean = s.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 24 ? `${clean.slice(0, 24)}…` : clean;
}

const NAME = /^[a-z][a-z0-9]*$/;
const PART = /^[A-Za-z0-9-]*$/;

function decode<S>(fields: Fields<S>, raw: string): S {
  if (raw.length > 2000) throw new StateError('the settings are too long');
  const out: Partial<S> = {};
  const seen = new Set<string>();
  for (const item of raw.split('_')) {
    const [name, ...parts] = item.split('.');
    if (!NAME.test(name) || !Object.prototype.hasOwnProperty.call(fields, name))
      throw new StateError(`unknown setting "${shorten(name)}"`);
    if (seen.has(name)) throw new StateError(`"${name}" is given twice`);
    seen.add(name);
    if (!parts.every((p) => PART.test(p))) throw new StateError(`"${name}" holds characters it cannot hold`);
    out[name as keyof S] = fields[name as keyof S].parse(parts);
  }
  for (const k of Object.keys(fields) as Array<keyof S>)
    if (!seen.has(k as string) && fields[k].absent !== undefined) {
      out[k] = fields[k].absent;
      seen.add(k as string);
    }
  const missing = Object.keys(fields).filter((k) => !seen.has(k));
  if (missing.length) throw new StateError(`the link is cut short (no ${missing.join(', ')})`);
  return out as S;
}

function encode<S>(fields: Fields<S>, s: S): string {
  return (Object.keys(fields) as Array<keyof S>).map((k) => [String(k), ...fields[k].format(s[k])].join('.')).join('_');
}

export interface UrlStateOptions<S> {
  /** the widget's state now */
  get(): S;
  /** puts a (validated) state on screen; must not call changed() back */
  apply(s: S): void;
  /** checks that need several fields at once (a position whose range depends on a mode):
      what is wrong, or null */
  check?(s: S): string | null;
}

/** How long dragging waits before the URL follows (replaceState), so history is not flooded. */
const DRAG_DEBOUNCE_MS = 250;

/** The figure a widget was mounted into, when it is that widget's own figure (not, say, the
    playground inside a challenge, which keeps no state of its own). */
export function ownFigure(host: HTMLElement, widget: string): HTMLElement | null {
  const f = host.closest<HTMLElement>('figure[data-widget]');
  return f && f.dataset.widget === widget ? f : null;
}

export class UrlState<S> {
  readonly key: string;
  private defaults: string;
  private timer = 0;
  private applying = false;
  private note: HTMLElement;
  private status: HTMLElement;
  private fallback: HTMLInputElement;

  constructor(
    private life: Lifecycle,
    private figure: HTMLElement,
    private fields: Fields<S>,
    private opts: UrlStateOptions<S>,
  ) {
    this.key = figure.dataset.testid ?? figure.id.replace(/^demo-/, '');
    this.defaults = encode(fields, opts.get());
    this.note = h('p', { class: 'url-note', role: 'note', 'data-testid': 'url-note', hidden: true });
    this.status = h('span', { class: 'share-status', role: 'status', 'aria-live': 'polite', 'data-testid': 'share-status' });
    this.fallback = h('input', { type: 'text', readonly: true, class: 'share-url', 'aria-label': 'Link to this demo', 'data-testid': 'share-url', hidden: true });
    const copy = h('button', { type: 'button', class: 'btn share-copy', 'data-testid': 'share-copy', onclick: () => void this.copy() }, 'Copy link to this demo');
    // the build reserves the bar (widgets.json "share"), so filling it does not shift the page
    let bar = figure.querySelector<HTMLElement>(':scope > .share-bar');
    if (!bar) {
      bar = h('div', { class: 'share-bar' });
      figure.insertBefore(bar, figure.querySelector('figcaption'));
    }
    bar.replaceChildren(copy, this.status, this.fallback);
    figure.insertBefore(this.note, figure.querySelector('.widget-mount'));
    this.restore(true);
    life.listen(window, 'popstate', () => this.restore(false));
  }

  /** The widget's state changed: 'step' for discrete changes (Back walks them), 'drag' for
      continuous ones (the URL follows after a pause, without new history entries). */
  changed(kind: 'step' | 'drag'): void {
    if (this.applying) return;
    this.life.clear(this.timer);
    if (kind === 'drag') this.timer = this.life.timeout(() => this.write(false), DRAG_DEBOUNCE_MS);
    else this.write(true);
  }

  /** This page's URL with `value` for this figure (null: none), the other figures' state kept. */
  private url(value: string | null, onlyThis = false): URL {
    const u = new URL(location.href);
    if (onlyThis) u.search = '';
    if (value === null) u.searchParams.delete(this.key);
    else u.searchParams.set(this.key, value);
    return u;
  }

  private current(): string | null {
    const v = encode(this.fields, this.opts.get());
    return v === this.defaults ? null : v;
  }

  private write(push: boolean): void {
    const u = this.url(this.current());
    if (u.href === location.href) return;
    this.note.hidden = true; // the unreadable settings are gone from the URL now
    // keep whatever the history entry held (another script's state), only the URL changes
    if (push) history.pushState(history.state, '', u);
    else history.replaceState(history.state, '', u);
  }

  private restore(first: boolean): void {
    this.life.clear(this.timer);
    const raw = new URLSearchParams(location.search).get(this.key);
    let s: S;
    if (raw === null) {
      if (first) return;
      s = decode(this.fields, this.defaults);
    } else {
      try {
        s = decode(this.fields, raw);
        const wrong = this.opts.check?.(s);
        if (wrong) throw new StateError(wrong);
        this.note.hidden = true;
      } catch (e) {
        if (!(e instanceof StateError)) throw e;
        setText(this.note, `This link's settings for this demo could not be read: ${e.message}; showing the defaults.`);
        this.note.hidden = false;
        s = decode(this.fields, this.defaults);
        if (first) return;
      }
    }
    this.applying = true;
    try {
      this.opts.apply(s);
    } finally {
      this.applying = false;
    }
  }

  private async copy(): Promise<void> {
    const u = this.url(this.current(), true);
    u.hash = this.figure.id;
    const href = u.href;
    this.figure.dataset.shareUrl = href;
    try {
      await navigator.clipboard.writeText(href);
      this.fallback.hidden = true;
      setText(this.status, 'Link copied');
    } catch {
      // the clipboard was refused (permissions, an insecure page): show the link to copy by hand
      this.fallback.value = href;
      this.fallback.hidden = false;
      this.fallback.focus();
      this.fallback.select();
      setText(this.status, 'Copy the selected link (the clipboard was not available)');
    }
  }
}
