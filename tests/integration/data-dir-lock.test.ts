/**
 * One process per PGlite data directory: a second server (an overlapping restart) or the seed
 * script on a directory a live server holds is refused, naming the directory and the holder,
 * and nothing the first server acknowledged is lost; a lock left by a killed server does not
 * block the restart.
 */
import {
  countRows,
  createPgliteStorage,
  seedRows,
  signUp,
  type ServerProcess,
  type Storage,
} from './server-process';
import {serversOfThisFile} from './servers';

jest.setTimeout(120_000);

const servers = serversOfThisFile();

// Empty: the server creates the database itself, as on a host's first start.
const newStorage = (): Promise<Storage> =>
  servers.storage(() => createPgliteStorage({empty: true}));

const startOn = (storage: Storage): Promise<ServerProcess> => servers.start({storage});

async function signUpAll(server: ServerProcess, label: string, count: number): Promise<string[]> {
  const emails = Array.from({length: count}, (_, index) => `${label}${index}@example.com`);
  for (const email of emails)
    expect({email, status: (await signUp(server, email)).status}).toEqual({email, status: 201});
  return emails;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

it('refuses a second server on a live data directory, naming it and the holder; nothing is lost', async () => {
  const storage = await newStorage();
  const dataDir = storage.env.DATA_DIR ?? '';
  const first = await startOn(storage);
  const acknowledged = await signUpAll(first, 'first', 5);

  const refusal = new RegExp(`${escape(dataDir)}.*in use by process \\d+`);
  await expect(servers.start({storage})).rejects.toThrow(refusal);
  await expect(seedRows(storage, 10)).rejects.toThrow(refusal);

  // The first server never noticed: it still takes sign-ups.
  acknowledged.push(...(await signUpAll(first, 'still-first', 5)));
  await first.stop();
  const restarted = await startOn(storage);
  expect(await countRows(restarted)).toBe(acknowledged.length);
  for (const email of acknowledged) {
    expect({email, status: (await signUp(restarted, email)).status}).toEqual({email, status: 409});
  }
});

it('starts on a data directory whose holder was killed, with every acknowledged address', async () => {
  const storage = await newStorage();
  const killed = await startOn(storage);
  const acknowledged = await signUpAll(killed, 'killed', 3);
  await killed.kill();

  const restarted = await startOn(storage);
  expect(await countRows(restarted)).toBe(acknowledged.length);
  expect((await signUp(restarted, 'after-restart@example.com')).status).toBe(201);
});
