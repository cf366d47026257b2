// The playground's C entry points (playground/web.inc), typed. The page asks C for everything it
// shows: the tables (keys, buttons, methods, cell sizes), the scene list, what runs now and the
// counters; it never keeps a second copy of the rules.

/** One scene, as pg_scenes_json describes it. Counts and cell are 0 where the scene has none. */
export interface SceneInfo {
  id: string;
  title: string;
  source: string;
  about: string;
  keys: string;
  methods: string[];
  defaultMethod: string;
  /** The most objects each method is offered with (a frame stays within the budget). */
  methodMaxCount: Record<string, number>;
  minCount: number;
  maxCount: number;
  defaultCount: number;
  countStep: number;
  defaultCell: number;
  /** PG_BTN_* bits the scene reads: the page shows those touch pads. */
  buttons: number;
}

/** A shared key (PG_KEY_LIST in playground/keys.h). */
export interface KeyInfo {
  name: string;
  /** The page's button for it, or null where a control does the same. */
  button: string | null;
  keys: string;
  help: string;
}

/** A game button (PG_BUTTON_LIST in playground/scene.h). */
export interface ButtonInfo {
  bit: number;
  letter: string;
  name: string;
  label: string;
  glyph: string;
  keys: string;
}

/** pg_web_tables: what the page is built from (build-web writes the same, from the native program). */
export interface Tables {
  keys: KeyInfo[];
  buttons: ButtonInfo[];
  methods: Array<{ id: string; title: string }>;
  cells: number[];
  frameBudgetMs: number;
  view: { w: number; h: number; bar: number };
  scenes: SceneInfo[];
}

/** A line of C that ran in the last frame (PG_MARK). */
export interface Mark {
  file: string;
  line: number;
  label: string;
}

/** What runs now and what the last frame cost and found (pg_web_status). */
export interface Status {
  scene: string;
  method: string;
  count: number;
  /** The most objects the running scene offers with this method. */
  maxCount: number;
  cell: number;
  /** The cell sizes this scene, method and count run with (empty: no cell size). */
  cells: number[];
  seed: number;
  frame: number;
  paused: number;
  running: number;
  help: number;
  debug: number;
  graph: number;
  frameMs: number;
  collisionMs: number;
  worstMs: number;
  /** The clock's step in ms, and the decimals that show a single reading and a mean of 30. */
  clockMs: number;
  msDecimals: { frame: number; mean: number };
  objects: number;
  candidates: number;
  boxTests: number;
  hits: number;
  phases: Array<{ name: string; ms: number }>;
  counters: Array<{ name: string; value: number }>;
  marks: Mark[];
  /** An error the core returned in the last frame, in words, or "". */
  status: string;
  /** Why the scene could not start, or "". */
  error: string;
}

/** A configuration: what the URL and the controls describe. */
export interface Config {
  scene: string;
  method: string;
  count: number;
  cell: number;
  seed: number;
}

/** The part of the Emscripten module the page uses. */
export interface EmscriptenModule {
  ccall(name: string, ret: 'string' | 'number' | null, argTypes: string[], args: unknown[]): unknown;
}

export class PlaygroundApi {
  constructor(readonly module: EmscriptenModule) {}

  tables(): Tables {
    return JSON.parse(this.module.ccall('pg_web_tables', 'string', [], []) as string) as Tables;
  }

  scenes(): SceneInfo[] {
    return JSON.parse(this.module.ccall('pg_web_scenes', 'string', [], []) as string) as SceneInfo[];
  }

  status(): Status {
    return JSON.parse(this.module.ccall('pg_web_status', 'string', [], []) as string) as Status;
  }

  /** Starts a configuration (C clamps out-of-range numbers: read the status back). False if the scene is unknown. */
  configure(c: Config): boolean {
    return (
      this.module.ccall('pg_web_configure', 'number', ['string', 'string', 'number', 'number', 'number'], [
        c.scene,
        c.method,
        c.count,
        c.cell,
        c.seed >>> 0,
      ]) !== 0
    );
  }

  /** A shared key's action by its command name (Tables.keys); false if there is none. */
  command(name: string): boolean {
    return this.module.ccall('pg_web_command', 'number', ['string'], [name]) !== 0;
  }

  setButtons(bits: number): void {
    this.module.ccall('pg_web_set_buttons', null, ['number'], [bits >>> 0]);
  }

  /** Runs a scene headless and returns its state hash (16 hex digits) or "error: ...". */
  hash(c: Config, frames: number, script: string): string {
    return this.module.ccall(
      'pg_web_hash',
      'string',
      ['string', 'string', 'number', 'number', 'number', 'number', 'string'],
      [c.scene, c.method, c.count, c.cell, c.seed >>> 0, frames, script],
    ) as string;
  }
}
