// earlyout: the collision core compiled to WebAssembly, for games (fast module) and for
// lessons (traced module, which also records each step of the C code with its source line).
//
//   import { loadEarlyout, LAYOUT_16 } from 'earlyout';
//   const eo = await loadEarlyout();
//   const a = eo.gridmask.build(LAYOUT_16, 'span', { x: 10, y: 40, w: 16, h: 16 });
//
// Works in browsers and in Node (no network fetch under Node: the .wasm is read from disk).
// The module holds no collision logic of its own: every answer comes from the C core. This file
// only validates arguments, copies them into wasm memory and reads results back.

export interface Box { x: number; y: number; w: number; h: number }
export interface GridmaskLayout {
  bits: 8 | 16 | 32;
  cellShiftX: number;
  cellShiftY: number;
  screenW: number;
  screenH: number;
}
export type GridmaskMethod = 'span' | 'endpoints';
export type GridmaskVerdict = 'maybe' | 'apart-x' | 'apart-y';
export interface TraceStep { event: string; module: string; line: number; a: number; b: number }
export interface Traced<T> { result: T; steps: TraceStep[]; stepsLost: number; counters: Record<string, number> }

/** 256x192 screen, 64-px cells, 4x3: X in the low nibble, Y in the high nibble. */
export const LAYOUT_8: Readonly<GridmaskLayout> = Object.freeze({ bits: 8, cellShiftX: 6, cellShiftY: 6, screenW: 256, screenH: 192 });
/** 256x192 screen, 32-px cells, 8x6, as the MSX Game Library: X byte low, Y byte high. */
export const LAYOUT_16: Readonly<GridmaskLayout> = Object.freeze({ bits: 16, cellShiftX: 5, cellShiftY: 5, screenW: 256, screenH: 192 });
/** 1024x768 screen, 64-px cells, 16x12: X in the low 16 bits, Y in the high 16. */
export const LAYOUT_32: Readonly<GridmaskLayout> = Object.freeze({ bits: 32, cellShiftX: 6, cellShiftY: 6, screenW: 1024, screenH: 768 });

/** Thrown for every bad argument. `code` is the core's result name (EO_ERR_...) or EO_JS_BAD_ARGUMENT. */
export class EarlyoutError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'EarlyoutError';
    this.code = code;
  }
}

export interface LoadOptions {
  /** Load the traced module (teaching hooks on). Default false. */
  traced?: boolean;
  /** The .wasm bytes, or where to find them. Default: next to this module. */
  wasm?: BufferSource | URL | string;
}

export interface GridmaskApi {
  /** Columns and rows of a layout. */
  cells(layout: GridmaskLayout): { cols: number; rows: number };
  /** The mask of one box, as an unsigned 32-bit number. */
  build(layout: GridmaskLayout, method: GridmaskMethod, box: Box): number;
  /** Masks of many boxes given as x, y, w, h per box; `out` is reused when given. */
  buildMany(layout: GridmaskLayout, method: GridmaskMethod, boxes: Int16Array, out?: Uint32Array): Uint32Array;
  /** X field first, then Y: 'apart-x' and 'apart-y' eliminate the pair, 'maybe' does not. */
  test(layout: GridmaskLayout, a: number, b: number): GridmaskVerdict;
  /** Pairs (i < j, i ascending then j) not eliminated; pairs holds a, b per pair. */
  findCandidates(layout: GridmaskLayout, masks: Uint32Array, out?: Uint16Array): { count: number; pairs: Uint16Array };
}

export interface Earlyout {
  /** True for the traced module. */
  readonly traced: boolean;
  readonly gridmask: GridmaskApi;
  /** Runs fn with the teaching hooks on and returns its steps and counters (traced module only). */
  trace<T>(fn: () => T, maxSteps?: number): Traced<T>;
}

interface Exports {
  memory: WebAssembly.Memory;
  __heap_base: WebAssembly.Global;
  _initialize?: () => void;
  eo_wasm_abi(what: number): number;
  eo_result_name(r: number): number;
  eo_event_name(e: number): number;
  eo_counter_name(c: number): number;
  eo_hooks_init(hooks: number, steps: number, capacity: number): void;
  eo_gridmask_layout_check(layout: number): number;
  eo_gridmask_prepare(layout: number, grid: number): number;
  eo_gridmask_build(layout: number, method: number, box: number, out: number, hooks: number): number;
  eo_gridmask_build_many(layout: number, method: number, boxes: number, count: number, masks: number, hooks: number): number;
  eo_gridmask_test(layout: number, a: number, b: number, hooks: number): number;
  eo_gridmask_find_candidates(layout: number, masks: number, count: number, pairs: number, capacity: number,
                              count_out: number, hooks: number): number;
}

// Struct layouts the code below relies on; checked against the module at load time.
const ABI = { version: 1, box: 8, layout: 8, pair: 4, step: 12, hooksStepCount: 6, hooksStepsLost: 8, hooksCounters: 12,
              stepA: 4, layoutScreenW: 4, grid: 18, gridLastCol: 13, gridLastRow: 17 };
const MODULE_NAMES: Record<number, string> = { 1: 'gridmask' };
/** 'EO_COUNTER_SECTORS_BOX_TESTS' -> 'sectors.box_tests' */
function counterKey(name: string): string {
  const m = /^EO_COUNTER_([A-Z0-9]+)_(.+)$/.exec(name);
  return m ? `${m[1].toLowerCase()}.${m[2].toLowerCase()}` : name;
}
const VERDICTS: Record<number, GridmaskVerdict> = { 0: 'maybe', 1: 'apart-x', 2: 'apart-y' };
const MAX_COUNT = 65535;

function fail(message: string): never {
  throw new EarlyoutError('EO_JS_BAD_ARGUMENT', message);
}

function checkInt(name: string, v: unknown, lo: number, hi: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi)
    fail(`${name} must be an integer from ${lo} to ${hi}, got ${String(v)}`);
  return v;
}

function checkBox(name: string, box: unknown): Box {
  if (box === null || typeof box !== 'object') fail(`${name} must be an object { x, y, w, h }`);
  const b = box as Record<string, unknown>;
  for (const k of ['x', 'y', 'w', 'h']) checkInt(`${name}.${k}`, b[k], -32768, 32767);
  return b as unknown as Box;
}

function checkTyped<T extends ArrayBufferView>(name: string, v: unknown, ctor: { new (n: number): T; name: string }): T {
  if (!(v instanceof (ctor as unknown as typeof Int16Array))) fail(`${name} must be a ${ctor.name}`);
  if (isDetached((v as unknown as Int16Array).buffer)) fail(`${name} is backed by a detached ArrayBuffer`);
  return v as unknown as T;
}

function isDetached(buffer: ArrayBufferLike): boolean {
  const b = buffer as ArrayBuffer & { detached?: boolean };
  if (typeof b.detached === 'boolean') return b.detached;
  try { new Uint8Array(buffer); return false; } catch { return true; }
}

async function wasmBytes(traced: boolean, source?: BufferSource | URL | string): Promise<BufferSource> {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  const url = source === undefined
    ? new URL(traced ? './earlyout-trace.wasm' : './earlyout.wasm', import.meta.url)
    : source instanceof URL ? source : new URL(source, typeof location !== 'undefined' ? location.href : import.meta.url);
  if (url.protocol === 'file:') {
    // Node (or Deno): read from disk. The module name is a variable so bundlers for the
    // browser leave this import alone.
    const fsName = 'node:fs/promises';
    const fs = (await import(/* @vite-ignore */ fsName)) as { readFile(u: URL): Promise<Uint8Array<ArrayBuffer>> };
    return fs.readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new EarlyoutError('EO_JS_LOAD', `could not load ${url.href}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Loads the fast module, or the traced one with { traced: true }. */
export async function loadEarlyout(options: LoadOptions = {}): Promise<Earlyout> {
  const traced = options.traced === true;
  const { instance } = await WebAssembly.instantiate(await wasmBytes(traced, options.wasm), {});
  return new Core(instance.exports as unknown as Exports, traced);
}

class Core implements Earlyout {
  readonly traced: boolean;
  readonly gridmask: GridmaskApi;
  private readonly x: Exports;
  private readonly heapBase: number;
  private top: number;
  private hooks = 0; // pointer to an eo_hooks while trace() runs, else 0

  constructor(exports: Exports, traced: boolean) {
    this.x = exports;
    exports._initialize?.();
    const abi = (i: number) => exports.eo_wasm_abi(i);
    const got = { version: abi(0), box: abi(1), layout: abi(2), pair: abi(3), step: abi(4), hooksStepCount: abi(6),
                  hooksStepsLost: abi(7), hooksCounters: abi(8), stepA: abi(9), layoutScreenW: abi(12),
                  grid: abi(13), gridLastCol: abi(14), gridLastRow: abi(15) };
    for (const k of Object.keys(ABI) as (keyof typeof ABI)[])
      if (got[k] !== ABI[k]) throw new EarlyoutError('EO_JS_ABI', `wasm module ABI mismatch: ${k} is ${got[k]}, expected ${ABI[k]}`);
    if ((abi(11) === 1) !== traced)
      throw new EarlyoutError('EO_JS_ABI', traced ? 'this .wasm is the fast build, not the traced one' : 'this .wasm is the traced build; pass { traced: true }');
    this.traced = traced;
    this.heapBase = (exports.__heap_base.value as number + 15) & ~15;
    this.top = this.heapBase;
    this.gridmask = this.makeGridmask();
  }

  // ---- wasm memory: a bump allocator over the heap, reset after every call ----------------
  private alloc(bytes: number): number {
    const p = this.top;
    this.top = (this.top + bytes + 15) & ~15;
    const need = this.top - this.x.memory.buffer.byteLength;
    if (need > 0) this.x.memory.grow(Math.ceil(need / 65536));
    return p;
  }
  private scoped<T>(fn: () => T): T {
    const mark = this.top;
    try { return fn(); } finally { this.top = mark; }
  }
  private get u8() { return new Uint8Array(this.x.memory.buffer); }
  private get dv() { return new DataView(this.x.memory.buffer); }
  private cString(p: number): string {
    const u8 = this.u8;
    let end = p;
    while (u8[end] !== 0) end++;
    return new TextDecoder().decode(u8.subarray(p, end));
  }
  private check(r: number, what: string): void {
    if (r !== 0) {
      const name = this.cString(this.x.eo_result_name(r));
      throw new EarlyoutError(name, `${what}: ${name}`);
    }
  }

  /** Writes the layout into wasm memory and returns a prepared eo_gridmask_grid. */
  private putLayout(layout: GridmaskLayout): number {
    if (layout === null || typeof layout !== 'object') fail('layout must be a GridmaskLayout object');
    const bits = checkInt('layout.bits', layout.bits, 0, 255);
    const p = this.alloc(ABI.layout);
    const dv = this.dv;
    dv.setUint8(p, bits);
    dv.setUint8(p + 1, checkInt('layout.cellShiftX', layout.cellShiftX, 0, 255));
    dv.setUint8(p + 2, checkInt('layout.cellShiftY', layout.cellShiftY, 0, 255));
    dv.setUint8(p + 3, 0);
    dv.setInt16(p + ABI.layoutScreenW, checkInt('layout.screenW', layout.screenW, -32768, 32767), true);
    dv.setInt16(p + ABI.layoutScreenW + 2, checkInt('layout.screenH', layout.screenH, -32768, 32767), true);
    const grid = this.alloc(ABI.grid);
    this.check(this.x.eo_gridmask_prepare(p, grid), 'invalid layout');
    return grid;
  }

  private method(m: unknown): number {
    if (m === 'span') return 0;
    if (m === 'endpoints') return 1;
    return fail(`method must be 'span' or 'endpoints', got ${String(m)}`);
  }

  private makeGridmask(): GridmaskApi {
    const x = this.x;
    return {
      cells: (layout) => this.scoped(() => {
        const grid = this.putLayout(layout);
        return { cols: this.u8[grid + ABI.gridLastCol] + 1, rows: this.u8[grid + ABI.gridLastRow] + 1 };
      }),
      build: (layout, method, box) => this.scoped(() => {
        const l = this.putLayout(layout);
        const m = this.method(method);
        const b = checkBox('box', box);
        const p = this.alloc(ABI.box + 4);
        const dv = this.dv;
        dv.setInt16(p, b.x, true); dv.setInt16(p + 2, b.y, true);
        dv.setInt16(p + 4, b.w, true); dv.setInt16(p + 6, b.h, true);
        this.check(x.eo_gridmask_build(l, m, p, p + ABI.box, this.hooks), 'gridmask.build');
        return this.dv.getUint32(p + ABI.box, true);
      }),
      buildMany: (layout, method, boxes, out) => this.scoped(() => {
        const l = this.putLayout(layout);
        const m = this.method(method);
        checkTyped('boxes', boxes, Int16Array);
        if (boxes.length % 4 !== 0) fail(`boxes must hold x, y, w, h per box: length ${boxes.length} is not a multiple of 4`);
        const n = boxes.length / 4;
        if (n > MAX_COUNT) fail(`at most ${MAX_COUNT} boxes, got ${n}`);
        if (out !== undefined) {
          checkTyped('out', out, Uint32Array);
          if (out.length < n) fail(`out has room for ${out.length} masks, ${n} needed`);
        }
        const pb = this.alloc(n * ABI.box);
        const pm = this.alloc(n * 4);
        new Int16Array(x.memory.buffer, pb, n * 4).set(boxes);
        this.check(x.eo_gridmask_build_many(l, m, pb, n, pm, this.hooks), 'gridmask.buildMany');
        const result = out ?? new Uint32Array(n);
        result.set(new Uint32Array(x.memory.buffer, pm, n));
        return result;
      }),
      test: (layout, a, b) => this.scoped(() => {
        const l = this.putLayout(layout);
        checkInt('a', a, 0, 0xFFFFFFFF);
        checkInt('b', b, 0, 0xFFFFFFFF);
        const v = x.eo_gridmask_test(l, a | 0, b | 0, this.hooks);
        return VERDICTS[v] ?? fail(`layout rejected by the core (verdict ${v})`);
      }),
      findCandidates: (layout, masks, out) => this.scoped(() => {
        const l = this.putLayout(layout);
        checkTyped('masks', masks, Uint32Array);
        const n = masks.length;
        if (n > MAX_COUNT) fail(`at most ${MAX_COUNT} masks, got ${n}`);
        if (out !== undefined) checkTyped('out', out, Uint16Array);
        const pm = this.alloc(n * 4);
        new Uint32Array(x.memory.buffer, pm, n).set(masks);
        const pc = this.alloc(4);
        // First pass counts, second fills a buffer of exactly the right size.
        let r = x.eo_gridmask_find_candidates(l, pm, n, 0, 0, pc, this.hooks);
        if (r !== 0 && r !== 4) this.check(r, 'gridmask.findCandidates');
        const count = this.dv.getUint32(pc, true);
        const pp = this.alloc(count * ABI.pair);
        if (count > 0) {
          // The counting pass already went through the hooks; don't record the pairs twice.
          r = x.eo_gridmask_find_candidates(l, pm, n, pp, count, pc, 0);
          this.check(r, 'gridmask.findCandidates');
        }
        const pairs = out !== undefined && out.length >= count * 2 ? out : new Uint16Array(count * 2);
        pairs.set(new Uint16Array(x.memory.buffer, pp, count * 2));
        return { count, pairs };
      }),
    };
  }

  trace<T>(fn: () => T, maxSteps = 4096): Traced<T> {
    if (!this.traced) throw new EarlyoutError('EO_JS_NOT_TRACED', 'trace() needs the traced module: loadEarlyout({ traced: true })');
    if (this.hooks !== 0) throw new EarlyoutError('EO_JS_BAD_ARGUMENT', 'trace() calls cannot be nested');
    checkInt('maxSteps', maxSteps, 1, 65535);
    const mark = this.top;
    const hooks = this.alloc(ABI.hooksCounters + 4 * this.x.eo_wasm_abi(10));
    const steps = this.alloc(maxSteps * ABI.step);
    this.x.eo_hooks_init(hooks, steps, maxSteps);
    this.hooks = hooks;
    try {
      // Calls made inside fn allocate above our buffers and release back to this point.
      const result = fn();
      const dv = this.dv;
      const count = dv.getUint16(hooks + ABI.hooksStepCount, true);
      const out: TraceStep[] = [];
      for (let i = 0; i < count; i++) {
        const s = steps + i * ABI.step;
        out.push({
          event: this.cString(this.x.eo_event_name(dv.getUint8(s))),
          module: MODULE_NAMES[dv.getUint8(s + 1)] ?? `module-${dv.getUint8(s + 1)}`,
          line: dv.getUint16(s + 2, true),
          a: dv.getInt32(s + ABI.stepA, true),
          b: dv.getInt32(s + ABI.stepA + 4, true),
        });
      }
      const counters: Record<string, number> = {};
      for (let c = 0; c < this.x.eo_wasm_abi(10); c++) {
        const name = this.cString(this.x.eo_counter_name(c));
        counters[counterKey(name)] = dv.getUint32(hooks + ABI.hooksCounters + 4 * c, true);
      }
      return { result, steps: out, stepsLost: dv.getUint16(hooks + ABI.hooksStepsLost, true), counters };
    } finally {
      this.hooks = 0;
      this.top = mark;
    }
  }
}
