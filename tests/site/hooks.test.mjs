// The core's teaching hooks (core/src/hooks.h) as the lessons' source view reads them
// (web/src/csource.ts, teachingView): in every file of core/src, each EO_STEP_ABOVE / EO_STEP_BELOW
// lands on a line of logic, never on another hook; every hook is a statement on lines of its own
// (the view hides whole lines); and no lesson-shown file fences another target's code (#if
// EO_Z80_ASM or EO_TRACE: that is what core/src/z80/, core/src/fast/ and EO_TRACED are for).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = join(ROOT, 'core/src');
const scratch = mkdtempSync(join(tmpdir(), 'eo-hooks-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

let teachingView;
before(async () => {
  const out = join(scratch, 'csource.mjs');
  const r = await build({ entryPoints: [join(ROOT, 'web/src/csource.ts')], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'silent' });
  writeFileSync(out, r.outputFiles[0].text);
  ({ teachingView } = await import(pathToFileURL(out).href));
});

const files = readdirSync(SRC).filter((f) => /\.[ch]$/.test(f)).sort();
const HOOK_NAME = /\b(EO_STEP_ABOVE|EO_STEP_BELOW|EO_COUNT|EO_COUNT_ADD|EO_TRACED)\s*\(/g;

for (const f of files) {
  test(`core/src/${f}: every step lands on a line of logic, every hook on lines of its own`, () => {
    const text = readFileSync(join(SRC, f), 'utf8');
    const lines = text.split('\n');
    const v = teachingView(text);
    const problems = [];
    lines.forEach((line, i) => {
      const n = i + 1;
      if (f === 'hooks.h') return; // the macros' own definitions
      const code = line.replace(/\/\*.*?\*\/|\/\/.*$/g, '');
      for (const m of code.matchAll(HOOK_NAME))
        if (!v.hidden.has(n)) problems.push(`line ${n}: ${m[1]} shares its line with other code: ${line.trim()}`);
      if (/EO_STEP_(ABOVE|BELOW)/.test(code) && v.hidden.has(n)) {
        const to = v.anchor.get(n);
        if (!to) problems.push(`line ${n}: the step has no line of logic to land on`);
        else if (v.hidden.has(to)) problems.push(`line ${n}: the step lands on line ${to}, a hook`);
      }
      if (/^\s*#\s*(if|elif)\b.*\b(EO_Z80_ASM|EO_TRACE)\b/.test(line) && f.endsWith('.c'))
        problems.push(`line ${n}: ${line.trim()} (another build's code belongs in core/src/z80/, core/src/fast/ or EO_TRACED)`);
    });
    assert.deepEqual(problems, []);
  });
}

test('the view hides hooks and silencers, keeps logic, and anchors both ways', () => {
  const src = [
    'static int f(int x, eo_hooks *hooks)', //  1
    '{', //                                      2
    '    int y = x * 2;', //                     3
    '    /* a comment */', //                    4
    '    EO_STEP_ABOVE(hooks, EO_EV_A, y,', //   5
    '                  0);', //                  6
    '    (void)x;', //                           7
    '    EO_STEP_BELOW(hooks, EO_EV_B, y, 0);', // 8
    '    EO_COUNT(hooks, EO_COUNTER_C);', //     9
    '    if (y > 3) {', //                      10
    '        return 1;', //                     11
    '    }', //                                 12
    '    return 0;', //                         13
    '}', //                                     14
  ].join('\n');
  const v = teachingView(src);
  assert.deepEqual([...v.hidden].sort((a, b) => a - b), [5, 6, 7, 8, 9]);
  assert.equal(v.anchor.get(5), 3);
  assert.equal(v.anchor.get(6), 3);
  assert.equal(v.anchor.get(8), 10);
  assert.equal(v.anchor.get(9), 0);
  assert.ok(v.hookText.get(6).includes('EO_EV_A'));
  assert.ok(!v.logic.has(2) && !v.logic.has(4) && !v.logic.has(12) && v.logic.has(11));
});
