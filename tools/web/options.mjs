// tools/build-web.mjs, its first job: the command line, and the output folder's safety. The build
// empties --out before it writes, so it refuses any folder it did not write itself.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const USAGE =
  'usage: node tools/build-web.mjs [--out DIR] [--wasm DIR] [--playground DIR] [--lessons DIR] [--no-typecheck] [--allow-missing-wasm]';

/** Written first into every output folder: the build empties a folder only when it finds this. */
export const MARKER = '.earlyout-site';

export function fail(message) {
  console.error(`build-web: ${message}`);
  process.exit(1);
}

/** The options of `node tools/build-web.mjs ...`; an unknown argument fails with the usage. */
export function readOptions(args) {
  const opt = {
    out: 'build/site',
    wasm: 'build/wasm',
    playground: 'build/playground/web',
    lessons: 'lessons',
    typecheck: true,
    allowMissingWasm: false,
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--out') opt.out = args[++i];
    else if (a === '--wasm') opt.wasm = args[++i];
    else if (a === '--playground') opt.playground = args[++i];
    else if (a === '--lessons') opt.lessons = args[++i];
    else if (a === '--no-typecheck') opt.typecheck = false;
    else if (a === '--allow-missing-wasm') opt.allowMissingWasm = true;
    else fail(`unknown argument ${a}\n${USAGE}`);
  }
  return opt;
}

/** The output folder OUT is emptied before each build: refuse the repository or a folder above it, one
    with files git tracks, and any non-empty folder without the marker (this build did not write it). */
export function checkOut(OUT) {
  const rel = relative(process.cwd(), OUT);
  const shown = rel === '' ? '.' : rel.startsWith('..') ? OUT : rel;
  if (OUT === ROOT || ROOT.startsWith(OUT + '/') || OUT === '/') fail(`refusing to build into ${shown}: it would delete the repository`);
  if (!existsSync(OUT)) return;
  if (!statSync(OUT).isDirectory()) fail(`--out ${shown} is not a folder`);
  const entries = readdirSync(OUT);
  if (entries.length === 0) return;
  if (!entries.includes(MARKER))
    fail(
      `refusing to build into ${shown}: it holds files this build did not write (no ${MARKER} marker) and the build ` +
        `empties its output folder. Give a new or empty folder, or delete this one yourself.`,
    );
  if (OUT.startsWith(ROOT + '/')) {
    const git = spawnSync('git', ['-C', ROOT, 'ls-files', '--', relative(ROOT, OUT)], { encoding: 'utf8' });
    const tracked = git.status === 0 ? git.stdout.split('\n').filter(Boolean) : [];
    if (tracked.length)
      fail(`refusing to build into ${shown}: it holds files of the repository (${tracked.slice(0, 3).join(', ')}${tracked.length > 3 ? ', ...' : ''})`);
  }
}
