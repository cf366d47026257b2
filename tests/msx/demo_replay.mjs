// tests/msx/demo_replay.mjs WASM SEED INPUTS: the demo cartridge's game replayed in wasm
// (tests/msx/demo_replay.c built with emcc, the core's fast build as the playground's wasm has it):
// prints the hash after one step per input byte, as 8 hex digits, like the native demo_replay.
import { readFileSync } from 'node:fs';

const [wasmPath, seedText, inputsPath] = process.argv.slice(2);
if (!inputsPath) {
  console.error('usage: node demo_replay.mjs WASM SEED INPUTS');
  process.exit(2);
}
const inputs = readFileSync(inputsPath);
// The module calls nothing outside itself; any import it declares fails loudly if used.
const module = await WebAssembly.compile(readFileSync(wasmPath));
const imports = {};
for (const imp of WebAssembly.Module.imports(module)) {
  imports[imp.module] ??= {};
  imports[imp.module][imp.name] = () => {
    throw new Error(`demo_replay.wasm called the import ${imp.module}.${imp.name}`);
  };
}
const { exports } = await WebAssembly.instantiate(module, imports);
if (inputs.length > exports.demo_replay_capacity()) {
  console.error(`${inputsPath}: ${inputs.length} frames, more than the ${exports.demo_replay_capacity()} the module holds`);
  process.exit(2);
}
new Uint8Array(exports.memory.buffer, exports.demo_replay_inputs(), inputs.length).set(inputs);
const hash = exports.demo_replay_run(Number(seedText) >>> 0, inputs.length) >>> 0;
if (hash === 0) {
  console.error('demo_replay.wasm: the game did not start');
  process.exit(1);
}
console.log(hash.toString(16).padStart(8, '0'));
