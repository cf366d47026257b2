// The one error type the JS API throws, and its codes. wasm/API.md lists every code.
import type { CoreResultName } from './generated/constants.js';

/** Codes the JS side adds to the core's EO_ERR_* (see wasm/API.md, "Errors"). */
export type JsErrorCode =
  | 'EO_JS_BAD_ARGUMENT'   // a wrong type, range, length or option name; a foreign object
  | 'EO_JS_DISPOSED'       // a disposed object used (its properties and methods), or passed to a call
  | 'EO_JS_STALE'          // a sector grid asked for pairs with no fitting build / update, or boxes that moved since
  | 'EO_JS_OUT_OF_MEMORY'  // wasm memory would pass its limit (LoadOptions.maxMemory); nothing was changed
  | 'EO_JS_NOT_TRACED'     // trace() on the fast module
  | 'EO_JS_ABI'            // the .wasm does not match this loader (another build, or the other variant)
  | 'EO_JS_LOAD';          // the .wasm could not be found or read
export type EarlyoutErrorCode = CoreResultName | JsErrorCode;

/** Thrown for every bad argument and every failure. `code` is the core's result name (EO_ERR_...)
    or one of the EO_JS_... codes; the message names the argument or the setting to change. */
class EarlyoutErrorClass extends Error {
  readonly code: EarlyoutErrorCode;
  constructor(code: EarlyoutErrorCode, message: string) {
    super(message);
    this.name = 'EarlyoutError';
    this.code = code;
  }
}

// One class for every copy of the loader in a page or process: the ESM and CommonJS builds and
// earlyout/inline each carry this file, and a game may load two of them (a bundle and a require).
// The first copy to load registers its class under a global symbol; the others use that one, so
// `e instanceof EarlyoutError` holds whichever copy threw e.
const REGISTRY: unique symbol = Symbol.for('earlyout.EarlyoutError');
const shared = globalThis as unknown as { [REGISTRY]?: typeof EarlyoutErrorClass };
/** The error class every copy of earlyout throws (ESM, CommonJS and earlyout/inline share it). */
export const EarlyoutError: typeof EarlyoutErrorClass = (shared[REGISTRY] ??= EarlyoutErrorClass);
export type EarlyoutError = EarlyoutErrorClass;

/** @internal Throws EO_JS_BAD_ARGUMENT. */
export function fail(message: string): never {
  throw new EarlyoutError('EO_JS_BAD_ARGUMENT', message);
}

/** @internal Throws EO_JS_DISPOSED for `what` (an object, or the argument that held one). */
export function disposedError(what: string): never {
  throw new EarlyoutError('EO_JS_DISPOSED', `${what} was disposed: it holds no memory any more; make a new one (dispose() only what you are done with)`);
}
