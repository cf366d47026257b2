// Kept progress: the graded tasks a learner solved, remembered in this browser (localStorage, one
// versioned key holding { v: 1, solved: ["<lesson>/<figure>/<task>", ...] }) and shown as ticks
// near each task and on the home page's lesson cards. Storage may be disabled, full or hold junk:
// then nothing is remembered, and nothing breaks.
import { h, setText } from './dom.ts';

export const PROGRESS_KEY = 'earlyout.progress.v1';

function load(): Set<string> {
  try {
    const raw = localStorage.getItem(PROGRESS_KEY);
    if (raw === null) return new Set();
    const data = JSON.parse(raw) as { v?: unknown; solved?: unknown };
    if (data.v !== 1 || !Array.isArray(data.solved)) return new Set();
    return new Set(data.solved.filter((t): t is string => typeof t === 'string' && t.length < 200));
  } catch {
    return new Set();
  }
}

function save(solved: Set<string>): void {
  try {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify({ v: 1, solved: [...solved].sort() }));
  } catch {
    // disabled or full storage: the tick stays for this visit only
  }
}

/** "<lesson>/<figure>/<task>" for a task inside a lesson's figure, or null outside one. */
function taskKey(el: Element, task: string): string | null {
  const figure = el.closest<HTMLElement>('figure[data-widget]');
  const lesson = el.closest<HTMLElement>('main[data-lesson]')?.dataset.lesson;
  if (!figure || !lesson) return null;
  return `${lesson}/${figure.dataset.testid ?? figure.id}/${task}`;
}

/** A tick beside a task: shown when it was solved, now or on an earlier visit. `task` names it
    within its figure ("task" for a figure with one task; see "tasks" in web/widgets.json). */
export class TaskTick {
  readonly root: HTMLElement;
  private key: string | null = null;
  private saved = false;

  constructor(private task = 'task') {
    this.root = h('p', { class: 'task-tick', 'data-testid': `task-tick-${task}`, hidden: true });
    // widgets are built, then put in the page: the key comes from the figure and lesson around it
    queueMicrotask(() => this.attach());
  }

  private attach(): void {
    this.key = taskKey(this.root, this.task);
    if (this.key && load().has(this.key)) this.show('Solved on an earlier visit (kept in this browser).');
  }

  solved(): void {
    if (this.saved) return; // drag handlers report the same solution many times a second
    if (!this.key) this.key = taskKey(this.root, this.task);
    if (!this.key) return;
    const all = load();
    all.add(this.key);
    save(all);
    this.saved = true;
    this.show('Solved (kept in this browser: the home page ticks it too).');
  }

  private show(text: string): void {
    this.root.hidden = false;
    this.root.dataset.solved = 'true';
    setText(this.root, `✓ ${text}`);
  }
}

/** The home page: each lesson card lists its tasks (data-tasks, from the build); says how many
    are solved, in words, with a tick per solved task. */
export function showProgress(root: ParentNode = document): void {
  const solved = load();
  for (const card of root.querySelectorAll<HTMLElement>('[data-tasks]')) {
    const tasks = (card.dataset.tasks ?? '').split(' ').filter(Boolean);
    const out = card.querySelector<HTMLElement>('.lesson-progress');
    if (!out || tasks.length === 0) continue;
    const done = tasks.filter((t) => solved.has(t)).length;
    card.dataset.solved = String(done);
    const ticks = tasks.map((t) => (solved.has(t) ? '✓' : '○')).join('');
    out.replaceChildren(
      h('span', { class: 'lesson-ticks', 'aria-hidden': 'true' }, ticks),
      ` ${done} of ${tasks.length} task${tasks.length === 1 ? '' : 's'} solved`,
    );
  }
}
