// The raw exports of the module, checked once at load: every function the generated table names is
// there, and every struct offset the loader was generated with is the one this .wasm was compiled
// with (wasm/abi.c reports its table; wasm/src/generated/abi.ts holds the loader's).
import { EarlyoutError } from './errors.js';
import { LAYOUT } from './generated/abi.js';
import { EXPORT_NAMES, type Exports } from './generated/exports.js';

export type { Exports };

/** The module's facts that depend on its build, read once. */
export interface ModuleFacts { traced: boolean; maxBytes: number; maskWordBits: number }

export function checkModule(raw: WebAssembly.Exports, traced: boolean): { x: Exports; facts: ModuleFacts } {
  const x = raw as unknown as Exports;
  const abi = (x as { eo_wasm_abi?: unknown }).eo_wasm_abi;
  if (typeof abi !== 'function' || !(x.memory instanceof WebAssembly.Memory))
    throw new EarlyoutError('EO_JS_ABI', 'this .wasm is not an earlyout module (no eo_wasm_abi export or memory)');
  const missing = EXPORT_NAMES.filter((n) => typeof (x as unknown as Record<string, unknown>)[n] !== 'function');
  if (missing.length > 0)
    throw new EarlyoutError('EO_JS_ABI', `this .wasm lacks ${missing.join(', ')}: it was built from other headers than this loader`);
  x._initialize?.();
  // LAYOUT, struct by struct and field by field, is the table abi.c reports (both come from the headers)
  let i = 0;
  for (const [struct, fields] of Object.entries(LAYOUT))
    for (const [field, want] of Object.entries(fields as Record<string, number>)) {
      const got = x.eo_wasm_abi(i++);
      if (got !== want) throw new EarlyoutError('EO_JS_ABI', `wasm module ABI mismatch: ${struct}.${field} is ${got}, this loader expects ${want}`);
    }
  const count = x.eo_wasm_abi(-1);
  if (count !== i) throw new EarlyoutError('EO_JS_ABI', `wasm module ABI mismatch: its layout table has ${count} entries, this loader's ${i}`);
  const isTraced = x.eo_wasm_abi(-2) === 1;
  if (isTraced !== traced)
    throw new EarlyoutError('EO_JS_ABI', traced ? 'this .wasm is the fast build, not the traced one' : 'this .wasm is the traced build; pass { traced: true }');
  return { x, facts: { traced, maxBytes: x.eo_wasm_abi(-3) * 65536, maskWordBits: x.eo_wasm_abi(-4) } };
}
