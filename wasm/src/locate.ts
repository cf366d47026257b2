// Where the .wasm files are by default: next to this module. The URLs are written out literally as
// `new URL('./x.wasm', import.meta.url)` so bundlers that understand the pattern (Vite, webpack 5,
// Parcel, Rollup with its URL plugin) copy the files and rewrite the URLs. The CommonJS build swaps
// this file for locate-cjs.ts.

/** The default URL of the fast .wasm (its SIMD build where simd), or the traced one, or null where
    this code has no import.meta.url (bundled into an IIFE or CommonJS file). */
export function defaultWasm(traced: boolean, simd: boolean): URL | null {
  try {
    if (traced) return new URL('./earlyout-trace.wasm', import.meta.url);
    return simd ? new URL('./earlyout-simd.wasm', import.meta.url) : new URL('./earlyout.wasm', import.meta.url);
  } catch {
    return null;
  }
}

/** What a relative `wasm` string is resolved against outside a browser page. */
export function baseUrl(): string | undefined {
  return typeof import.meta.url === 'string' ? import.meta.url : undefined;
}
