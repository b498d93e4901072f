import {cp, mkdtemp, readdir, symlink} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** What a build neither reads nor may find: outputs, caches and the bench (it reads git's history for the sitemap). */
const SKIP = new Set([
  'node_modules',
  'build',
  'build-waitlist',
  '.build.releases',
  '.rebuild.lock',
  '.docusaurus',
  '.data',
  '.cache',
  'test-results',
  'playwright-report',
  'bench',
]);

/**
 * A copy of the project in a new temporary folder (sharing node_modules), for a test that builds
 * it: a build of the project itself would race the other tests reading build/.
 */
export async function copyOfSite(prefix: string): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), prefix));
  for (const entry of await readdir(ROOT)) {
    if (SKIP.has(entry)) continue;
    await cp(path.join(ROOT, entry), path.join(copy, entry), {recursive: true});
  }
  await symlink(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  return copy;
}
