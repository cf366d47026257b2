// earlyout/inline: the same API with the fast module's bytes inside the JavaScript (base64), so
// nothing needs copying next to a bundle, and loadEarlyoutSync() works without an argument.
//   import { loadEarlyoutSync } from 'earlyout/inline';
//   const eo = loadEarlyoutSync();
import wasmBase64 from 'earlyout:inline-wasm';
import { EarlyoutError } from './errors.js';
import { assemble, instantiateSync, loadEarlyout as loadFrom, readLoadOptions } from './load.js';
import type { Earlyout, LoadOptions, LoadSyncOptions } from './types.js';

export * from './earlyout.js';

let bytes: Uint8Array<ArrayBuffer> | null = null;
function inlined(): Uint8Array<ArrayBuffer> {
  if (bytes === null) {
    const s = atob(wasmBase64);
    bytes = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  }
  return bytes;
}
const fastOnly = () => new EarlyoutError('EO_JS_LOAD', 'earlyout/inline carries the fast module only: pass { traced: true, wasm: <earlyout-trace.wasm bytes> }');

/** Loads the inlined fast module synchronously (or the bytes given in options.wasm). */
export function loadEarlyoutSync(options: LoadSyncOptions = {}): Earlyout {
  const o = readLoadOptions(options);
  if (o.wasm !== undefined) return instantiateSync(o.wasm as BufferSource, o.traced, o.maxMemory);
  if (o.traced) throw fastOnly();
  return instantiateSync(inlined(), false, o.maxMemory);
}

/** Loads the inlined fast module (or options.wasm as the plain loader does). */
export async function loadEarlyout(options: LoadOptions = {}): Promise<Earlyout> {
  const o = readLoadOptions(options);
  if (o.wasm !== undefined) return loadFrom(options);
  if (o.traced) throw fastOnly();
  const { instance } = await WebAssembly.instantiate(inlined(), {});
  return assemble(instance.exports, false, o.maxMemory);
}
