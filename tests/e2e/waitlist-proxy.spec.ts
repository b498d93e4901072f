/**
 * The waitlist as deployed behind nginx: the coming-soon build (`build-waitlist`) with its own
 * `_deploy/nginx.conf`, the form talking to the page's origin and nginx sending the calls on to a
 * stand-in for the Supabase project (tests/conformance/upstream.ts), or to one that drops every
 * connection. The page fixture fails any test whose page asks another origin for anything.
 */
import {createServer, type Server} from 'node:net';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {startRecordingUpstream, type RecordingUpstream} from '../conformance/upstream';
import {freePort, startNginx, type WebServer} from '../conformance/web-servers';
import {expect, open, test as base} from './fixtures';

const BUILD_DIR = path.resolve(__dirname, '../../build-waitlist');

interface Hosts {
  upstream: RecordingUpstream;
  /** nginx sending the waitlist's calls to the stand-in. */
  proxied: WebServer;
  /** nginx sending them to a server that closes every connection at once. */
  dropping: WebServer;
}

const test = base.extend<{behind: keyof Omit<Hosts, 'upstream'>}, {hosts: Hosts}>({
  behind: ['proxied', {option: true}],
  hosts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from it
    async ({}, use) => {
      const upstream = await startRecordingUpstream();
      const dropper: Server = createServer((socket) => socket.destroy());
      const dropperPort = await freePort();
      await new Promise<void>((resolve) => dropper.listen(dropperPort, '127.0.0.1', resolve));
      const proxied = await startNginx({buildDir: BUILD_DIR, supabaseUrl: upstream.url});
      const dropping = await startNginx({
        buildDir: BUILD_DIR,
        supabaseUrl: `http://127.0.0.1:${dropperPort}`,
      });
      await use({upstream, proxied, dropping});
      await Promise.all([proxied.stop(), dropping.stop(), upstream.stop()]);
      await new Promise((resolve) => dropper.close(resolve));
    },
    {scope: 'worker'},
  ],
  baseURL: async ({hosts, behind}, use) => {
    await use(hosts[behind].url);
  },
});

function waitlist(page: Page) {
  const card = page.locator('#products article').filter({hasText: 'Gotcha Trip Planner'});
  return {
    input: card.getByRole('textbox', {name: 'Get an e-mail at our next launch'}),
    button: card.getByRole('button', {name: /Join/}),
  };
}

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe('the waitlist behind nginx, on the page’s own origin', () => {
  test('signs up through the site’s origin, the project behind it, and nothing else', async ({
    page,
    hosts,
    watch,
  }) => {
    await open(page, '/');
    const {input, button} = waitlist(page);
    const email = uniqueEmail('nginx');
    await input.fill(email);
    await button.click();
    await expect(page.getByRole('alert').filter({hasText: 'Thanks for joining'})).toBeVisible();
    await expect(input).toHaveValue('');
    const signUps = hosts.upstream.requests.filter(({method}) => method === 'POST');
    expect(signUps.length).toBeGreaterThan(0);
    expect(signUps.at(-1)?.headers.cookie).toBeUndefined();
    // Checked again by the page fixture as the test ends.
    expect(watch.foreignRequests).toEqual([]);
  });

  test.describe('when the project drops the connection', () => {
    test.use({behind: 'dropping'});

    test('says something went wrong, keeping the address and the button', async ({page, watch}) => {
      watch.expectErrors(/status of 502/);
      await open(page, '/');
      const {input, button} = waitlist(page);
      const email = uniqueEmail('dropped');
      await input.fill(email);
      await button.click();
      await expect(
        page.getByRole('alert').filter({hasText: 'Something went wrong. Please try again later.'}),
      ).toBeVisible();
      await expect(input).toHaveValue(email);
      await expect(button).toBeEnabled();
    });
  });
});
