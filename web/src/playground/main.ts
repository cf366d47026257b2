// The playground page (/playground/index.html): the canvas the C program draws on, HTML controls
// that configure it through pg_web_configure / pg_web_command, counters read back from
// pg_web_status four times a second, the running scene's C with the lines that ran marked, and
// the configuration in the URL. Controls -> C -> status -> everything shown: the page holds no
// state C does not report, and its keys, buttons, methods and cell sizes are C's tables.
import { h, setText } from '../dom.ts';
import { PlaygroundApi } from './api.ts';
import type { Config, SceneInfo, Status, Tables } from './api.ts';
import { clampNotices, configQuery, readConfig, SEED_MAX } from './config.ts';
import { LoadError, loadPlayground } from './loader.ts';
import { SourcePanel } from './source.ts';

declare global {
  interface Window {
    /** For the browser tests (and the curious): the module's entry points, its tables and scenes. */
    __playground?: { api: PlaygroundApi; tables: Tables; scenes: SceneInfo[]; refresh(): Status };
  }
}

const POLL_MS = 250;

const $ = <T extends HTMLElement>(root: ParentNode, testid: string): T => {
  const el = root.querySelector<T>(`[data-testid="${testid}"]`);
  if (!el) throw new Error(`playground page: no [data-testid="${testid}"]`);
  return el;
};

const num = new Intl.NumberFormat('en-US');
/** A time to the precision the clock gives it (status.msDecimals): never digits it does not have. */
const ms = (v: number, decimals: number): string => v.toFixed(Math.min(decimals, v >= 100 ? 0 : v >= 10 ? 1 : 3));

class PlaygroundPage {
  private readonly main: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly form: HTMLFormElement;
  private readonly scene: HTMLSelectElement;
  private readonly method: HTMLSelectElement;
  private readonly count: HTMLInputElement;
  private readonly cell: HTMLSelectElement;
  private readonly seed: HTMLInputElement;
  private readonly seedError: HTMLElement;
  private readonly notice: HTMLElement;
  private readonly touch: HTMLElement;
  private api: PlaygroundApi | null = null;
  private tables: Tables | null = null;
  private scenes: SceneInfo[] = [];
  private readonly source: SourcePanel;
  private shownScene = '';
  private lastQuery = '';
  private lastStatus: Status | null = null;
  private stderr: string[] = [];
  private buttons = 0;
  private stalled = { frame: -1, since: 0 };

  constructor(main: HTMLElement) {
    this.main = main;
    this.canvas = $(main, 'pg-canvas');
    this.form = $(main, 'pg-controls');
    this.scene = $(main, 'pg-scene');
    this.method = $(main, 'pg-method');
    this.count = $(main, 'pg-count');
    this.cell = $(main, 'pg-cell');
    this.seed = $(main, 'pg-seed');
    this.seedError = $(main, 'pg-seed-error');
    this.notice = $(main, 'pg-notice');
    this.touch = $(main, 'pg-touch');
    this.source = new SourcePanel($(main, 'pg-source'), $(main, 'pg-source-tabs'), main.dataset.sources ?? 'src/');
    this.wireCanvas();
    this.wireControls();
    this.wireTouch();
  }

  // ---- loading -------------------------------------------------------------------------------

  async start(): Promise<void> {
    const progress = $<HTMLProgressElement>(this.main, 'pg-progress');
    const text = $(this.main, 'pg-loading-text');
    setText(text, 'Loading the playground (C compiled to WebAssembly)…');
    const title = document.title;
    try {
      const module = await loadPlayground({
        glue: this.main.dataset.glue ?? 'playground.js',
        wasm: this.main.dataset.wasm ?? 'playground.wasm',
        wasmBytes: Number(this.main.dataset.wasmBytes) || 0,
        canvas: this.canvas,
        onProgress: (loaded, total) => {
          if (total > 0) {
            progress.max = total;
            progress.value = Math.min(loaded, total);
            setText(text, `Loading the playground: ${Math.round((100 * loaded) / total)}% of ${(total / 1048576).toFixed(1)} MB`);
          } else {
            progress.removeAttribute('value'); // indeterminate
            setText(text, `Loading the playground: ${(loaded / 1048576).toFixed(1)} MB`);
          }
        },
        onStderr: (line) => {
          this.stderr.push(line);
          if (this.stderr.length > 20) this.stderr.shift();
          console.warn(line);
        },
      });
      this.api = new PlaygroundApi(module);
    } catch (e) {
      this.failed(e);
      return;
    }
    // SDL_CreateWindow titled the document after the window; the page keeps its own title.
    document.title = title;
    this.tables = this.api.tables();
    this.scenes = this.tables.scenes;
    this.scene.replaceChildren(...this.scenes.map((s) => h('option', { value: s.id }, s.title)));
    window.__playground = { api: this.api, tables: this.tables, scenes: this.scenes, refresh: () => this.refresh() };

    // The link's configuration: what is malformed is said and left out; C clamps the rest.
    const url = readConfig(new URLSearchParams(location.search), this.scenes);
    this.api.configure(url.config);
    const status = this.refresh();
    const sc = this.sceneInfo(status.scene);
    const notes = [...url.notices, ...(sc ? clampNotices(url.asked, status, sc, this.methodTitle(status.method)) : [])];
    if (notes.length) this.showNotice(notes);

    for (const el of [this.scene, this.method, this.count, this.cell, this.seed]) el.disabled = false;
    this.syncControls(status, true);
    $(this.main, 'pg-loading').hidden = true;
    // Ready once C has stepped and drawn a frame: make bench-site times the page to this point.
    const firstFrame = () => {
      if (!this.api) return;
      if (this.api.status().frame < 1) {
        requestAnimationFrame(firstFrame);
        return;
      }
      this.main.dataset.firstFrameMs = String(Math.round(performance.now()));
      this.main.dataset.state = 'ready';
    };
    firstFrame();
    window.setInterval(() => this.refresh(), POLL_MS);
  }

  private failed(e: unknown): void {
    const why = e instanceof LoadError ? e.message : `${(e as Error)?.message ?? String(e)}`;
    console.error(`playground: ${why}`);
    this.main.dataset.state = 'error';
    $(this.main, 'pg-progress').hidden = true;
    const text = $(this.main, 'pg-loading-text');
    text.classList.add('pg-error');
    text.setAttribute('role', 'alert');
    setText(text, `The playground could not start: ${why}.`);
  }

  // ---- reading C's status ----------------------------------------------------------------------

  private sceneInfo(id: string): SceneInfo | undefined {
    return this.scenes.find((s) => s.id === id);
  }

  /** "sort and sweep" for "sweep" (pg_method_title, through the tables); "" for none. */
  private methodTitle(id: string): string {
    return this.tables?.methods.find((m) => m.id === id)?.title ?? '';
  }

  /** Reads the status, shows it, keeps controls and URL in step with it. */
  refresh(): Status {
    const api = this.api;
    if (!api) throw new Error('playground: not loaded');
    const st = api.status();
    this.lastStatus = st;
    const d = this.main.dataset;
    d.scene = st.scene;
    d.method = st.method;
    d.count = String(st.count);
    d.cell = String(st.cell);
    d.seed = String(st.seed);
    d.frame = String(st.frame);
    d.paused = st.paused ? 'true' : 'false';
    this.showStats(st);
    this.syncControls(st, st.scene !== this.shownScene);
    const query = configQuery(st, this.sceneInfo(st.scene));
    if (query !== this.lastQuery) {
      this.lastQuery = query;
      history.replaceState(history.state, '', `${location.pathname}${query}${location.hash}`);
    }
    this.watchdog(st);
    return st;
  }

  private showStats(st: Status): void {
    const set = (key: string, value: number, text: string) => {
      const el = $(this.main, `pg-stat-${key}`);
      el.dataset.value = String(value);
      setText(el, text);
    };
    const { frame, mean } = st.msDecimals;
    set('frameMs', st.frameMs, ms(st.frameMs, mean));
    set('collisionMs', st.collisionMs, ms(st.collisionMs, mean));
    set('worstMs', st.worstMs, ms(st.worstMs, frame));
    set('objects', st.objects, num.format(st.objects));
    set('candidates', st.candidates, num.format(st.candidates));
    set('boxTests', st.boxTests, num.format(st.boxTests));
    set('hits', st.hits, num.format(st.hits));
    this.showList($(this.main, 'pg-phases'), st.phases.map((p) => [`${p.name} ms`, p.ms, ms(p.ms, frame), `pg-phase-${slug(p.name)}`]));
    this.showList($(this.main, 'pg-counters'), st.counters.map((c) => [c.name, c.value, num.format(c.value), `pg-counter-${slug(c.name)}`]));
    const line = $(this.main, 'pg-status');
    const message = st.error || st.status;
    setText(line, message ? `The core says: ${message}` : '');
    line.hidden = message === '';
    line.classList.toggle('is-error', message !== '');
    this.source.mark(st.marks);
  }

  /** Keeps a <dl> of name/value rows, reusing rows so the numbers update in place. */
  private showList(dl: HTMLElement, rows: Array<[string, number, string, string]>): void {
    const key = rows.map((r) => r[3]).join(' ');
    if (dl.dataset.rows !== key) {
      dl.dataset.rows = key;
      dl.replaceChildren(
        ...rows.map(([name, , , testid]) => h('div', { class: 'pg-stat' }, h('dt', {}, name), h('dd', { 'data-testid': testid }))),
      );
    }
    rows.forEach(([, value, text], i) => {
      const dd = dl.querySelectorAll('dd')[i];
      dd.dataset.value = String(value);
      setText(dd, text);
    });
  }

  private watchdog(st: Status): void {
    const now = performance.now();
    if (st.paused || st.frame !== this.stalled.frame || !st.running) {
      this.stalled = { frame: st.frame, since: now };
      return;
    }
    if (now - this.stalled.since > 4000 && document.visibilityState === 'visible' && this.stderr.length) {
      this.showNotice([`The program said: ${this.stderr[this.stderr.length - 1]}`], 'The scene has not advanced for 4 seconds.');
      this.stalled.since = Infinity;
    }
  }

  // ---- controls ------------------------------------------------------------------------------

  /** Shows the status in the controls; `sceneChanged` rebuilds what depends on the scene. */
  private syncControls(st: Status, sceneChanged: boolean): void {
    const sc = this.sceneInfo(st.scene);
    if (!sc) return;
    const focused = document.activeElement;
    if (sceneChanged) {
      this.shownScene = st.scene;
      this.method.replaceChildren(...sc.methods.map((m) => h('option', { value: m }, this.methodTitle(m) || m)));
      this.field('pg-method-field', this.method, sc.methods.length > 0);
      this.field('pg-count-field', this.count, sc.maxCount > 0);
      this.count.min = String(sc.minCount);
      this.count.step = String(sc.countStep || 1);
      setText($(this.main, 'pg-about'), sc.about);
      setText($(this.main, 'pg-keys'), this.keysText(sc));
      let pads = 0;
      for (const pad of this.touch.querySelectorAll<HTMLButtonElement>('[data-bit]')) {
        pad.hidden = (sc.buttons & Number(pad.dataset.bit)) === 0;
        pads += pad.hidden ? 0 : 1;
      }
      this.touch.hidden = pads === 0;
      if (this.touch.hidden) this.setButtons(0);
      this.source.show(sc, sc.methods.length > 0);
    }
    // What the method offers: its count range and, for grids, the cell sizes at this count.
    if (this.count.max !== String(st.maxCount)) {
      this.count.max = String(st.maxCount);
      const with_ = st.maxCount < sc.maxCount && st.method ? ` with ${this.methodTitle(st.method)}` : '';
      setText($(this.main, 'pg-count-range'), sc.maxCount ? `${num.format(sc.minCount)} … ${num.format(st.maxCount)}${with_}` : '');
    }
    const cells = st.cells.join(' ');
    if (this.cell.dataset.cells !== cells) {
      this.cell.dataset.cells = cells;
      this.cell.replaceChildren(...st.cells.map((c) => h('option', { value: c }, `${c} px`)));
      this.field('pg-cell-field', this.cell, st.cells.length > 0);
    }
    if (this.scene.value !== st.scene) this.scene.value = st.scene;
    if (sc.methods.length && this.method.value !== st.method) this.method.value = st.method;
    if (focused !== this.count && this.count.value !== String(st.count)) {
      this.count.value = String(st.count);
      this.count.removeAttribute('aria-invalid');
    }
    if (st.cell && this.cell.value !== String(st.cell)) this.cell.value = String(st.cell);
    if (focused !== this.seed && this.seed.getAttribute('aria-invalid') !== 'true' && this.seed.value !== String(st.seed))
      this.seed.value = String(st.seed);
    const pause = $(this.main, 'pg-cmd-pause');
    pause.setAttribute('aria-pressed', st.paused ? 'true' : 'false');
  }

  /** The keys the canvas takes, from C's table, and the scene's own. */
  private keysText(sc: SceneInfo): string {
    const t = this.tables;
    if (!t) return '';
    const shared = t.keys.map((k) => `${k.keys} ${k.help}`).join(' · ');
    const buttons = t.buttons.filter((b) => sc.buttons & b.bit).map((b) => `${b.keys}: ${b.name}`).join(' · ');
    return [`Keys on the canvas: ${shared}.`, buttons && `Game buttons: ${buttons}.`, sc.keys && `This scene: ${sc.keys}.`].filter(Boolean).join(' ');
  }

  private field(testid: string, control: HTMLInputElement | HTMLSelectElement, on: boolean): void {
    $(this.main, testid).hidden = !on;
    control.disabled = !on;
  }

  private configure(change: Partial<Config>): void {
    const st = this.lastStatus;
    if (!this.api || !st) return;
    const config: Config = { scene: st.scene, method: st.method, count: st.count, cell: st.cell, seed: st.seed, ...change };
    this.api.configure(config);
    const now = this.refresh();
    // C keeps every setting within what the scene offers: say what it changed.
    const sc = this.sceneInfo(now.scene);
    if (sc && now.scene === config.scene && config.count !== now.count && sc.maxCount && config.count > now.maxCount)
      this.showNotice(
        [`${this.methodTitle(now.method) || sc.title} is offered with up to ${num.format(now.maxCount)} objects here, so that a frame stays under ${this.tables?.frameBudgetMs ?? 100} ms: using ${num.format(now.count)}.`],
        'The object count changed:',
      );
  }

  private wireControls(): void {
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.commitCount();
      this.commitSeed();
    });
    this.scene.addEventListener('change', () => {
      const sc = this.sceneInfo(this.scene.value);
      if (sc) this.configure({ scene: sc.id, method: sc.defaultMethod, count: sc.defaultCount, cell: sc.defaultCell });
    });
    this.method.addEventListener('change', () => this.configure({ method: this.method.value }));
    this.cell.addEventListener('change', () => this.configure({ cell: Number(this.cell.value) }));
    this.count.addEventListener('change', () => this.commitCount());
    this.count.addEventListener('blur', () => this.lastStatus && this.syncControls(this.lastStatus, false));
    this.seed.addEventListener('change', () => this.commitSeed());
    this.seed.addEventListener('input', () => {
      // Typing marks a bad seed at once; it is applied on Enter or when the field is left.
      this.checkSeed();
    });
    for (const b of this.main.querySelectorAll<HTMLButtonElement>('[data-command]')) {
      b.addEventListener('click', () => {
        if (!this.api) return;
        this.api.command(b.dataset.command ?? '');
        this.refresh();
      });
    }
    $(this.main, 'pg-copy-link').addEventListener('click', () => void this.copyLink());
  }

  private commitCount(): void {
    const v = this.count.value.trim();
    const n = Number(v);
    const ok = /^\d+$/.test(v) && n >= 1;
    this.count.setAttribute('aria-invalid', String(!ok));
    if (ok && n !== this.lastStatus?.count) this.configure({ count: n });
  }

  /** A seed is a whole number 1 … 2^32-1; anything else is marked and not applied. */
  private checkSeed(): number | null {
    const v = this.seed.value.trim();
    const n = Number(v);
    const ok = /^\d{1,10}$/.test(v) && n >= 1 && n <= SEED_MAX;
    this.seed.setAttribute('aria-invalid', String(!ok));
    this.seedError.hidden = ok;
    if (!ok) setText(this.seedError, `A seed is a whole number from 1 to ${SEED_MAX}.`);
    return ok ? n : null;
  }

  private commitSeed(): void {
    const n = this.checkSeed();
    if (n !== null && n !== this.lastStatus?.seed) this.configure({ seed: n });
  }

  private async copyLink(): Promise<void> {
    const out = $(this.main, 'pg-copy-status');
    const link = location.href;
    try {
      await navigator.clipboard.writeText(link);
      setText(out, 'Link copied.');
    } catch {
      setText(out, `Copy this link: ${link}`);
    }
  }

  private showNotice(lines: string[], title = 'Some of this link’s settings were not used:'): void {
    const close = h('button', { type: 'button', class: 'btn pg-notice-close', 'data-testid': 'pg-notice-close' }, 'Dismiss');
    close.addEventListener('click', () => (this.notice.hidden = true));
    this.notice.replaceChildren(
      h('p', { class: 'pg-notice-title' }, title),
      h('ul', {}, ...lines.map((l) => h('li', {}, l))),
      close,
    );
    this.notice.hidden = false;
  }

  // ---- canvas and touch buttons ------------------------------------------------------------

  private wireCanvas(): void {
    // SDL listens for keys on the canvas only (SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT), and its mouse
    // handler prevents the default, so a click never focuses the canvas by itself.
    this.canvas.addEventListener('pointerdown', () => this.canvas.focus({ preventScroll: true }));
    // SDL prevents Tab's default on its element: without this, Tab could never leave the canvas.
    window.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Tab' && e.target === this.canvas) e.stopImmediatePropagation();
      },
      true,
    );
    // SDL re-reads the canvas's CSS size (and the pixel ratio) on the window's resize event; the
    // canvas also changes size when the page's layout does, so tell it then too.
    let last = '';
    new ResizeObserver(() => {
      const size = `${this.canvas.clientWidth}x${this.canvas.clientHeight}@${devicePixelRatio}`;
      if (size !== last) {
        last = size;
        if (this.api) window.dispatchEvent(new Event('resize'));
      }
    }).observe(this.canvas);
  }

  private setButtons(bits: number): void {
    if (bits === this.buttons) return;
    this.buttons = bits;
    this.touch.dataset.buttons = String(bits);
    this.api?.setButtons(bits);
  }

  private wireTouch(): void {
    for (const pad of this.touch.querySelectorAll<HTMLButtonElement>('[data-bit]')) {
      const bit = Number(pad.dataset.bit);
      const down = () => {
        pad.classList.add('is-held');
        this.setButtons(this.buttons | bit);
      };
      const up = () => {
        pad.classList.remove('is-held');
        this.setButtons(this.buttons & ~bit);
      };
      pad.addEventListener('pointerdown', (e) => {
        e.preventDefault(); // no focus steal, no text selection, no emulated mouse
        try {
          pad.setPointerCapture(e.pointerId); // the button stays held if the finger slides off it
        } catch {
          /* a pointer the browser no longer tracks: hold without capture */
        }
        down();
      });
      pad.addEventListener('pointerup', up);
      pad.addEventListener('pointercancel', up);
      pad.addEventListener('lostpointercapture', up);
      pad.addEventListener('contextmenu', (e) => e.preventDefault());
      // From the keyboard: Space or Enter held on a focused pad holds its button.
      pad.addEventListener('keydown', (e) => {
        if (e.key !== ' ' && e.key !== 'Enter') return;
        e.preventDefault();
        if (!e.repeat) down();
      });
      pad.addEventListener('keyup', (e) => {
        if (e.key === ' ' || e.key === 'Enter') up();
      });
      pad.addEventListener('blur', up);
    }
    window.addEventListener('blur', () => {
      for (const p of this.touch.querySelectorAll('.is-held')) p.classList.remove('is-held');
      this.setButtons(0);
    });
  }
}

const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function boot(): void {
  const main = document.querySelector<HTMLElement>('[data-testid="pg"]');
  if (!main) return;
  void new PlaygroundPage(main).start();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
else boot();
