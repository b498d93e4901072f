/**
 * The operator's script (scripts/waitlist.ts, as docs/operating.md runs it): the export lists every
 * address the server acknowledged, oldest first, as CSV a spreadsheet reads back; an erasure
 * request deletes an address whatever its letter case; both are refused while a server holds the
 * PGlite directory, and for a directory that holds no database.
 */
import {execFile} from 'node:child_process';
import path from 'node:path';
import {promisify} from 'node:util';
import {
  createPgliteStorage,
  signUp,
  startServer,
  type ServerProcess,
  type Storage,
} from './server-process';
import {tsxArgs} from '../tsx';

jest.setTimeout(120_000);

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

function waitlist(env: Readonly<Record<string, string>>, ...args: string[]) {
  return run(process.execPath, tsxArgs('scripts/waitlist.ts', args), {
    cwd: ROOT,
    env: {...process.env, DATA_DIR: '', DATABASE_URL: '', ...env},
  });
}

let storage: Storage;
let server: ServerProcess | undefined;

beforeAll(async () => {
  // Empty: the server creates the database itself, as on a host's first start.
  storage = await createPgliteStorage({empty: true});
});

afterAll(async () => {
  await server?.stop();
  await storage.dispose();
}, 60_000);

it('exports every acknowledged address as CSV and deletes one, never while the server runs', async () => {
  server = await startServer({storage});
  // What the check lets through, apostrophes and braces included, comes out as typed.
  const emails = ['first@example.com', "o'hara@example.com", 'x{1}@example.com'];
  for (const email of emails) expect((await signUp(server, email)).status).toBe(201);

  const inUse = /in use by process \d+/;
  await expect(waitlist(storage.env, 'export')).rejects.toThrow(inUse);
  await expect(waitlist(storage.env, 'delete', 'first@example.com')).rejects.toThrow(inUse);
  await server.stop();
  server = undefined;

  const {stdout} = await waitlist(storage.env, 'export');
  const lines = stdout.split('\r\n');
  expect(lines[0]).toBe('id,email,created_at');
  expect(lines.slice(1, -1).map((line) => line.replace(/^\d+,|,[^,]+$/g, ''))).toEqual([
    'first@example.com',
    "o'hara@example.com",
    'x{1}@example.com',
  ]);
  expect(lines.at(-1)).toBe('');
  expect(lines[1]).toMatch(/^\d+,first@example\.com,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

  expect((await waitlist(storage.env, 'delete', 'First@Example.com')).stdout).toBe(
    'Deleted: First@Example.com\n',
  );
  expect((await waitlist(storage.env, 'delete', 'first@example.com')).stdout).toBe(
    'Not on the waitlist: first@example.com\n',
  );
  const after = (await waitlist(storage.env, 'export')).stdout;
  expect(after).not.toContain('first@example.com');
  expect(after.split('\r\n')).toHaveLength(lines.length - 1);
});

it('refuses a data directory that holds no database, instead of printing an empty list', async () => {
  const missing = path.join(path.dirname(storage.env.DATA_DIR ?? ''), 'no-such-directory');
  await expect(waitlist({DATA_DIR: missing}, 'export')).rejects.toThrow(/No waitlist database in/);
});
