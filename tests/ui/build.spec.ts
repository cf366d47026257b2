// tools/build-web.mjs refuses malformed lessons with a message naming the file and the problem,
// and builds a well-formed one into the home page's list. Runs the build in Node, no browser.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, ROOT, test } from './fixtures.ts';

const GOOD = `---
title: Test lesson
summary: A lesson made by the test.
credits:
  - name: Nobody
---

Some text.

::: widget gridmask-playground id=demo preset=wide method=endpoints
A caption.
:::
`;

function build(lesson: string) {
  const dir = mkdtempSync(join(tmpdir(), 'earlyout-lessons-'));
  try {
    writeFileSync(join(dir, '01-test-lesson.md'), lesson);
    const out = join(dir, 'site');
    const r = spawnSync(
      process.execPath,
      ['tools/build-web.mjs', '--lessons', dir, '--out', out, '--no-typecheck', '--allow-missing-wasm'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const home = r.status === 0 ? readFileSync(join(out, 'index.html'), 'utf8') : '';
    return { status: r.status, stderr: r.stderr, home };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a well-formed lesson builds and is listed on the home page', () => {
  const r = build(GOOD);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.home).toContain('href="lessons/01-test-lesson.html"');
  expect(r.home).toContain('Test lesson');
});

const BROKEN: Array<[string, string, RegExp]> = [
  ['no front matter', 'Just text.\n', /missing front matter/],
  ['a missing summary', GOOD.replace(/^summary:.*\n/m, ''), /missing "summary"/],
  ['missing credits', GOOD.replace(/^credits:\n.*\n/m, ''), /missing "credits"/],
  ['an unknown widget', GOOD.replace('gridmask-playground', 'gridmask-nope'), /unknown widget "gridmask-nope"/],
  ['a bad widget option value', GOOD.replace('preset=wide', 'preset=huge'), /preset=huge is not one of/],
  ['an unknown widget option', GOOD.replace('preset=wide', 'colour=red'), /has no option "colour"/],
  ['a misspelt directive', GOOD.replace('::: widget', '::: widgte'), /:10: unknown directive "::: widgte/],
  ['an unclosed widget', GOOD.replace(/:::\n$/, ''), /:10: this directive is never closed/],
  ['a bad option, named by its line', GOOD.replace('preset=wide', 'layout=12'), /:10: widget gridmask-playground: layout=12/],
];

for (const [what, lesson, message] of BROKEN) {
  test(`the build refuses a lesson with ${what}`, () => {
    const r = build(lesson);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^build-web: malformed lesson: .*01-test-lesson\.md/);
    expect(r.stderr).toMatch(message);
  });
}
