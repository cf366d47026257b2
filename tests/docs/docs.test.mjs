// Every code block of README.md, wasm/README.md and wasm/API.md, extracted and compiled or run
// (issue 14 item 6), so an example cannot drift from the API. One test per block, named
// "<file>:<line>" (the line of its opening fence); errors are given at the doc's own lines.
//
// How a block is run is said by an HTML comment on the line just above its fence,
// <!-- doctest: MODE -->; without one, by its language:
//   c, no comment       a program: compiled with the Makefile's strict flags against the library and
//                       headers installed by `make install` (pkg-config), then run; it must exit 0.
//   js / ts / mjs, no comment
//                       an ES module: type-checked by `tsc --strict` (as .mts), then run in Node
//                       (types stripped by esbuild) against the packed module, build/wasm/pkg,
//                       imported as 'earlyout'; it must exit 0.
//   cjs, no comment     the same as CommonJS: checked by tsc as JavaScript (checkJs, strict; it
//                       types require('earlyout') from the package), run as .cjs.
//   cts, no comment     CommonJS in TypeScript (a .cts file: `import x = require('earlyout')`):
//                       type-checked by tsc --strict as .cts, run as .cjs (types stripped).
//   prelude NAME        a fragment: pasted into tests/docs/preludes/NAME.c (or .mts) at the line
//                       holding `@example`; the prelude declares what the fragment uses and checks
//                       what it computed (the answers are compared with brute force there).
//   expect: TEXT        a module, as above, whose last printed line must be TEXT (the doc quotes it);
//                       `esbuild expect: TEXT` the same for the esbuild mode below.
//   esbuild             a module that imports the .wasm (`import wasm from 'earlyout/earlyout.wasm'`):
//                       type-checked, bundled by esbuild with the file loader, and the bundle run.
//   api                 a TypeScript API listing (not code): each `eo.a.b`, `grid.x`, `sw.x`,
//                       `mask.x`, `map.x`, `hero.x` it names must exist in the package's types,
//                       each member of an `interface X { ... }` (and of a `// X: a, b` comment list)
//                       must be a key of the exported type X, and each `export const NAME: { K: V }`
//                       must equal the module's constant at run time.
//   sh FILE=next        a shell block: run by bash in a scratch folder that is also $HOME, with
//                       `make` running in the repository; FILE=next writes the next block as FILE.
//   transcript: REASON, output: REASON
//                       not code to run (a shell session, printed output): skipped, with the reason.
// Any other block fails, naming its file and line: add a directive. Indented code blocks fail too.
// The prose's inline code is checked as well: every `eo.a.b`, `map.walk`, ... it names must exist
// in the package's types (one test per file). And every number the prose marks as measured (a
// size, a version, a recorded bench figure: tests/docs/measured.mjs) must be what the build, the
// installed packages or the recorded run give (one test per file).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { extractBlocks } from './extract.mjs';
import { claims, measure } from './measured.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = ['README.md', 'wasm/README.md', 'wasm/API.md'];
const work = join(root, 'build/docs');
const app = join(work, 'app');
const pkg = join(root, 'build/wasm/pkg');
const prefix = process.env.DOCS_PREFIX ?? join(work, 'prefix');
const cflags = (process.env.DOCS_CFLAGS ?? '-std=c99 -Wall -Wextra -Wpedantic -Werror -Wconversion').split(/\s+/).filter(Boolean);
const cc = process.env.CC || 'cc';
const JS = new Set(['js', 'mjs', 'ts', 'mts', 'javascript', 'typescript', 'cjs', 'cts']);
const isCjs = (b) => b.lang === 'cjs' || b.lang === 'cts';
/** The generated file's extension: .cjs and .cts as written, everything else an ES module in TypeScript. */
const extOf = (b) => (b.lang === 'cjs' ? 'cjs' : b.lang === 'cts' ? 'cts' : 'mts');

const blocks = DOCS.flatMap((f) => extractBlocks(join(root, f)).map((b) => ({ ...b, file: f })));
const id = (b) => `${b.file.replace(/[/.]/g, '-')}-${b.line}`;

/** How a block is run: { mode, arg } or { error }. */
function plan(b) {
  if (b.orphan) return { error: `a doctest directive with no code fence on the next line: ${b.orphan.trim()}` };
  if (b.indented) return { error: 'an indented code block: use a fenced block with a language and, if needed, a doctest directive' };
  const d = b.directive;
  if (d === null) {
    if (b.lang === 'c') return { mode: 'program' };
    if (JS.has(b.lang)) return { mode: 'module' };
    return { error: `a \`${b.lang || 'plain'}\` block with no way to run: add <!-- doctest: ... --> above it (see tests/docs/docs.test.mjs)` };
  }
  let m;
  if ((m = /^(transcript|output):\s*(\S.*)$/.exec(d))) return { mode: 'skip', arg: `${m[1]}: ${m[2]}` };
  if ((m = /^prelude\s+([\w-]+)$/.exec(d))) return { mode: 'prelude', arg: m[1] };
  if ((m = /^(esbuild\s+)?expect:\s*(\S.*)$/.exec(d)) && JS.has(b.lang)) return { mode: m[1] ? 'esbuild' : 'module', expect: m[2] };
  if (d === 'esbuild' && JS.has(b.lang)) return { mode: 'esbuild' };
  if (d === 'api' && JS.has(b.lang)) return { mode: 'api' };
  if ((m = /^sh((?:\s+[\w.-]+=next)*)$/.exec(d)) && ['sh', 'bash', 'shell'].includes(b.lang)) return { mode: 'sh', arg: m[1].trim() };
  return { error: `unknown doctest directive "${d}" for a \`${b.lang}\` block` };
}

/** The block's code placed in its prelude: { text, offset } (offset: 0-based line of the block's first line). */
function assemble(b, ext, preludeName) {
  if (!preludeName) return { text: b.code, offset: 0 };
  const path = join(root, 'tests/docs/preludes', `${preludeName}.${ext}`);
  assert.ok(existsSync(path), `${b.file}:${b.line}: no prelude ${relative(root, path)}`);
  const lines = readFileSync(path, 'utf8').split('\n');
  const at = lines.findIndex((l) => l.includes('@example'));
  assert.ok(at >= 0, `${relative(root, path)} has no @example line`);
  return { text: [...lines.slice(0, at), b.code.replace(/\n$/, ''), ...lines.slice(at + 1)].join('\n'), offset: at };
}

/** Rewrites "gen.ext:LINE" / "gen.ext(LINE," in tool output to the doc's lines. */
function toDoc(out, genName, b, offset) {
  const n = b.code.split('\n').length - 1;
  const map = (l) => { const k = Number(l) - 1 - offset; return k >= 0 && k < n ? `${b.file}:${b.line + 1 + k}` : `${genName} line ${l} (prelude)`; };
  return out.replace(new RegExp(`[^\\s(]*${genName.replace(/\./g, '\\.')}(?::(\\d+)|\\((\\d+),\\d+\\))`, 'g'), (_, a, c) => map(a ?? c));
}

// ---- the api mode: what a listing names, as type-level and run-time checks ---------------------
const ROOTS = { eo: 'earlyout.Earlyout', grid: 'earlyout.SectorGrid', sw: 'earlyout.Sweeper', mask: 'earlyout.PixelMask',
                map: 'earlyout.TileMap', hero: 'earlyout.Mover' };

function stripComments(s) { return s.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/.*$/gm, ''); }

/** Member names of an interface body: identifiers at depth 0 that start a member. */
function interfaceMembers(body) {
  const s = stripComments(body), out = [];
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '=' && s[i + 1] === '>') { i++; continue; }
    if ('({[<'.includes(ch)) { depth++; continue; }
    if (')}]>'.includes(ch)) { depth--; continue; }
    if (depth !== 0 || !/[A-Za-z_$]/.test(ch) || /[\w$]/.test(s[i - 1] ?? '')) continue;
    const word = /^[\w$]+/.exec(s.slice(i))[0];
    const before = s.slice(0, i).replace(/[ \t]+$/, '');
    const prev = before.length === 0 ? ';' : before[before.length - 1];
    const after = s.slice(i + word.length).replace(/^[ \t]+/, '');
    if ((';,/\n'.includes(prev)) && (after === '' || '(:?,;/\n'.includes(after[0]))) out.push(word);
    i += word.length - 1;
  }
  return out;
}

/** `type` lines naming each eo.a.b / grid.x / ... path of text in the package's types. */
function pathTypes(text, file, lineOf) {
  return [...text.matchAll(/(?<![.\w$])(eo|grid|sw|mask|map|hero)((?:\.[A-Za-z_$][\w$]*)+)/g)].map((m) =>
    `type P = ${ROOTS[m[1]]}${m[2].slice(1).split('.').map((p) => `['${p}']`).join('')}; // ${file}:${lineOf(m.index)}: ${m[0]}`);
}

/** The prose's inline code spans (outside fences) as one pseudo-block per file, checked like an api listing. */
function proseBlock(file) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const spans = [];
  let fenced = false;
  lines.forEach((l, i) => {
    if (/^\s*(`{3,}|~{3,})/.test(l)) { fenced = !fenced; return; }
    if (!fenced) for (const m of l.matchAll(/`([^`]+)`/g)) spans.push({ text: m[1], line: i + 1 });
  });
  return { file, line: 0, lang: 'prose', directive: null, indented: false, spans };
}

function proseChecks(b) {
  const out = [`import * as earlyout from 'earlyout';`];
  let k = 0;
  for (const s of b.spans) for (const p of pathTypes(s.text, b.file, () => s.line)) out.push(p.replace(/^type P/, `type P${k++}_`));
  out.push(`console.log('${k} names checked');`);
  return { text: out.join('\n') + '\n', checks: k };
}

function apiChecks(b) {
  const lines = [`import * as earlyout from 'earlyout';`, `import { deepStrictEqual } from 'node:assert';`];
  let k = 0;
  const code = b.code;
  const docLine = (index) => b.line + code.slice(0, index).split('\n').length;
  // paths from the roots, comments included
  for (const p of pathTypes(code, b.file, docLine)) lines.push(p.replace(/^type P/, `type P${k++}_`));
  // interface members
  for (const m of code.matchAll(/interface\s+(\w+)\s*\{/g)) {
    let depth = 1, j = m.index + m[0].length;
    for (; j < code.length && depth > 0; j++) { if (code[j] === '{') depth++; else if (code[j] === '}') depth--; }
    for (const member of interfaceMembers(code.slice(m.index + m[0].length, j - 1)))
      lines.push(`const m${k++}: keyof earlyout.${m[1]} = '${member}'; // ${b.file}:${docLine(m.index)}: interface ${m[1]}`);
  }
  // comment lists: "// Name: a, b, c" (and "//      more, names" on the next lines)
  const src = code.split('\n');
  for (let i = 0; i < src.length; i++) {
    const m = /^\s*\/\/\s*([A-Z]\w*):\s*(.*)$/.exec(src[i]);
    if (!m) continue;
    let list = m[2];
    while (i + 1 < src.length && /^\s*\/\/\s{6,}\S/.test(src[i + 1])) list += ',' + src[++i].replace(/^\s*\/\//, '');
    for (const name of list.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/[{}]/g, ' ').split(',').map((x) => x.trim()).filter((x) => /^\w+$/.test(x)))
      lines.push(`const m${k++}: keyof earlyout.${m[1]} = '${name}'; // ${b.file}:${b.line + i + 1}: ${m[1]}`);
  }
  // exports: functions and constants exist; constants spelt out with values equal the module's
  for (const m of code.matchAll(/export\s+function\s+(\w+)/g))
    lines.push(`const f${k++}: (...args: never[]) => unknown = earlyout.${m[1]}; // ${b.file}:${docLine(m.index)}`);
  for (const m of code.matchAll(/export\s+const\s+([\w\s,]+?):\s*(\{[^}]*\}|\w+)/g)) {
    const names = m[1].split(',').map((x) => x.trim());
    if (m[2].startsWith('{')) {
      const entries = [...m[2].matchAll(/(\w+)\s*:\s*(-?\d+)/g)].map((e) => `${e[1]}: ${e[2]}`).join(', ');
      lines.push(`deepStrictEqual({ ...earlyout.${names[0]} }, { ${entries} }, '${b.file}:${docLine(m.index)}: ${names[0]} differs from the module'); // ${b.file}:${docLine(m.index)}`);
    } else {
      for (const n of names) lines.push(`const c${k++}: earlyout.${m[2]} = earlyout.${n}; // ${b.file}:${docLine(m.index)}`);
    }
  }
  lines.push(`console.log('${k} names checked');`);
  return { text: lines.join('\n') + '\n', checks: k };
}

// ---- set-up: one scratch project, one tsc run over every JS/TS block ---------------------------
const jobs = [...blocks.map((b) => ({ b, ...plan(b) })), ...DOCS.map(proseBlock).filter((b) => proseChecks(b).checks > 0).map((b) => ({ b, mode: 'prose' }))];
const tsFiles = new Map(); // job -> { gen, offset }
let tscOutput = '';

before(() => {
  assert.ok(existsSync(join(pkg, 'package.json')), 'build/wasm/pkg is missing: make wasm');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(app, 'node_modules'), { recursive: true });
  symlinkSync(pkg, join(app, 'node_modules/earlyout'));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'earlyout-docs', private: true, type: 'module' }));
  for (const j of jobs) {
    if (!['module', 'esbuild', 'api', 'prose'].includes(j.mode) && !(j.mode === 'prelude' && JS.has(j.b.lang))) continue;
    const gen = `${id(j.b)}.${extOf(j.b)}`;
    const { text, offset } = j.mode === 'api' ? { text: apiChecks(j.b).text, offset: -1 } : j.mode === 'prose' ? { text: proseChecks(j.b).text, offset: -1 } : assemble(j.b, extOf(j.b), j.arg);
    writeFileSync(join(app, gen), text);
    tsFiles.set(j, { gen, offset });
  }
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022',
                       lib: ['es2022', 'dom'], types: ['node'], allowJs: true, checkJs: true, typeRoots: [join(root, 'node_modules/@types')], skipLibCheck: false },
    files: [...tsFiles.values()].map((f) => f.gen),
  }, null, 2));
  const r = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json', '--pretty', 'false'], { cwd: app, encoding: 'utf8' });
  tscOutput = r.stdout + r.stderr;
});

function typeErrors(j) {
  const { gen, offset } = tsFiles.get(j);
  // an error of no block's file (a bad option, a broken package type) fails every block: none was checked
  const gens = [...tsFiles.values()].map((f) => f.gen + '(');
  const global = tscOutput.split('\n').filter((l) => /error TS\d+/.test(l) && !gens.some((g) => l.startsWith(g)));
  if (global.length) return global.join('\n');
  const mine = tscOutput.split('\n').filter((l) => l.startsWith(gen + '('));
  if (offset < 0) { // api: show the generated check, which names the doc line
    const text = readFileSync(join(app, gen), 'utf8').split('\n');
    return mine.map((l) => `${l}\n    ${text[Number(/\((\d+),/.exec(l)[1]) - 1]}`).join('\n');
  }
  return toDoc(mine.join('\n'), gen, j.b, offset);
}

function node(file, cwd) {
  const r = spawnSync(process.execPath, [file], { cwd, encoding: 'utf8', timeout: 60000 });
  return { ok: r.status === 0, out: (r.stdout + r.stderr).trim() };
}

for (const j of jobs) {
  const { b } = j;
  const name = j.mode === 'prose' ? `${b.file}: the API names in its inline code` : `${b.file}:${b.line} (${b.lang || (b.orphan ? 'directive' : 'indented')}${b.directive ? `; ${b.directive}` : ''})`;
  if (j.mode === 'skip') { test(name, { skip: j.arg }, () => {}); continue; }
  test(name, async (t) => {
    assert.ok(!j.error, `${b.file}:${b.line}: ${j.error}`);
    if (j.mode === 'api') assert.ok(apiChecks(b).checks > 0, `${b.file}:${b.line}: an api listing that names nothing the test can check`);
    if (tsFiles.has(j)) {
      const { gen, offset } = tsFiles.get(j);
      const errors = typeErrors(j);
      assert.equal(errors, '', `${b.line ? `${b.file}:${b.line}` : b.file}: tsc --strict:\n${errors}`);
      const format = isCjs(b) ? 'cjs' : 'esm';
      const js = join(app, isCjs(b) ? `${id(b)}.run.cjs` : gen.replace(/\.mts$/, '.mjs'));
      if (j.mode === 'esbuild') {
        await esbuild.build({ entryPoints: [join(app, gen)], bundle: true, format, platform: 'node', outfile: js,
                              loader: { '.wasm': 'file' }, logLevel: 'error', absWorkingDir: app });
      } else {
        writeFileSync(js, esbuild.transformSync(readFileSync(join(app, gen), 'utf8'), { loader: b.lang === 'cjs' ? 'js' : 'ts', format, sourcefile: gen }).code);
      }
      const r = node(js, app);
      if (r.out) t.diagnostic(r.out);
      assert.ok(r.ok, `${b.file}:${b.line}: failed in Node:\n${offset >= 0 ? toDoc(r.out, js.split('/').pop(), b, offset) : r.out}`);
      if (j.expect !== undefined) assert.equal(r.out.split('\n').pop(), j.expect, `${b.file}:${b.line}: the last line printed is not the one the directive expects`);
      return;
    }
    if (j.mode === 'program' || (j.mode === 'prelude' && b.lang === 'c')) {
      const dir = join(work, 'c');
      mkdirSync(dir, { recursive: true });
      const gen = `${id(b)}.c`, exe = join(dir, id(b));
      const { text, offset } = assemble(b, 'c', j.arg);
      writeFileSync(join(dir, gen), text);
      const pc = execFileSync('pkg-config', ['--cflags', '--libs', 'earlyout'], { encoding: 'utf8', env: { ...process.env, PKG_CONFIG_PATH: join(prefix, 'lib/pkgconfig') } });
      const c = spawnSync(cc, [...cflags, gen, ...pc.trim().split(/\s+/), '-o', exe], { cwd: dir, encoding: 'utf8' });
      assert.equal(c.status, 0, `${b.file}:${b.line}: does not compile with ${cflags.join(' ')}:\n${toDoc(c.stderr, gen, b, offset)}`);
      const r = spawnSync(exe, [], { encoding: 'utf8', timeout: 60000 });
      if (r.stdout.trim()) t.diagnostic(r.stdout.trim());
      assert.equal(r.status, 0, `${b.file}:${b.line}: the program exits with ${r.status}:\n${r.stdout}${r.stderr}`);
      return;
    }
    if (j.mode === 'sh') {
      const dir = join(work, `sh-${id(b)}`);
      mkdirSync(dir, { recursive: true });
      const later = blocks.filter((x) => x.file === b.file && x.line > b.line);
      for (const [k, arg] of j.arg.split(/\s+/).filter(Boolean).map((a) => a.split('='))) {
        assert.ok(later[0], `${b.file}:${b.line}: ${k}=next but no block follows`);
        if (arg === 'next') writeFileSync(join(dir, k), later[0].code);
      }
      const script = `set -euo pipefail\nmake() { command make -C ${JSON.stringify(root)} --no-print-directory "$@"; }\n${b.code}`;
      const r = spawnSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: dir, MAKEFLAGS: '' }, timeout: 300000 });
      assert.equal(r.status, 0, `${b.file}:${b.line}: the shell block failed:\n${r.stdout}${r.stderr}`);
      return;
    }
    assert.fail(`${b.file}:${b.line}: no way to run this block`);
  });
}

// ---- the numbers the prose marks as measured (tests/docs/measured.mjs) ---------------------------
for (const doc of DOCS) {
  const found = claims(readFileSync(join(root, doc), 'utf8'));
  if (found.length === 0) continue;
  test(`${doc}: its ${found.length} measured numbers are the build's, the packages' and the recorded runs'`, () => {
    const wrong = [];
    for (const c of found) {
      if (c.value === null) { wrong.push(`${doc}:${c.line}: a ${c.kind} marker (${c.args.join(' ')}) with no value just before it`); continue; }
      const now = measure(c);
      if (now !== c.value) wrong.push(`${doc}:${c.line}: says ${c.value} for ${c.kind} ${c.args.join(' ')}, measured ${now}`);
    }
    assert.deepEqual(wrong, [], `${wrong.join('\n')}\n(node tests/docs/measured.mjs --write rewrites them from the build: make wasm first)`);
  });
}
