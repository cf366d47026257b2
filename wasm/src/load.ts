// Loading: find the .wasm, instantiate it, check it, and assemble the API from one file per module.
import { makeAabb, makeCircle } from './aabb.js';
import { makeContact } from './contact.js';
import { makePairs } from './events.js';
import { Core } from './core.js';
import { EarlyoutError, fail } from './errors.js';
import { checkModule } from './exports.js';
import { makeGridmask } from './gridmask.js';
import { bool, COORD_MAX, COORD_MIN, options, show } from './input.js';
import { baseUrl, defaultWasm } from './locate.js';
import { makePixelmask } from './pixelmask.js';
import { makeSectors } from './sectors.js';
import { makeSweep } from './sweep.js';
import { makeQuery } from './query.js';
import { makeTiles } from './tiles.js';
import { makeWorld } from './world.js';
import type { Earlyout, LoadOptions, LoadSyncOptions } from './types.js';

/** @internal The API over a checked instance. */
export function assemble(raw: WebAssembly.Exports, traced: boolean, maxMemory?: number): Earlyout {
  const { x, facts } = checkModule(raw, traced);
  const core = new Core(x, facts, maxMemory);
  const aabbSite = { hint: 0 };
  return Object.freeze({
    traced,
    limits: Object.freeze({ coordMin: COORD_MIN, coordMax: COORD_MAX }),
    gridmask: makeGridmask(core),
    aabb: makeAabb(core, aabbSite),
    circle: makeCircle(core),
    sectors: makeSectors(core),
    sweep: makeSweep(core),
    pixelmask: makePixelmask(core),
    tiles: makeTiles(core),
    query: makeQuery(core),
    contact: makeContact(core),
    pairs: makePairs(core),
    world: makeWorld(core),
    heapUsed: () => core.heapUsed(),
    heapStats: () => core.heapStats(),
    trace: <T>(fn: () => T, maxSteps?: number) => core.trace(fn, maxSteps),
  });
}

/** @internal */
export interface ReadLoadOptions { traced: boolean; wasm: unknown; maxMemory: number | undefined }
/** @internal */
export function readLoadOptions(o: unknown): ReadLoadOptions {
  const v = options('options', o, ['traced', 'wasm', 'maxMemory'] as const);
  if (v.maxMemory !== undefined && typeof v.maxMemory !== 'number') fail(`options.maxMemory must be a number of bytes, got ${show(v.maxMemory)}`);
  return { traced: bool('options.traced', v.traced), wasm: v.wasm, maxMemory: v.maxMemory as number | undefined };
}

const isBytes = (v: unknown): v is BufferSource => v instanceof ArrayBuffer || ArrayBuffer.isView(v);

/** A module of one function, (v128.const 0) i8x16.popcnt: valid where the engine runs wasm SIMD. */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 24, 1, 22, 0, 253, 12,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 253, 98, 11]);
let simd: boolean | null = null;
/** @internal Whether the engine runs wasm SIMD: then the default fast module is earlyout-simd.wasm
    (the same answers; its area counting uses i8x16.popcnt), or earlyout.wasm where that file is
    missing; else earlyout.wasm. */
export function wasmSimd(): boolean {
  if (simd === null) {
    try {
      simd = WebAssembly.validate(SIMD_PROBE);
    } catch {
      simd = false;
    }
  }
  return simd;
}

async function wasmBytes(traced: boolean, source: unknown): Promise<BufferSource> {
  if (isBytes(source)) return source;
  let url: URL | null;
  if (source === undefined) {
    const simdUrl = !traced && wasmSimd() ? defaultWasm(false, true) : null;
    url = defaultWasm(traced, false);
    if (url === null)
      throw new EarlyoutError('EO_JS_LOAD', `cannot locate ${traced ? 'earlyout-trace.wasm' : 'earlyout.wasm'}: this build of the loader has no ` +
        'import.meta.url (an IIFE or CommonJS bundle?). Pass loadEarlyout({ wasm }) the bytes or a URL (import the .wasm ' +
        'with your bundler\'s file loader), or use \'earlyout/inline\', which needs no file');
    if (simdUrl !== null) {
      try {
        return await bytesAt(simdUrl);
      } catch (e) {
        if (!(e instanceof EarlyoutError)) throw e; // not there (copied without it?): the plain build
      }
    }
  } else if (source instanceof URL) url = source;
  else if (typeof source === 'string') {
    try {
      url = new URL(source, typeof location !== 'undefined' ? location.href : baseUrl());
    } catch {
      throw new EarlyoutError('EO_JS_LOAD', `wasm: cannot make a URL of ${JSON.stringify(source)}`);
    }
  } else return fail(`wasm must be the module's bytes, a URL or a string, got ${show(source)}`);
  return bytesAt(url);
}

async function bytesAt(url: URL): Promise<BufferSource> {
  if (url.protocol === 'file:') {
    // Node (or Deno): read from disk. The module name is a variable so bundlers for the
    // browser leave this import alone.
    const fsName = 'node:fs/promises';
    const fs = (await import(/* @vite-ignore */ /* webpackIgnore: true */ fsName)) as { readFile(u: URL): Promise<Uint8Array> };
    try {
      return (await fs.readFile(url)) as Uint8Array<ArrayBuffer>;
    } catch (e) {
      throw new EarlyoutError('EO_JS_LOAD', `could not read ${url.href} (${(e as { code?: string }).code ?? (e as Error).message}): ` +
        'copy the .wasm next to your bundle, pass loadEarlyout({ wasm }) its bytes or URL, or use \'earlyout/inline\'');
    }
  }
  let response: Response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new EarlyoutError('EO_JS_LOAD', `could not load ${url.href}: ${(e as Error).message}`);
  }
  if (!response.ok) throw new EarlyoutError('EO_JS_LOAD', `could not load ${url.href}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Loads the fast module, or the traced one with { traced: true }. */
export async function loadEarlyout(options: LoadOptions = {}): Promise<Earlyout> {
  const o = readLoadOptions(options);
  const bytes = await wasmBytes(o.traced, o.wasm);
  let instance: WebAssembly.Instance;
  try {
    ({ instance } = await WebAssembly.instantiate(bytes, {}));
  } catch (e) {
    throw new EarlyoutError('EO_JS_LOAD', `the .wasm could not be instantiated: ${(e as Error).message}`);
  }
  return assemble(instance.exports, o.traced, o.maxMemory);
}

/** Loads synchronously from the module's bytes (browsers compile up to 8 MB this way on the main
    thread; wasm/API.md gives the module's size). */
export function loadEarlyoutSync(options: LoadSyncOptions): Earlyout {
  const o = readLoadOptions(options);
  if (!isBytes(o.wasm)) fail('loadEarlyoutSync needs { wasm: the .wasm bytes } (or import it from \'earlyout/inline\', which has them)');
  return instantiateSync(o.wasm, o.traced, o.maxMemory);
}

/** @internal */
export function instantiateSync(bytes: BufferSource, traced: boolean, maxMemory?: number): Earlyout {
  let instance: WebAssembly.Instance;
  try {
    instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {});
  } catch (e) {
    throw new EarlyoutError('EO_JS_LOAD', `the .wasm could not be instantiated: ${(e as Error).message}`);
  }
  return assemble(instance.exports, traced, maxMemory);
}
