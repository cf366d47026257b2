// Loads the Emscripten build: playground.js (a classic script defining createPlayground) and
// playground.wasm, fetched here so the page can show progress (the instantiateWasm module hook),
// and with a reason when either fails.
import type { EmscriptenModule } from './api.ts';

export interface LoadOptions {
  glue: string;
  wasm: string;
  /** The .wasm's own size, when the page knows it: a server may send it compressed, and then the
      bytes counted here (decompressed) are not the Content-Length. 0: trust Content-Length. */
  wasmBytes: number;
  canvas: HTMLCanvasElement;
  onProgress(loaded: number, total: number): void;
  /** A line the C printed to stderr (SDL or scene errors show up here). */
  onStderr(line: string): void;
}

type Factory = (config: Record<string, unknown>) => Promise<EmscriptenModule>;

declare global {
  interface Window {
    createPlayground?: Factory;
  }
}

export class LoadError extends Error {}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    el.addEventListener('load', () => resolve());
    el.addEventListener('error', () => {
      // A script element does not say why; ask the server again for the status line.
      fetch(src, { method: 'HEAD' })
        .then((r) => reject(new LoadError(`${src.replace(/\?.*/, '')} did not load (HTTP ${r.status}${r.statusText ? ` ${r.statusText}` : ''})`)))
        .catch(() => reject(new LoadError(`${src.replace(/\?.*/, '')} did not load (the server did not answer)`)));
    });
    document.head.appendChild(el);
  });
}

async function fetchWithProgress(url: string, size: number, onProgress: (loaded: number, total: number) => void): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new LoadError(`${url.replace(/\?.*/, '')} could not be fetched (${(e as Error).message})`);
  }
  const name = url.replace(/\?.*/, '');
  if (!response.ok) throw new LoadError(`${name} did not load (HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''})`);
  // Content-Length counts the bytes on the wire: gzip's, when the server compressed the file.
  const total = size || (response.headers.get('Content-Encoding') ? 0 : Number(response.headers.get('Content-Length')) || 0);
  if (!response.body) {
    const buf = await response.arrayBuffer();
    onProgress(buf.byteLength, buf.byteLength);
    return buf;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress(loaded, total);
  }
  const out = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out.buffer;
}

/** Resolves when the runtime is up and main() has started the first scene (the loop runs on rAF). */
export async function loadPlayground(o: LoadOptions): Promise<EmscriptenModule> {
  if (typeof WebAssembly !== 'object') throw new LoadError('this browser has no WebAssembly');
  // Both downloads start at once; the wasm is the big one, so it drives the progress bar.
  const wasmBytes = fetchWithProgress(o.wasm, o.wasmBytes, o.onProgress);
  wasmBytes.catch(() => undefined); // reported below, through the module's promise
  await loadScript(o.glue);
  const factory = window.createPlayground;
  if (typeof factory !== 'function') throw new LoadError(`${o.glue.replace(/\?.*/, '')} loaded but defines no createPlayground`);

  let fail: (e: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  const module = factory({
    canvas: o.canvas,
    arguments: [],
    print: () => undefined,
    printErr: (line: string) => o.onStderr(line),
    onAbort: (what: unknown) => fail(new LoadError(`the program stopped: ${String(what)}`)),
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
      wasmBytes
        .then((bytes) => WebAssembly.instantiate(bytes, imports))
        .then((r) => receive(r.instance, r.module))
        .catch((e: unknown) =>
          fail(e instanceof LoadError ? e : new LoadError(`playground.wasm could not start (${(e as Error).message ?? String(e)})`)),
        );
      return {};
    },
  });
  return Promise.race([module, failed]);
}
