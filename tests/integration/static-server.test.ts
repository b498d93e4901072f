/**
 * What only the bundled server does, serving the production build (run `npm run build`
 * first; npm test does), asked in process with `inject`. What every host must answer over HTTP,
 * this server included, is in tests/conformance; its log line for an unknown page, in
 * answer-headers.test.ts, which runs the real process.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import type {FastifyInstance} from 'fastify';
import {serversOfThisFile} from './servers';

jest.setTimeout(60_000);

const BUILD_DIR = path.resolve(__dirname, '../../build');
const servers = serversOfThisFile();
let app: FastifyInstance;

beforeAll(async () => {
  if (!existsSync(path.join(BUILD_DIR, '_headers'))) {
    throw new Error(`No production build in ${BUILD_DIR}: run "npm run build" first.`);
  }
  app = await servers.app({buildDir: BUILD_DIR});
});

it('leaves HSTS out over plain HTTP', async () => {
  const response = await app.inject({url: '/'});
  expect(response.statusCode).toBe(200);
  expect(response.headers['strict-transport-security']).toBeUndefined();
});

it('answers a malformed URL with its own not-found page and status 400', async () => {
  const response = await app.inject({url: '/%zz'});
  expect(response.statusCode).toBe(400);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.body).toContain('Oops! Page not found');
});
