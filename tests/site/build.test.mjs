// tools/build-web.mjs cannot be turned against the site's readers or the repository: a lesson's raw
// HTML reaches the page only as text (the exact <kbd> tags excepted), links and credits URLs other
// than http(s) and relative ones fail the build naming the file, and --out refuses a folder the build
// did not write. Runs the real build in Node (no wasm, no type-check), ~0.3 s a build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import assert from 'node:assert/strict';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const scratch = mkdtempSync(join(tmpdir(), 'eo-site-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;

const lesson = (body, credits = '  - name: Nobody\n') =>
  `---\ntitle: Test lesson\nsummary: A lesson made by the test.\ncredits:\n${credits}---\n\n${body}\n`;

/** Builds one lesson into a fresh folder (or into `out`); returns the status, stderr and the page. */
function build(source, out) {
  const dir = join(scratch, `lessons-${++n}`);
  mkdirSync(dir);
  writeFileSync(join(dir, '01-test-lesson.md'), source);
  out ??= join(scratch, `site-${n}`);
  const r = spawnSync(process.execPath, ['tools/build-web.mjs', '--lessons', dir, '--out', out, '--no-typecheck', '--allow-missing-wasm'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const file = join(out, 'lessons', '01-test-lesson.html');
  const page = r.status === 0 && existsSync(file) ? readFileSync(file, 'utf8') : '';
  // the lesson's own part of the page: the chrome around it has its one legitimate <script>
  const article = page.slice(page.indexOf('<article'), page.indexOf('</article>'));
  return { status: r.status, stderr: r.stderr, article, out };
}

test('raw HTML in a lesson reaches the page as text', () => {
  const hostile = [
    ['<script>alert(1)</script>', '<script'],
    ['Text <img src=x onerror=alert(1)> more', '<img'],
    ['<iframe src="https://example.com/"></iframe>', '<iframe'],
    ['<a href="javascript:alert(1)">x</a>', '<a href="javascript'],
    ['<svg onload=alert(1)>', '<svg'],
    ['<kbd onclick="alert(1)">K</kbd>', 'onclick="alert'],
    ['<!-- a comment --><style>body{display:none}</style>', '<style'],
  ];
  for (const [html, tag] of hostile) {
    const r = build(lesson(`Before.\n\n${html}\n\nInline ${html} too.`));
    assert.equal(r.status, 0, r.stderr);
    assert.ok(!r.article.includes(tag), `${html} reached the page: ${r.article}`);
    assert.ok(r.article.includes('&lt;'), `${html} vanished instead of showing as text`);
  }
});

test('the exact <kbd> tags lessons use for keys still render', () => {
  const r = build(lesson('Press <kbd>Tab</kbd> then <kbd>←</kbd>.'));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.article, /Press <kbd>Tab<\/kbd> then <kbd>←<\/kbd>\./);
});

test('http(s) and relative links build', () => {
  const body = [
    '[a](https://example.com/x?y=1#z) [b](http://example.com/) [c](../index.html) [d](#section) [e](02-next.html)',
    '[f](/abs/path) [g](?q=1) [h](a/b:c) ![img](pic.png) <https://example.com/auto>',
  ].join('\n\n');
  const r = build(lesson(body, '  - name: Someone\n    url: https://example.com/credit\n  - name: Local\n    url: ../about.html\n'));
  assert.equal(r.status, 0, r.stderr);
  for (const href of ['https://example.com/x?y=1#z', 'http://example.com/', '../index.html', '#section', '/abs/path', '?q=1', 'a/b:c', 'https://example.com/auto'])
    assert.ok(r.article.includes(`href="${href}"`), `missing ${href}`);
  assert.ok(r.article.includes('src="pic.png"'));
});

test('a link that is not http(s) or relative fails the build, naming the file and line', () => {
  const bad = [
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](javascript&colon;alert(1))',
    '[x](\tjavascript:alert(1))',
    '<javascript:alert(1)>',
    '[x](vbscript:msgbox)',
    '[x](data:text/html,<script>alert(1)</script>)',
    '![x](data:image/svg+xml;base64,PHN2Zz4=)',
    '[x](file:///etc/passwd)',
    '[x][ref]\n\n[ref]: javascript:alert(1)',
    '::: note See [x](javascript:alert(1))\nText.\n:::',
  ];
  for (const link of bad) {
    const r = build(lesson(`Line one.\n\n${link}`));
    assert.equal(r.status, 1, `${link} was accepted`);
    assert.match(r.stderr, /^build-web: malformed lesson: .*01-test-lesson\.md:\d+: link ".*" is not an http\(s\) or relative URL/, link);
    assert.match(r.stderr, /01-test-lesson\.md:(9|10):/, `${link}: wrong line in ${r.stderr}`);
  }
});

test('a credits url that is not http(s) or relative fails the build, naming the file', () => {
  for (const url of ['javascript:alert(1)', 'data:text/html,x', ' javascript:alert(1)', 'JAVASCRIPT:x']) {
    const r = build(lesson('Text.', `  - name: Evil\n    url: "${url}"\n`));
    assert.equal(r.status, 1, `${url} was accepted`);
    assert.match(r.stderr, /malformed lesson: .*01-test-lesson\.md: credits\[0\]\.url ".*" is not an http\(s\) or relative URL/);
  }
});

test('--out refuses a folder it did not write, and leaves it alone', () => {
  const before = readdirSync(join(ROOT, 'docs')).sort();
  const r = build(lesson('Text.'), 'docs');
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^build-web: refusing to build into docs: it holds files this build did not write \(no \.earlyout-site marker\)/);
  assert.deepEqual(readdirSync(join(ROOT, 'docs')).sort(), before);

  const mine = join(scratch, 'mine');
  mkdirSync(mine);
  writeFileSync(join(mine, 'notes.txt'), 'keep me');
  const r2 = build(lesson('Text.'), mine);
  assert.equal(r2.status, 1);
  assert.match(r2.stderr, /refusing to build into .*mine: it holds files this build did not write/);
  assert.equal(readFileSync(join(mine, 'notes.txt'), 'utf8'), 'keep me');

  writeFileSync(join(scratch, 'a-file'), 'x');
  const r3 = build(lesson('Text.'), join(scratch, 'a-file'));
  assert.equal(r3.status, 1);
  assert.match(r3.stderr, /is not a folder/);

  for (const up of ['.', '..', '/']) {
    const r4 = build(lesson('Text.'), up);
    assert.equal(r4.status, 1);
    assert.match(r4.stderr, /it would delete the repository/);
  }
});

test('--out rebuilds a folder it wrote (the marker), and an empty or new one', () => {
  const empty = join(scratch, 'empty');
  mkdirSync(empty);
  const r = build(lesson('First.'), empty);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(existsSync(join(empty, '.earlyout-site')));
  writeFileSync(join(empty, 'lessons', 'stale.html'), 'old');
  const again = build(lesson('Second.'), empty);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.article, /Second\./);
  assert.ok(!existsSync(join(empty, 'lessons', 'stale.html')), 'the rebuild kept a stale file');
  const fresh = build(lesson('New.'), join(scratch, 'new', 'deep'));
  assert.equal(fresh.status, 0, fresh.stderr);
});

test('--out refuses a folder of the repository even with a marker in it', () => {
  const marker = join(ROOT, 'docs', '.earlyout-site');
  const before = readdirSync(join(ROOT, 'docs')).sort();
  writeFileSync(marker, 'planted by tests/site/build.test.mjs\n');
  try {
    const r = build(lesson('Text.'), 'docs');
    assert.equal(r.status, 1);
    assert.match(r.stderr, /refusing to build into docs: it holds files of the repository \(docs\/lesson-01\.png/);
  } finally {
    rmSync(marker, { force: true });
  }
  assert.deepEqual(readdirSync(join(ROOT, 'docs')).sort(), before);
});

/** '<codes> U+0020-007E, U+00B0' -> a Set of code points. */
function codePoints(ranges) {
  const out = new Set();
  for (const part of ranges.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?$/i.exec(part);
    assert.ok(m, `not a unicode range: ${part}`);
    for (let c = parseInt(m[1], 16); c <= parseInt(m[2] ?? m[1], 16); c++) out.add(c);
  }
  return out;
}

/** Every character a built file can put on screen: literal, or escaped in JS (\u2192, \u{1F600},
    \xD7) or HTML (&#x2192; &#8594;). */
function shownCharacters(text) {
  const out = new Set([...text].map((c) => c.codePointAt(0)));
  for (const m of text.matchAll(/\\u\{([0-9a-fA-F]+)\}|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})|&#x([0-9a-fA-F]+);|&#(\d+);/g))
    out.add(m[5] ? Number(m[5]) : parseInt(m[1] ?? m[2] ?? m[3] ?? m[4], 16));
  return out;
}

test('the subset web fonts keep every character of theirs that the site shows (tools/subset-fonts.py)', () => {
  const out = join(scratch, 'site-fonts');
  const r = spawnSync(process.execPath, ['tools/build-web.mjs', '--out', out, '--no-typecheck', '--allow-missing-wasm'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const files = readdirSync(out, { recursive: true }).filter((f) => /\.(html|js|css|c|h|json|svg)$/.test(f) && !f.endsWith('.map'));
  const shown = new Set();
  for (const f of files) for (const c of shownCharacters(readFileSync(join(out, f), 'utf8'))) if (c > 0x20) shown.add(c);
  const css = readFileSync(join(ROOT, 'web/styles/site.css'), 'utf8');
  const coverage = JSON.parse(readFileSync(join(ROOT, 'web/fonts/coverage.json'), 'utf8'));
  const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]);
  assert.equal(faces.length, Object.keys(coverage).length, 'one @font-face per font of web/fonts/coverage.json');
  for (const face of faces) {
    const file = /url\('\.\.\/fonts\/([^']+)'\)/.exec(face)?.[1];
    assert.ok(file && coverage[file], `an @font-face names a font tools/subset-fonts.py makes: ${face}`);
    assert.ok(existsSync(join(ROOT, 'web/fonts', file)), `web/fonts/${file} is committed`);
    const range = codePoints(/unicode-range:\s*([^;]+);/.exec(face)?.[1] ?? '');
    const has = codePoints(coverage[file].has);
    const dropped = [...shown].filter((c) => has.has(c) && !range.has(c)).sort((a, b) => a - b);
    assert.deepEqual(
      dropped.map((c) => `${String.fromCodePoint(c)} U+${c.toString(16).toUpperCase().padStart(4, '0')}`),
      [],
      `the site shows characters ${file} has but its unicode-range in site.css leaves out: add them there and run tools/subset-fonts.py`,
    );
    const absent = [...range].filter((c) => !has.has(c));
    assert.deepEqual(absent, [], `${file}'s unicode-range names characters its font does not have`);
  }
});

/** widget name -> its module, from the one registry (web/src/widgets/registry.ts) */
function registryModules() {
  const text = readFileSync(join(ROOT, 'web/src/widgets/registry.ts'), 'utf8');
  return Object.fromEntries([...text.matchAll(/'([a-z0-9-]+)':\s*\(\)\s*=>\s*import\('\.\/([^']+)'\)/g)].map((m) => [m[1], `web/src/widgets/${m[2]}`]));
}

/** The modules a page's script left out: the build turns each into a stub naming it. */
const leftOut = (script) => new Set([...script.matchAll(/(web\/src\/[\w/.-]+\.ts) is not in this page's script/g)].map((m) => m[1]));

test("one script per page: the home page's has no widget and no wasm loader, a lesson's only its own widgets", () => {
  const out = join(scratch, 'site-bundles');
  const r = spawnSync(process.execPath, ['tools/build-web.mjs', '--out', out, '--no-typecheck', '--allow-missing-wasm'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const modules = registryModules();
  const all = new Set(Object.values(modules));
  assert.ok(all.size >= 20, `the registry names the widgets' modules (${all.size})`);
  const scriptOf = (html, where) => {
    const srcs = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    assert.equal(srcs.length, 1, `${where}: one script, not ${srcs.join(', ')}`);
    assert.doesNotMatch(html, /modulepreload/, `${where}: no chunk to preload`);
    assert.equal((html.match(/<script\b/g) ?? []).length, 1, `${where}: no other script tag`);
    return readFileSync(join(out, srcs[0].replace(/^(\.\.\/)+/, '')), 'utf8');
  };

  const home = scriptOf(readFileSync(join(out, 'index.html'), 'utf8'), 'index.html');
  assert.deepEqual([...leftOut(home)].sort(), [...all, 'web/src/core.ts'].sort(), "the home page's script leaves out every widget and the wasm loader");

  const lessons = readdirSync(join(out, 'lessons')).filter((f) => f.endsWith('.html'));
  assert.ok(lessons.length >= 6, 'the six lessons were built');
  for (const f of lessons) {
    const html = readFileSync(join(out, 'lessons', f), 'utf8');
    const script = scriptOf(html, f);
    const own = new Set([...html.matchAll(/data-widget="([a-z0-9-]+)"/g)].map((m) => modules[m[1]]));
    assert.ok(own.size > 0 && !own.has(undefined), `${f}: its widgets are in the registry`);
    const expected = [...all].filter((m) => !own.has(m)).sort();
    assert.deepEqual([...leftOut(script)].sort(), expected, `${f}: its script holds its own widgets (and the wasm loader), no other`);
  }
});
