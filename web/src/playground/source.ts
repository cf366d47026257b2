// The running scene's C beside the canvas: the scene's file open at its step function (the one the
// platform calls every frame), a tab for each other file whose lines ran in the last frame (the
// broadphase the scene uses is in broadphase.c), and those lines marked with what ran there. The
// marks come from C (PG_MARK, in pg_web_status): the page never guesses what ran.
import { SourceView } from '../csource.ts';
import { h, setText } from '../dom.ts';
import type { Mark, SceneInfo } from './api.ts';

/** The 1-based line of the scene's step function: `.step = NAME` in its pg_scene, then the line
    that defines NAME. 0 if the file has none. */
export function stepLine(source: string): number {
  const name = /\.step\s*=\s*([A-Za-z_]\w*)/.exec(source)?.[1];
  if (!name) return 0;
  const def = new RegExp(`^static\\s+void\\s+${name}\\s*\\(`);
  return source.split('\n').findIndex((l) => def.test(l)) + 1;
}

export class SourcePanel {
  private readonly texts = new Map<string, Promise<string>>();
  private views = new Map<string, SourceView>();
  private scene: SceneInfo | null = null;
  private files: string[] = [];
  private shown = '';
  private marks: Mark[] = [];
  private marksKey = '';
  private asked = 0; // the last open() asked for: an earlier one that finishes later gives way

  /** `base`: the folder the C files are served from (build-web copies playground/*.c there). */
  constructor(
    private readonly host: HTMLElement,
    private readonly tabs: HTMLElement,
    private readonly base: string,
  ) {}

  /** Shows a scene's file, open at its step function; `broadphase` adds broadphase.c's tab. */
  show(scene: SceneInfo, broadphase: boolean): void {
    if (this.scene?.id === scene.id) return;
    this.scene = scene;
    this.views = new Map();
    this.files = broadphase ? [scene.source, 'broadphase.c'] : [scene.source];
    this.host.dataset.scene = scene.id;
    this.marksKey = '';
    this.renderTabs();
    void this.open(scene.source);
  }

  /** The lines of C that ran in the last frame: marked in the file shown, counted on the tabs. */
  mark(marks: Mark[]): void {
    const key = marks.map((m) => `${m.file}:${m.line}:${m.label}`).join('|');
    if (key === this.marksKey) return;
    this.marksKey = key;
    this.marks = marks;
    for (const m of marks) if (this.scene && !this.files.includes(m.file)) this.files.push(m.file);
    this.renderTabs();
    const view = this.views.get(this.shown);
    if (view) this.paint(this.shown, view);
  }

  private renderTabs(): void {
    const buttons = this.files.map((file) => {
      const ran = this.marks.filter((m) => m.file === file).length;
      const b = h(
        'button',
        {
          type: 'button',
          role: 'tab',
          class: 'pg-source-tab',
          id: `pg-tab-${file.replace(/\W/g, '-')}`,
          'aria-selected': file === this.shown ? 'true' : 'false',
          'aria-controls': 'pg-source-panel',
          'data-testid': `pg-source-tab-${file}`,
          'data-ran': ran,
        },
        file,
        ran ? h('span', { class: 'pg-source-tab-ran', title: `${ran} line${ran > 1 ? 's' : ''} ran in the last frame` }, `${ran} ran`) : null,
      );
      b.addEventListener('click', () => void this.open(file));
      return b;
    });
    this.tabs.replaceChildren(...buttons);
    this.tabs.hidden = this.files.length < 2;
  }

  private text(file: string): Promise<string> {
    let t = this.texts.get(file);
    if (!t) {
      t = fetch(`${this.base}${file}`).then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.text();
      });
      this.texts.set(file, t);
      t.catch(() => this.texts.delete(file));
    }
    return t;
  }

  private async open(file: string): Promise<void> {
    const scene = this.scene;
    if (!scene) return;
    const ask = ++this.asked;
    this.shown = file;
    this.renderTabs();
    this.host.setAttribute('aria-busy', 'true');
    this.host.id = 'pg-source-panel';
    this.host.setAttribute('role', 'tabpanel');
    this.host.setAttribute('aria-labelledby', `pg-tab-${file.replace(/\W/g, '-')}`);
    try {
      const source = await this.text(file);
      if (ask !== this.asked) return; // something else was asked for meanwhile
      let view = this.views.get(file);
      const fresh = !view;
      if (!view) {
        view = new SourceView(source, `playground/${file}`, 'pg-source-view', 'the file this scene runs');
        this.views.set(file, view);
      }
      this.host.replaceChildren(view.root);
      this.host.dataset.ready = scene.id;
      this.host.dataset.file = file;
      this.paint(file, view);
      if (fresh) this.openAt(view, file === scene.source ? stepLine(source) : (this.marks.find((m) => m.file === file)?.line ?? 0));
    } catch (e) {
      if (ask !== this.asked) return;
      this.host.replaceChildren(h('p', { class: 'pg-error', role: 'alert' }, `playground/${file} could not be loaded (${(e as Error).message}).`));
    } finally {
      this.host.removeAttribute('aria-busy');
    }
  }

  /** Scrolls the file so `line` is near the top of its box (a few lines of context above it). */
  private openAt(view: SourceView, line: number): void {
    const scroller = view.root.querySelector<HTMLElement>('.src-scroll');
    const rows = view.root.querySelectorAll<HTMLElement>('.src-line');
    const row = rows[Math.max(0, line - 3)];
    view.root.dataset.openLine = String(line);
    if (scroller && row && line > 0) scroller.scrollTop = row.offsetTop - rows[0].offsetTop;
  }

  private paint(file: string, view: SourceView): void {
    const rows = view.root.querySelectorAll<HTMLElement>('.src-line');
    for (const row of view.root.querySelectorAll<HTMLElement>('.src-line.pg-ran')) {
      row.classList.remove('pg-ran');
      row.querySelector('.pg-ran-note')?.remove();
    }
    const here = this.marks.filter((m) => m.file === file);
    for (const m of here) {
      const row = rows[m.line - 1];
      if (!row) continue;
      row.classList.add('pg-ran');
      let note = row.querySelector<HTMLElement>('.pg-ran-note');
      if (!note) {
        note = h('span', { class: 'pg-ran-note', 'data-testid': 'pg-ran-note' });
        row.appendChild(note);
      }
      setText(note, note.textContent ? `${note.textContent}; ${m.label}` : m.label);
    }
    view.root.dataset.ran = here.map((m) => m.line).join(' ');
  }
}
