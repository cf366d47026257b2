// The native playground run headless, as the tests and benchmarks use it: every scene steps
// with a scripted input, prints its state hash (the same twice), and saves a screenshot that
// shows the scene (not a blank or one-colour canvas). Bad arguments exit 2 with a message.
// Run by `make test-playground` with node:test; needs build/playground/earlyout-playground.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const BIN = 'build/playground/earlyout-playground';
const OUT = 'build/test-artifacts';
mkdirSync(OUT, { recursive: true });
const env = { ...process.env, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy' };

function run(args) {
  return execFileSync(BIN, args, { env, encoding: 'utf8' });
}

/** Reads a 32-bit BMP as SDL_SaveBMP writes it: { width, height, pixel(x, y) -> 0xRRGGBB }. */
function readBmp(path) {
  const b = readFileSync(path);
  assert.equal(b.toString('latin1', 0, 2), 'BM');
  const offset = b.readUInt32LE(10), width = b.readInt32LE(18), rawHeight = b.readInt32LE(22), bpp = b.readUInt16LE(28);
  assert.equal(bpp, 32, 'a 32-bit BMP');
  const height = Math.abs(rawHeight), bottomUp = rawHeight > 0;
  return {
    width,
    height,
    pixel(x, y) {
      const row = bottomUp ? height - 1 - y : y;
      const i = offset + (row * width + x) * 4;
      return (b[i + 2] << 16) | (b[i + 1] << 8) | b[i];
    },
  };
}

const scenes = run(['--list']).trim().split('\n').map((l) => l.split(/\s+/)[0]);

test('the registry lists the five scenes', () => {
  for (const id of ['warzone', 'stress', 'platformer', 'sprites', 'msx']) assert.ok(scenes.includes(id), id);
});

for (const scene of scenes) {
  test(`${scene}: headless run is deterministic and its screenshot shows the scene`, () => {
    const shot = `${OUT}/playground-native-${scene}.bmp`;
    const args = ['--scene', scene, '--frames', '90', '--seed', '3', '--script', 'random'];
    const first = run([...args, '--screenshot', shot]);
    const second = run(args);
    const hash = (text) => /^hash ([0-9a-f]{16})$/m.exec(text)?.[1];
    assert.ok(hash(first), `a hash line in:\n${first}`);
    assert.equal(hash(first), hash(second));
    assert.match(first, /^ms_per_frame [0-9.]+ collision_ms_per_frame [0-9.]+$/m);
    const img = readBmp(shot);
    assert.ok(img.width >= 960 && img.height >= 664, `${img.width}x${img.height}: the scene and the status bar`);
    const colours = new Map();
    for (let y = 0; y < img.height; y += 3)
      for (let x = 0; x < img.width; x += 3) {
        const c = img.pixel(x, y);
        colours.set(c, (colours.get(c) ?? 0) + 1);
      }
    const total = [...colours.values()].reduce((a, b) => a + b, 0);
    const top = Math.max(...colours.values());
    assert.ok(colours.size >= 6, `${colours.size} colours`);
    assert.ok(top / total < 0.9, `one colour covers ${Math.round((100 * top) / total)}%`);
  });
}

test('--tables prints the tables the page is built from, and the README lists the same keys', () => {
  const t = JSON.parse(run(['--tables']));
  assert.deepEqual(t.scenes.map((s) => s.id), scenes);
  assert.deepEqual(t.methods.map((m) => m.id), ['brute', 'gridmask', 'sectors', 'sweep']);
  assert.deepEqual(t.cells, [8, 16, 32, 64, 128, 256, 512, 1024]);
  assert.equal(new Set(t.keys.map((k) => k.name)).size, t.keys.length);
  assert.equal(t.buttons.reduce((all, b) => all | b.bit, 0), (1 << t.buttons.length) - 1, 'one bit each');
  // The README's sentence is the table, key by key, in its order: a key added, dropped or
  // renamed in playground/keys.h fails here until the README says so too.
  const readme = readFileSync('README.md', 'utf8').replace(/\s*\n\s*/g, ' ');
  const m = /Keys in every scene \(playground\/keys\.h\): (.*?); click/.exec(readme);
  assert.ok(m, "the README's list of keys");
  assert.deepEqual(m[1].split(/, (?=`)/), t.keys.map((k) => `\`${k.keys}\` ${k.help}`));
});

test('a different seed gives a different hash', () => {
  const hash = (seed) => /^hash (\w+)$/m.exec(run(['--scene', 'warzone', '--frames', '60', '--seed', String(seed)]))[1];
  assert.notEqual(hash(1), hash(2));
});

test('bad arguments exit 2 with a message', () => {
  for (const args of [['--scene', 'nope'], ['--method', 'quantum'], ['--n', '-5'], ['--seed', '0'], ['--frames', 'x'],
                      ['--bogus', '1'], ['--scene'], ['--script', '5Q', '--frames', '1']]) {
    const r = spawnSync(BIN, args, { env, encoding: 'utf8' });
    assert.equal(r.status, 2, `${args.join(' ')}: status ${r.status}`);
    assert.match(r.stderr, /playground: /, args.join(' '));
  }
});

test("the README's headless command runs as written", () => {
  const readme = readFileSync('README.md', 'utf8');
  const m = /^ *SDL_VIDEODRIVER=dummy (build\/playground\/earlyout-playground[^\n]*\\\n[^\n]*)$/m.exec(readme);
  assert.ok(m, 'the README shows a headless command');
  const args = m[1].replace(/\\\n/g, ' ').trim().split(/\s+/).slice(1);
  const shot = args.indexOf('--screenshot');
  assert.ok(shot > 0, 'with a screenshot');
  args[shot + 1] = `${OUT}/readme-${args[shot + 1]}`;
  const out = run(args);
  assert.match(out, /^hash [0-9a-f]{16}$/m);
  assert.match(out, /^ms_per_frame /m);
  assert.doesNotMatch(out, / status /);
});
