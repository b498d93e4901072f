/**
 * Lists what in the articles needs a writer: facts marked `<Expires on="…">` that have ended or
 * end within 60 days, and articles not reviewed for six months. Exits 1 when a fact has expired or
 * a mark cannot be read. `--today YYYY-MM-DD` checks as of another day.
 */
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {checkArticle, formatFinding, isFailure} from '../plugins/freshness/check';
import {parseDay, utcDay} from '../src/lib/dates';

const siteDir = path.resolve(__dirname, '..');

async function articleFiles(): Promise<string[]> {
  const entries = await readdir(path.join(siteDir, 'blog'), {recursive: true});
  return entries
    .filter((entry) => /\/index\.mdx?$/.test(entry.split(path.sep).join('/')))
    .map((entry) => path.join('blog', entry).split(path.sep).join('/'))
    .sort();
}

function todayFromArguments(args: readonly string[]): Date {
  const index = args.indexOf('--today');
  if (index === -1) return utcDay(new Date());
  const day = parseDay(args[index + 1] ?? '');
  if (!day) throw new Error('--today takes a day as YYYY-MM-DD');
  return day;
}

async function main(): Promise<void> {
  const today = todayFromArguments(process.argv.slice(2));
  const files = await articleFiles();
  const findings = (
    await Promise.all(
      files.map(async (file) =>
        checkArticle(file, await readFile(path.join(siteDir, file), 'utf8'), today),
      ),
    )
  ).flat();
  for (const finding of findings) console.log(formatFinding(finding));
  const failures = findings.filter(isFailure).length;
  console.log(
    `${files.length} articles checked as of ${today.toISOString().slice(0, 10)}: ` +
      `${findings.length} to look at, ${failures} that must be fixed.`,
  );
  process.exitCode = failures > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
