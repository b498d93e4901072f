/**
 * What only the bundled server does, serving the production build (run `npm run build`
 * first; npm test does). What every host must answer over HTTP, this server included, is in
 * tests/conformance.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import {createPgliteStorage, startServer, type ServerProcess, type Storage} from './server-process';

jest.setTimeout(60_000);

const BUILD_DIR = path.resolve(__dirname, '../../build');
let server: ServerProcess;
let storage: Storage;

beforeAll(async () => {
  if (!existsSync(path.join(BUILD_DIR, '_headers'))) {
    throw new Error(`No production build in ${BUILD_DIR}: run "npm run build" first.`);
  }
  storage = await createPgliteStorage();
  server = await startServer({storage, buildDir: BUILD_DIR});
});

afterAll(async () => {
  await server.stop();
  await storage.dispose();
});

it('logs a line naming the path of a request for an unknown page', async () => {
  expect((await fetch(`${server.url}/no/such/page`)).status).toBe(404);
  const notFound = /not found: \/no\/such\/page/;
  expect(await server.outputMatching(notFound)).toMatch(notFound);
});

it('leaves HSTS out over plain HTTP', async () => {
  expect((await fetch(`${server.url}/`)).headers.get('strict-transport-security')).toBeNull();
});

it('answers a malformed URL with its own not-found page and status 400', async () => {
  const response = await fetch(`${server.url}/%zz`);
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await response.text()).toContain('Oops! Page not found');
});
