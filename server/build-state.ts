/**
 * Whether the production build is missing or older than its sources, and building it then: what
 * `npm start` and `npm run check-content` (which measures the built pages) do first.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';

const SOURCES = ['blog', 'src', 'static', 'plugins', 'docusaurus.config.ts', 'package-lock.json'];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(entry).map((child) => newestChange(path.join(entry, child))),
  );
}

/** True when `buildDir` (relative to `siteDir`) was not built after the last change of a source. */
export function isBuildStale(buildDir: string, siteDir = process.cwd()): boolean {
  const marker = path.resolve(siteDir, buildDir, '_headers');
  const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  return builtAt < Math.max(...SOURCES.map((source) => newestChange(path.join(siteDir, source))));
}

/** Runs `npm run build` into `buildDir` when it is stale, its output on this process's. */
export function buildIfStale(buildDir: string, siteDir = process.cwd()): void {
  if (!isBuildStale(buildDir, siteDir)) return;
  console.log('Building the site (sources changed since the last build)…');
  execFileSync('npm', ['run', 'build', '--', '--out-dir', buildDir], {
    cwd: siteDir,
    stdio: 'inherit',
  });
}
