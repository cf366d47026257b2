// locate.ts for the CommonJS build (cjs/earlyout.js): the .wasm files are one folder up, found
// through __dirname (require('earlyout') in Node).
declare const __dirname: string | undefined;
declare const require: ((id: string) => unknown) | undefined;

function fileUrl(name: string): URL | null {
  if (typeof __dirname !== 'string' || typeof require !== 'function') return null;
  const { pathToFileURL } = require('node:url') as { pathToFileURL(p: string): URL };
  const { join } = require('node:path') as { join(...p: string[]): string };
  return pathToFileURL(join(__dirname, '..', name));
}

export function defaultWasm(traced: boolean, simd: boolean): URL | null {
  return fileUrl(traced ? 'earlyout-trace.wasm' : simd ? 'earlyout-simd.wasm' : 'earlyout.wasm');
}

export function baseUrl(): string | undefined {
  return fileUrl('')?.href;
}
