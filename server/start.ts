/**
 * `npm start`: builds the site when the build is missing or older than its sources, then serves it
 * with the waitlist REST stand-in (see serve.ts for the environment it reads).
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

const buildDir = process.env.BUILD_DIR ?? 'build';
const buildMarker = path.join(buildDir, '_headers');
const builtAt = existsSync(buildMarker) ? statSync(buildMarker).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newestChange))) {
  console.log('Building the site (sources changed since the last build)…');
  execFileSync('npm', ['run', 'build', '--', '--out-dir', buildDir], {stdio: 'inherit'});
}
void import('./serve');
