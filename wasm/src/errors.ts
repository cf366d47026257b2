// The one error type the JS API throws, and its codes. wasm/API.md lists every code.
import type { CoreResultName } from './generated/constants.js';

/** Codes the JS side adds to the core's EO_ERR_* (see wasm/API.md, "Errors"). */
export type JsErrorCode =
  | 'EO_JS_BAD_ARGUMENT'   // a wrong type, range, length or option name; a disposed or foreign object
  | 'EO_JS_STALE'          // a sector grid asked for pairs with no fitting build / update, or boxes that moved since
  | 'EO_JS_OUT_OF_MEMORY'  // wasm memory would pass its limit (LoadOptions.maxMemory); nothing was changed
  | 'EO_JS_NOT_TRACED'     // trace() on the fast module
  | 'EO_JS_ABI'            // the .wasm does not match this loader (another build, or the other variant)
  | 'EO_JS_LOAD';          // the .wasm could not be found or read
export type EarlyoutErrorCode = CoreResultName | JsErrorCode;

/** Thrown for every bad argument and every failure. `code` is the core's result name (EO_ERR_...)
    or one of the EO_JS_... codes; the message names the argument or the setting to change. */
export class EarlyoutError extends Error {
  readonly code: EarlyoutErrorCode;
  constructor(code: EarlyoutErrorCode, message: string) {
    super(message);
    this.name = 'EarlyoutError';
    this.code = code;
  }
}

/** @internal Throws EO_JS_BAD_ARGUMENT. */
export function fail(message: string): never {
  throw new EarlyoutError('EO_JS_BAD_ARGUMENT', message);
}
