/*
 * `npm run build` (and before start, cli, migrate): compiles src/ and scripts/ into dist/ with tsc,
 * only when a source or compiler setting is newer than the last build, incrementally (tsc's build
 * info), and never by deleting dist/: a server running from dist/ keeps its files. Compiled files
 * whose source is gone are removed (a deleted migration must not run on).
 *
 * `--force`: compile even when nothing changed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const stamp = path.join(dist, '.build-stamp');
const SOURCES = ['src', 'scripts'];
const SETTINGS = ['tsconfig.json', 'tsconfig.build.json', 'package.json'];

/** Every file (and, with `withDirs`, directory) below `dir`, as paths relative to `base`. */
function below(dir, base = root, withDirs = false) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((entry) => (entry.isFile() || (withDirs && entry.isDirectory()) ? [path.relative(base, path.join(entry.parentPath, entry.name))] : []));
}

// A deleted or renamed source changes its directory's time, not a file's.
const newestSource = () =>
  Math.max(
    ...[...SOURCES, ...SOURCES.flatMap((dir) => below(path.join(root, dir), root, true)), ...SETTINGS].map(
      (file) => fs.statSync(path.join(root, file)).mtimeMs,
    ),
  );

const upToDate = () => fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= newestSource();

/** dist/…/x.js (and its map) whose source x.ts is gone. */
function removeOrphans() {
  let removed = 0;
  for (const dir of SOURCES) {
    for (const file of below(path.join(dist, dir), dist)) {
      const source = file.replace(/\.js(\.map)?$/, '.ts');
      if (source !== file && !fs.existsSync(path.join(root, source))) {
        fs.rmSync(path.join(dist, file));
        removed += 1;
      }
    }
  }
  return removed;
}

const quiet = process.argv.includes('--quiet');
const say = (line) => quiet || process.stderr.write(`build: ${line}\n`);

if (!process.argv.includes('--force') && upToDate()) {
  say('dist/ is up to date');
} else {
  const started = Date.now();
  if (process.argv.includes('--force')) fs.rmSync(path.join(dist, '.tsbuildinfo'), { force: true });
  say('compiling changed sources into dist/ (tsc, incremental)');
  const compiledAt = Date.now();
  const tsc = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--incremental', '--tsBuildInfoFile', path.join(dist, '.tsbuildinfo')],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (tsc.status !== 0) {
    process.stderr.write('build: tsc failed; dist/ keeps what compiled\n');
    process.exit(tsc.status ?? 1);
  }
  const removed = removeOrphans();
  fs.writeFileSync(stamp, '');
  // A source saved while tsc ran is newer than the build: the stamp says when compiling began.
  fs.utimesSync(stamp, new Date(compiledAt), new Date(compiledAt));
  say(`done in ${((Date.now() - started) / 1000).toFixed(1)} s${removed ? `, ${removed} stale files removed` : ''}`);
}
