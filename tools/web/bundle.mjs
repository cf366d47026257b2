// tools/build-web.mjs, type-checking and bundling: tsc on web/ and tests/ui/, then esbuild makes one
// script per page (the home page's, each lesson's with only its own widgets, the playground page's)
// and the stylesheet.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { fail, ROOT } from './options.mjs';

function run(cmd, cmdArgs) {
  return new Promise((done) => {
    const child = spawn(cmd, cmdArgs, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => done({ code, out }));
    child.on('error', (e) => done({ code: 1, out: String(e) }));
  });
}

export async function typecheck() {
  const tsc = join(ROOT, 'node_modules/.bin/tsc');
  const projects = ['web/tsconfig.json', 'tests/ui/tsconfig.json'].filter((p) => existsSync(join(ROOT, p)));
  const results = await Promise.all(projects.map((p) => run(tsc, ['-p', p, '--noEmit'])));
  let ok = true;
  results.forEach((r, i) => {
    if (r.code !== 0) {
      ok = false;
      console.error(`build-web: type errors in ${projects[i]}:\n${r.out.trim()}`);
    }
  });
  if (!ok) fail('tsc found type errors (see above)');
}

export const hash = (buf) => createHash('sha256').update(buf).digest('hex').slice(0, 10);

/**
 * An esbuild plugin for one page's bundle: every lazy import (`import()`) of a module outside
 * `keep` (repository paths) becomes a stub that throws "... is not in this page's script", so the
 * page's one file holds only the widgets it places. The stub names the module: tests/site reads
 * them to check which widgets a script left out.
 */
function pageOnly(keep) {
  return {
    name: 'page-only',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const path = relative(ROOT, resolve(args.resolveDir, args.path));
        return keep.has(path) ? undefined : { path, namespace: 'not-on-page' };
      });
      b.onLoad({ filter: /.*/, namespace: 'not-on-page' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`${args.path} is not in this page's script`)});`,
        loader: 'js',
      }));
    },
  };
}

/** The site's scripts, one per page, each one file (no splitting: a throttled phone pays ~150 ms
    per request): `site` for the home page (no widget, no wasm loader), `lesson-<slug>` for each
    lesson (the loader and the lesson's own widgets), and the playground's. Returns the files, the
    warnings and each page's script name. */
export async function bundle(lessons, modules, ASSETS) {
  const common = {
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    minify: true,
    sourcemap: 'linked',
    target: ['es2022'],
    logLevel: 'silent',
    legalComments: 'linked',
    outdir: ASSETS,
    // flat in assets/, beside the .wasm files the loader finds next to itself (import.meta.url);
    // names carry a hash, so they cache safely
    entryNames: '[name]-[hash]',
    format: 'esm',
    platform: 'browser',
    loader: { '.c': 'text', '.h': 'text' },
    metafile: true,
  };
  const pages = [
    { name: 'site', entry: 'web/src/main.ts', keep: new Set() },
    ...lessons.map((l) => ({
      name: `lesson-${l.slug}`,
      entry: 'web/src/main.ts',
      keep: new Set(l.widgets.length ? ['web/src/core.ts', ...l.widgets.map((w) => modules[w])] : []),
    })),
    { name: 'playground-page', entry: 'web/src/playground/main.ts', keep: null },
  ];
  try {
    const [css, ...js] = await Promise.all([
      esbuild.build({
        ...common,
        entryPoints: { site: 'web/styles/site.css' },
        entryNames: '[name]',
        format: undefined,
        metafile: false,
        loader: { '.woff2': 'file' },
        assetNames: 'fonts/[name]-[hash]',
      }),
      ...pages.map((pg) =>
        esbuild.build({ ...common, entryPoints: { [pg.name]: pg.entry }, plugins: pg.keep ? [pageOnly(pg.keep)] : [] }),
      ),
    ]);
    const scripts = {};
    pages.forEach((pg, i) => {
      const outs = Object.keys(js[i].metafile.outputs).filter((o) => o.endsWith('.js'));
      if (outs.length !== 1) fail(`esbuild wrote ${outs.length} scripts for ${pg.name}, not one`);
      scripts[pg.name] = relative(ASSETS, resolve(ROOT, outs[0]));
    });
    return {
      files: [...js.flatMap((r) => r.outputFiles), ...css.outputFiles],
      warnings: [...js.flatMap((r) => r.warnings), ...css.warnings],
      scripts,
    };
  } catch (e) {
    const msgs = (e.errors ?? []).map((m) => `${m.location ? `${m.location.file}:${m.location.line}: ` : ''}${m.text}`);
    fail(`esbuild failed:\n  ${msgs.join('\n  ') || e.message}`);
  }
}
