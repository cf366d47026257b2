// The playground's C entry points (playground/web.inc), typed. The page asks C for everything it
// shows: the scene list, what runs now, the counters; it never keeps a second copy of the rules.

/** One scene, as pg_web_scenes describes it. Counts and cell are 0 where the scene has none. */
export interface SceneInfo {
  id: string;
  title: string;
  source: string;
  about: string;
  keys: string;
  methods: string[];
  defaultMethod: string;
  minCount: number;
  maxCount: number;
  defaultCount: number;
  countStep: number;
  defaultCell: number;
}

/** What runs now and what the last frame cost and found (pg_web_status). */
export interface Status {
  scene: string;
  method: string;
  count: number;
  cell: number;
  seed: number;
  frame: number;
  paused: number;
  running: number;
  frameMs: number;
  collisionMs: number;
  objects: number;
  candidates: number;
  boxTests: number;
  hits: number;
  phases: Array<{ name: string; ms: number }>;
  counters: Array<{ name: string; value: number }>;
  status: string;
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

export type Command =
  | 'pause'
  | 'step'
  | 'restart'
  | 'new-seed'
  | 'next-scene'
  | 'previous-scene'
  | 'next-method'
  | 'more'
  | 'fewer'
  | 'debug'
  | 'graph'
  | 'help';

/** Touch button bits (PG_BTN_* in playground/scene.h). */
export const BUTTONS = { left: 1, right: 2, up: 4, down: 8, jump: 16, action: 32 } as const;

/** The part of the Emscripten module the page uses. */
export interface EmscriptenModule {
  ccall(name: string, ret: 'string' | 'number' | null, argTypes: string[], args: unknown[]): unknown;
}

/** The methods' names for people (pg_method_title in playground/common.c). */
export const METHOD_TITLES: Record<string, string> = {
  brute: 'brute force',
  gridmask: 'grid masks',
  sectors: 'sectors',
  sweep: 'sort and sweep',
};

export class PlaygroundApi {
  constructor(readonly module: EmscriptenModule) {}

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

  command(name: Command): boolean {
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
