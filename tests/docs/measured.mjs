// The numbers the docs state that a build or a recorded run measures, each marked by an HTML
// comment right after it (invisible on GitHub and on npm):
//   174 KB<!-- size: build/wasm/pkg/inline.js raw -->    KiB (1024 bytes), rounded; FILES joined by +,
//                                                         paths from the repository's root; raw or
//                                                         gzip (level 9, each file on its own, summed)
//   Vite 8.3.8<!-- version: vite -->                      the version installed in node_modules
//   5.1x<!-- recorded: bench/results/bullets.md rbush --> a figure of a recorded run: the value after
//                                                         "KEY: " on its "- " lines, or "ahead of KEY NUMx"
// The value checked is what stands just before the comment: a number with its unit (KB, x), a
// version, or a `code span`. tests/docs/docs.test.mjs fails when one differs from what it measures;
//   node tests/docs/measured.mjs --write
// rewrites every marked value in README.md, wasm/README.md and wasm/API.md from the build (make wasm
// first) and the recorded files.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DOCS = ['README.md', 'wasm/README.md', 'wasm/API.md'];

const MARK = /<!--\s*(size|version|recorded):\s*([^>]*?)\s*-->/g;
// what a value looks like, just before its marker
const VALUE = {
  size: /\d+ KB$/,
  version: /\d+\.\d+\.\d+$/,
  recorded: /`[^`]*`$|\d{4}-\d{2}-\d{2}$|\d+(?:\.\d+)?x$/,
};

/** Every marked value of a doc: { kind, args, value, start, end (of the value), line }. */
export function claims(text) {
  const out = [];
  for (const m of text.matchAll(MARK)) {
    const kind = m[1], args = m[2].split(/\s+/);
    const before = text.slice(Math.max(0, m.index - 200), m.index);
    const v = VALUE[kind].exec(before);
    const line = text.slice(0, m.index).split('\n').length;
    if (!v) { out.push({ kind, args, value: null, line, start: m.index, end: m.index }); continue; }
    out.push({ kind, args, value: v[0], line, start: m.index - v[0].length, end: m.index });
  }
  return out;
}

const kib = (n) => Math.round(n / 1024);

/** What the build or the recorded run says for a claim (the text to stand before its marker). */
export function measure({ kind, args }) {
  if (kind === 'size') {
    const [files, mode] = args;
    if (!['raw', 'gzip'].includes(mode)) throw new Error(`size: mode must be raw or gzip, got ${mode}`);
    const bytes = files.split('+').reduce((sum, f) => {
      const data = readFileSync(join(ROOT, f));
      return sum + (mode === 'raw' ? data.length : gzipSync(data, { level: 9 }).length);
    }, 0);
    return `${kib(bytes)} KB`;
  }
  if (kind === 'version') return JSON.parse(readFileSync(join(ROOT, 'node_modules', args[0], 'package.json'), 'utf8')).version;
  if (kind === 'recorded') {
    const [file, key] = args, text = readFileSync(join(ROOT, file), 'utf8');
    const field = new RegExp(`^- ${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (.+)$`, 'm').exec(text);
    if (field) return field[1].startsWith('`') ? field[1] : /^\d{4}-\d{2}-\d{2}$/.test(field[1]) ? field[1] : `\`${field[1]}\``;
    const ratio = new RegExp(`ahead of ${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (\\d+(?:\\.\\d+)?)x`).exec(text);
    if (ratio) return `${ratio[1]}x`;
    throw new Error(`${file} has no "- ${key}: " line and no "ahead of ${key} Nx"`);
  }
  throw new Error(`unknown kind ${kind}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== '--write') { console.error('usage: node tests/docs/measured.mjs --write'); process.exit(2); }
  for (const doc of DOCS) {
    const path = join(ROOT, doc);
    let text = readFileSync(path, 'utf8');
    const found = claims(text).sort((a, b) => b.start - a.start); // from the end: offsets stay right
    let changed = 0;
    for (const c of found) {
      if (c.value === null) { console.error(`${doc}:${c.line}: a ${c.kind} marker with no value before it`); process.exitCode = 1; continue; }
      const now = measure(c);
      if (now !== c.value) { text = text.slice(0, c.start) + now + text.slice(c.end); changed++; console.log(`${doc}:${c.line}: ${c.value} -> ${now}`); }
    }
    if (changed) writeFileSync(path, text);
  }
}
