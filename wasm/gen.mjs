#!/usr/bin/env node
// Generates what the JS loader mirrors from the C headers, so a C change cannot leave the JS behind
// (run by mk/wasm.mk; never edit its outputs by hand):
//
//   node wasm/gen.mjs c OUTDIR
//       Reads core/include/earlyout/*.h (except config.h, whose values depend on the target) and
//       wasm/wasm.h, and writes OUTDIR/probe.c (every struct size and field offset, every enum
//       member, every integer #define, every X-table entry), OUTDIR/abi_layout.h (the struct part,
//       compiled into the shipped module by wasm/abi.c so the loader can check the .wasm it loads)
//       and OUTDIR/exports.txt (emcc's -sEXPORTED_FUNCTIONS: the functions wasm/src/*.ts call;
//       one that no header declares is an error).
//   node wasm/gen.mjs ts PROBE.wasm SRCDIR
//       Runs the probe (compiled by emcc with the module's own flags, so every value is the wasm32
//       one) and writes SRCDIR/abi.ts (struct layouts and field C types, in the order abi.c reports
//       them), SRCDIR/exports.ts (one typed function per prototype) and SRCDIR/constants.ts (TILE,
//       SLOPE, TOUCH, HIT, result codes, every enum and #define).
//   node wasm/gen.mjs check PROBE.wasm SRCDIR
//       Regenerates in memory and fails, naming the file, if SRCDIR differs (tests/wasm run it).
// Files are written only when their text changes. EO_CORE_DIR reads the headers of another copy
// of core/ (the one the compiler is pointed at).
import { readFileSync, readdirSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const INCLUDE = join(resolve(process.env.EO_CORE_DIR ?? join(ROOT, 'core')), 'include/earlyout');
const SKIP_HEADERS = new Set(['config.h']); // EO_TRACE, word bits, Z80 switches: per target, checked at load time

// ---- reading the headers --------------------------------------------------------------------
function stripComments(src) {
  // comments out, string literals kept (the X tables' texts live in strings)
  return src.replace(/"(?:[^"\\\n]|\\.)*"|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (m) => (m.startsWith('"') ? m : ' '));
}

function readHeaders() {
  const files = readdirSync(INCLUDE).filter((f) => f.endsWith('.h') && !SKIP_HEADERS.has(f)).sort()
    .map((f) => [f, join(INCLUDE, f)]);
  files.push(['wasm/wasm.h', join(ROOT, 'wasm/wasm.h')]); // the module's own exports (abi.c, batch.c)
  const structs = [], enums = [], defines = [], tables = {}, functions = [];
  for (const [file, path] of files) {
    const raw = readFileSync(path, 'utf8');
    const src = stripComments(raw);
    // prototypes (declarations ending in ';', never inline definitions): the module exports them all
    const code = src.replace(/^[ \t]*#[^\n]*(?:\\\n[^\n]*)*/gm, ' ');
    for (const m of code.matchAll(/(?<=^|[;{}])\s*((?:const\s+)?\w+)\s*(\*?)\s*(eo_\w+)\s*\(([^()]*)\)\s*;/g)) {
      if (m[1] === 'typedef' || m[1] === 'return') continue;
      const params = m[4].trim() === 'void' ? [] : m[4].split(',').map((d) => {
        const p = /^(.*?)(\w+)\s*(\[[^\]]*\])?$/s.exec(d.trim().replace(/\s+/g, ' '));
        if (!p) throw new Error(`${file}: cannot read the parameter "${d}" of ${m[3]}`);
        return { type: (p[1].trim() + (p[3] ? ' *' : '')).replace(/\s*\*/g, ' *'), name: p[2] };
      });
      functions.push({ name: m[3], ret: `${m[1]}${m[2] ? ' *' : ''}`, params, file });
    }
    for (const m of src.matchAll(/typedef\s+struct\s+(\w+)\s*\{([^}]*)\}\s*\1\s*;/g)) {
      const fields = [];
      // A field kept only where coordinates are 32-bit is the module's (wasm is 32-bit); any
      // other condition in a struct would need this reader to know its value.
      const body = m[2].replace(/^[ \t]*#if EO_COORD_BITS >= 32[ \t]*\n([^#]*)^[ \t]*#endif[ \t]*$/gm, '$1');
      if (/^[ \t]*#/m.test(body)) throw new Error(`${file}: a preprocessor line in struct ${m[1]} this reader cannot follow`);
      for (const decl of body.split(';').map((s) => s.trim()).filter(Boolean)) {
        const t = /^((?:const\s+)?\w+)\s+(.+)$/s.exec(decl);
        if (!t) throw new Error(`${file}: cannot read the field declaration "${decl}" in ${m[1]}`);
        const type = t[1].replace(/^const\s+/, '');
        for (const d of t[2].split(',').map((s) => s.trim())) {
          const f = /^(\*?)\s*(\w+)\s*(?:\[([^\]]+)\])?$/.exec(d);
          if (!f) throw new Error(`${file}: cannot read the declarator "${d}" in ${m[1]}`);
          fields.push({ name: f[2], type: f[1] ? `${type} *` : type, array: f[3] ?? null });
        }
      }
      structs.push({ name: m[1], fields, file });
    }
    for (const m of src.matchAll(/typedef\s+enum\s+(\w+)\s*\{([^}]*)\}\s*\1\s*;/g)) {
      if (/#define|TABLE\(/.test(m[2])) continue; // built from an X table: read below
      const members = m[2].split(',').map((s) => s.trim()).filter(Boolean).map((s) => /^(EO_\w+)/.exec(s)?.[1]);
      if (members.some((x) => !x)) throw new Error(`${file}: cannot read the members of enum ${m[1]}`);
      enums.push({ name: m[1], members, file });
    }
    for (const m of src.matchAll(/^[ \t]*#[ \t]*define[ \t]+(EO_\w+)(?!\()[ \t]+([^\n]*?)[ \t]*$/gm)) {
      const [, name, value] = m;
      if (!value || value.endsWith('\\') || /^[{"]/.test(value)) continue; // tables, initializers, strings
      defines.push({ name, file });
    }
    for (const m of raw.matchAll(/#define\s+(EO_\w+_TABLE)\(X\)((?:[^\n]*\\\n)*[^\n]*)/g)) {
      const rows = [];
      for (const x of m[2].matchAll(/X\(\s*(EO_\w+)\s*,\s*(?:([^,"]+?)\s*,\s*)?("(?:[^"\\]|\\.)*")\s*\)/g))
        rows.push({ name: x[1], text: JSON.parse(x[3]) });
      tables[m[1]] = { rows, file };
    }
  }
  for (const need of ['EO_RESULT_TABLE', 'EO_EVENT_TABLE', 'EO_COUNTER_TABLE'])
    if (!tables[need] || tables[need].rows.length === 0) throw new Error(`common.h: ${need} not found or empty`);
  if (functions.length === 0) throw new Error('no function prototypes found');
  // config.h's per-target values are skipped, but for the world's range, which the loader checks
  // every coordinate against (the probe compiles config.h with the module's flags: the wasm value)
  for (const name of ['EO_COORD_BITS', 'EO_COORD_MIN', 'EO_COORD_MAX']) defines.push({ name, file: 'config.h' });
  return { structs, enums, defines, tables, functions };
}

// The functions the loader calls (x.eo_...( in wasm/src/*.ts): the module exports exactly these.
function usedFunctions(h) {
  const dir = join(ROOT, 'wasm/src');
  const used = new Set();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts')).sort())
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/\.(eo_[a-z0-9_]+)\s*\(/g)) used.add(m[1]);
  const known = new Map(h.functions.map((f) => [f.name, f]));
  const missing = [...used].filter((n) => !known.has(n));
  if (missing.length) throw new Error(`wasm/src calls ${missing.join(', ')}, which no public header (or wasm/wasm.h) declares`);
  return h.functions.filter((f) => used.has(f.name));
}

// The struct layout entries, in the order abi.c reports them: name (as abi.ts spells it) and C expression.
function layoutEntries(h) {
  const out = [];
  for (const s of h.structs) {
    const key = s.name.replace(/^eo_/, '');
    out.push([`${key}.size`, `sizeof(${s.name})`]);
    for (const f of s.fields) {
      out.push([`${key}.${f.name}`, `offsetof(${s.name}, ${f.name})`]);
      if (f.array) out.push([`${key}.${f.name}_count`, `(sizeof(((${s.name} *)0)->${f.name}) / sizeof(((${s.name} *)0)->${f.name}[0]))`]);
    }
  }
  return out;
}

function constantNames(h) {
  const names = [];
  for (const e of h.enums) names.push(...e.members);
  for (const d of h.defines) names.push(d.name);
  for (const t of Object.values(h.tables)) names.push(...t.rows.map((r) => r.name));
  names.push('EO_COUNTER_COUNT');
  return [...new Set(names)];
}

const BANNER = (what) => `// GENERATED by wasm/gen.mjs from core/include/earlyout/*.h: ${what}.
// Do not edit: \`make wasm\` rewrites it, and tests/wasm/generated.test.mjs fails if it differs.
`;

const C_BANNER = (what) => `/* GENERATED by wasm/gen.mjs from the headers in core/include/earlyout: ${what}.
   Do not edit: \`make wasm\` rewrites it. */
`;

/** Writes a file only when its content changes (make then rebuilds only what really changed). */
function put(path, text) {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return;
  writeFileSync(path, text);
}

function writeC(outDir) {
  const h = readHeaders();
  const layout = layoutEntries(h), consts = constantNames(h);
  mkdirSync(outDir, { recursive: true });
  const layoutMacro = `#define EO_WASM_LAYOUT_TABLE(X) \\\n${layout.map(([n, e]) => `    X(${e}) /* ${n} */`).join(' \\\n')}\n`;
  put(join(outDir, 'abi_layout.h'), `${C_BANNER('struct layouts for wasm/abi.c')}${layoutMacro}`);
  const probe = `${C_BANNER('the probe that reads every value with the module\'s own compiler and flags')}
#include <stddef.h>
#include "earlyout/earlyout.h"

static const double values[] = {
${[...layout.map(([, e]) => e), ...consts].map((e) => `    (double)(${e}),`).join('\n')}
};

int count(void);
double value(int i);

__attribute__((export_name("count"))) int count(void) { return (int)(sizeof values / sizeof values[0]); }
__attribute__((export_name("value"))) double value(int i) { return values[i]; }
`;
  put(join(outDir, 'probe.c'), probe);
  // -sEXPORTED_FUNCTIONS for emcc: the functions the loader calls (mk/wasm.mk reads it)
  put(join(outDir, 'exports.txt'), usedFunctions(h).map((f) => `_${f.name}`).join(',') + '\n');
}

// ---- writing the TypeScript -----------------------------------------------------------------
const ts = (v) => JSON.stringify(v);
const jsName = (s) => s.replace(/^(\d+)_([A-Z]+)(.*)$/, '$2_$1$3'); // SLOPE 45_UP -> UP_45 (no digit first)

function publicGroup(values, names, prefix) {
  const o = {};
  for (const n of names) if (n.startsWith(prefix)) o[jsName(n.slice(prefix.length))] = values[n];
  if (Object.keys(o).length === 0) throw new Error(`no constants named ${prefix}*`);
  return o;
}

// Typed as numbers, not as literal types: a game's `let kind = TILE.EMPTY; kind = TILE.SOLID` must
// compile (a variable holds any of them), and tile ids and HIT / TOUCH bits are combined freely.
function frozen(doc, name, obj) {
  const body = Object.entries(obj).map(([k, v]) => `${k}: ${v}`).join(', ');
  const type = Object.keys(obj).map((k) => `readonly ${k}: number`).join('; ');
  return `${doc}\nexport const ${name}: { ${type} } = Object.freeze({ ${body} });\n`;
}

async function generate(probePath) {
  const h = readHeaders();
  const layout = layoutEntries(h), consts = constantNames(h);
  const { instance } = await WebAssembly.instantiate(readFileSync(probePath), {});
  const { count, value } = instance.exports;
  if (count() !== layout.length + consts.length)
    throw new Error(`${probePath} holds ${count()} values, the headers give ${layout.length + consts.length}: rebuild it (make wasm)`);
  const layoutValues = layout.map((_, i) => value(i));
  const values = Object.fromEntries(consts.map((n, i) => [n, value(layout.length + i)]));

  // abi.ts: struct layouts
  let abi = BANNER('wasm32 struct layouts') + `
/** Byte offsets of every field of every public struct, and each struct's size (\`size\`; \`<field>_count\`
    for arrays). In this order, struct by struct and field by field, they are the table the module's
    eo_wasm_abi(i) reports (wasm/abi.c): the loader compares them entry by entry when it loads. */
export const LAYOUT = {
`;
  for (const s of h.structs) {
    const key = s.name.replace(/^eo_/, '');
    const get = (n) => layoutValues[layout.findIndex(([k]) => k === `${key}.${n}`)];
    const fields = [`size: ${get('size')}`, ...s.fields.flatMap((f) => [`${f.name}: ${get(f.name)}`, ...(f.array ? [`${f.name}_count: ${get(`${f.name}_count`)}`] : [])])];
    abi += `  /** ${s.name} (${s.file}) */\n  ${key}: { ${fields.join(', ')} },\n`;
  }
  abi += `} as const;

/** The C type of every field ('T *' for pointers, 'T[N]' for arrays): the loader's modules assert the
    types they read and write, so a changed field type fails the TypeScript build. */
export const FIELD_TYPES = {
`;
  for (const s of h.structs) {
    const key = s.name.replace(/^eo_/, '');
    abi += `  ${key}: { ${s.fields.map((f) => `${f.name}: ${ts(f.array ? `${f.type}[${f.array}]` : f.type)}`).join(', ')} },\n`;
  }
  abi += `} as const;

`;

  // constants.ts
  const results = h.tables.EO_RESULT_TABLE.rows;
  let c = BANNER('constants, result codes, events, counters') + '\n';
  c += frozen('/** Collision attrs (attrs[tile id]); a slope of shape s is TILE.SLOPE + s, its one-way slope TILE.ONE_WAY_SLOPE + s (s < 120). Attrs 11 .. 15 are the game\'s own (collide like empty). From eo_tiles_attr (tiles.h). */',
    'TILE', publicGroup(values, h.enums.find((e) => e.name === 'eo_tiles_attr').members, 'EO_TILES_'));
  c += frozen('/** Built-in slope shapes; user shapes are SLOPE.USER + k (heights from TileMapConfig.slopes). From eo_tiles_slope_shape (tiles.h). */',
    'SLOPE', publicGroup(values, h.enums.find((e) => e.name === 'eo_tiles_slope_shape').members, 'EO_TILES_SLOPE_'));
  c += frozen('/** Kind bits of MoveResult.touching / .below, TileMap.touching() and probe kinds. From EO_TILES_TOUCH_* (tiles.h). */',
    'TOUCH', publicGroup(values, h.defines.map((d) => d.name), 'EO_TILES_TOUCH_'));
  c += frozen('/** Sides a move was stopped on (MoveResult.hit). From EO_HIT_* (tiles.h). */',
    'HIT', publicGroup(values, h.defines.map((d) => d.name), 'EO_HIT_'));
  c += `
/** The core's result codes (EO_RESULT_TABLE, common.h): value -> name and meaning. */
export const RESULTS: Readonly<Record<number, { readonly name: string; readonly text: string }>> = Object.freeze({
${results.map((r) => `  ${values[r.name]}: { name: ${ts(r.name)}, text: ${ts(r.text)} },`).join('\n')}
});
/** Result codes by name. */
export const RESULT = Object.freeze({ ${results.map((r) => `${r.name}: ${values[r.name]}`).join(', ')} } as const);
/** The core's result names, as EarlyoutError.code spells them. */
export type CoreResultName = ${results.filter((r) => values[r.name] !== 0).map((r) => ts(r.name)).join(' | ')};

/** Every enum of the public headers, member by member. */
export const ENUMS = {
${h.enums.map((e) => `  ${e.name}: { ${e.members.map((m) => `${m}: ${values[m]}`).join(', ')} },`).join('\n')}
} as const;

/** Every integer #define of the public headers (config.h's per-target switches excepted). */
export const DEFINES = {
${h.defines.map((d) => `  ${d.name}: ${values[d.name]},`).join('\n')}
  EO_COUNTER_COUNT: ${values.EO_COUNTER_COUNT},
} as const;
`;
  // exports.ts: the raw exports, one per prototype
  const jsType = (t) => (/\b(u?int64_t)\b/.test(t) && !t.includes('*') ? 'bigint' : 'number');
  let x = BANNER('the raw exports of the module, one per C prototype') + `
/** The module's exports: memory, the heap base, and one function per prototype of the public headers
    and wasm/wasm.h (pointers are byte offsets into memory). */
export interface Exports {
  readonly memory: WebAssembly.Memory;
  readonly __heap_base: WebAssembly.Global;
  readonly _initialize?: () => void;
`;
  for (const f of h.functions) {
    x += `  /** ${f.ret}${f.ret.endsWith('*') ? '' : ' '}${f.name}(${f.params.map((p) => `${p.type}${p.type.endsWith('*') ? '' : ' '}${p.name}`).join(', ')}) (${f.file}) */\n`;
    x += `  ${f.name}(${f.params.map((p) => `${p.name}: ${jsType(p.type)}`).join(', ')}): ${f.ret === 'void' ? 'void' : jsType(f.ret)};\n`;
  }
  x += `}

/** The functions the loader calls (found in wasm/src/*.ts): the module exports these, checked when it loads. */
export const EXPORT_NAMES: readonly (keyof Exports)[] = [
${usedFunctions(h).map((f) => `  ${ts(f.name)},`).join('\n')}
];
`;
  return { 'abi.ts': abi, 'constants.ts': c, 'exports.ts': x };
}

// ---- main ---------------------------------------------------------------------------------------
const [mode, a, b] = process.argv.slice(2);
try {
  if (mode === 'c' && a) writeC(a);
  else if ((mode === 'ts' || mode === 'check') && a && b) {
    const files = await generate(a);
    if (mode === 'ts') {
      mkdirSync(b, { recursive: true });
      for (const [name, text] of Object.entries(files)) put(join(b, name), text);
    } else {
      const stale = Object.entries(files).filter(([name, text]) => !existsSync(join(b, name)) || readFileSync(join(b, name), 'utf8') !== text);
      if (stale.length) {
        console.error(`gen: ${stale.map(([n]) => join(b, n)).join(', ')} differ from what the headers give: run make wasm (never edit them by hand)`);
        process.exit(1);
      }
      console.log(`gen: ${Object.keys(files).map((n) => join(b, n)).join(', ')} match the headers`);
    }
  } else {
    console.error('usage: node wasm/gen.mjs c OUTDIR | ts PROBE.wasm SRCDIR | check PROBE.wasm SRCDIR');
    process.exit(2);
  }
} catch (e) {
  console.error(`gen: ${e.message}`);
  process.exit(1);
}
