import type {Page} from '@playwright/test';
import {WAITLIST_PORT} from '../../playwright.config';
import {TOAST_DURATION_MS, WAITLIST_CALL_TIMEOUT_MS} from '../../src/lib/waitlist';
import {COLOR_SCHEMES, axeViolations, expect, open, openHydrated, test} from './fixtures';
import {WAITLIST_THANKS} from './journeys';

/** A fresh address per test and project, so reruns never collide. */
function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

function waitlist(page: Page) {
  const card = page.locator('#products article').filter({hasText: 'Gotcha Trip Planner'});
  return {
    card,
    input: card.getByRole('textbox', {name: 'Get an e-mail at our next launch'}),
    button: card.getByRole('button', {name: /Join/}),
  };
}

async function submit(page: Page, email: string): Promise<void> {
  const {input, button} = waitlist(page);
  await input.fill(email);
  await button.click();
}

function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({hasText: text});
}

test.describe('waitlist form on a build with a product coming soon', () => {
  test.use({baseURL: `http://localhost:${WAITLIST_PORT}`});

  test('takes the coming-soon product’s place, and tests the connection once it is used', async ({
    page,
  }) => {
    const connectionTest = page.waitForRequest(
      (request) =>
        request.method() === 'HEAD' && request.url().includes('/rest/v1/waitlist_emails'),
    );
    await open(page, '/');
    const {card, input, button} = waitlist(page);
    // The framework, the form's code and the connection test come with the first touch.
    await input.focus();
    await connectionTest;
    await expect(card.getByText('Coming soon')).toBeVisible();
    await expect(input).toHaveAttribute('type', 'email');
    await expect(input).toHaveAttribute('required', '');
    await expect(button).toBeEnabled();
    // The product's own links wait for its launch; only the form's privacy notice links.
    await expect(card.getByRole('link')).toHaveText(['privacy policy']);
  });

  test('signs up an address typed and sent before the form’s code has arrived', async ({page}) => {
    await open(page, '/');
    const {input} = waitlist(page);
    const email = uniqueEmail('early');
    // At once, as a visitor on a slow link would: the framework is still on its way.
    await input.click();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Thanks for joining')).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(input).toHaveValue('');
  });

  test('says where the address goes, linking the privacy policy, beside the field', async ({
    page,
  }) => {
    await open(page, '/');
    const {input, card} = waitlist(page);
    await expect(input).toHaveAccessibleDescription(
      /^We’ll e-mail you once, when the next of our coming-soon products launches, then delete your address\./,
    );
    await card.getByRole('link', {name: 'privacy policy'}).click();
    await expect(page).toHaveURL('/gotcha-screen-translator/privacy-policy#the-waitlist');
    await expect(page.getByRole('heading', {name: 'The waitlist'})).toBeInViewport();
  });

  test('names the coming-soon product in the footer without linking it, as its card does', async ({
    page,
  }) => {
    await open(page, '/blogs');
    const products = page.getByRole('contentinfo').getByRole('region', {name: 'Products'});
    await expect(products.getByText('Gotcha Trip Planner')).toBeVisible();
    await expect(products.getByText('Coming soon')).toBeVisible();
    await expect(products.getByRole('link', {name: /Gotcha Trip Planner/})).toHaveCount(0);
    await expect(products.getByRole('link', {name: 'Gotcha Screen Translator'})).toBeVisible();
  });

  test('thanks the visitor, clears the input, then says a second sign-up is a duplicate', async ({
    page,
    watch,
  }) => {
    watch.expectErrors(/status of 409/); // the browser's own note on the duplicate's response
    await open(page, '/');
    const email = uniqueEmail('joins');
    await submit(page, email);
    await expect(toast(page, WAITLIST_THANKS)).toBeVisible();
    await expect(waitlist(page).input).toHaveValue('');
    await submit(page, email.toUpperCase());
    await expect(toast(page, 'This email is already on our waitlist')).toBeVisible();
  });

  test('asks for a valid address when it is empty or has no @, without calling the database', async ({
    page,
  }) => {
    await open(page, '/');
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') writes.push(request.url());
    });
    for (const value of ['', 'not-an-address']) {
      await submit(page, value);
      await expect(toast(page, 'Please provide a valid email address').first()).toBeVisible();
    }
    expect(writes).toEqual([]);
  });

  test('shows the database’s message for an address the database rejects', async ({
    page,
    watch,
  }) => {
    watch.expectErrors(/status of 400/);
    await open(page, '/');
    await submit(page, 'a@b');
    await expect(
      toast(
        page,
        'Database error: new row for relation "waitlist_emails" violates check constraint',
      ),
    ).toBeVisible();
  });

  test.describe('with requests held or refused', () => {
    // page.route cannot change what goes through a service worker.
    test.use({serviceWorkers: 'block'});

    test('says something went wrong when the server cannot be reached', async ({page, watch}) => {
      watch.expectErrors(/Failed to load resource/);
      await page.route('**/rest/v1/**', (route) => route.abort('connectionrefused'));
      await open(page, '/');
      await submit(page, uniqueEmail('offline'));
      await expect(toast(page, 'Something went wrong. Please try again later.')).toBeVisible();
    });

    test('gives up on a sign-up with no answer after 10 seconds, keeping the address', async ({
      page,
    }) => {
      // Every waitlist call is held and never answered; the page's clock, not the test, waits.
      await page.clock.install();
      await page.route('**/rest/v1/waitlist_emails*', () => {});
      await open(page, '/');
      const {input, button} = waitlist(page);
      const email = uniqueEmail('stalled');
      const signUpSent = page.waitForRequest((request) => request.method() === 'POST');
      await submit(page, email);
      await signUpSent;
      await expect(button).toBeDisabled();
      // The page stays usable while the calls hang: the connection test blocks nothing.
      await expect(input).toBeEditable();
      await page.clock.runFor(WAITLIST_CALL_TIMEOUT_MS - 1000);
      await expect(button).toBeDisabled();
      await page.clock.runFor(1000);
      await expect(toast(page, 'Something went wrong. Please try again later.')).toBeVisible();
      await expect(input).toHaveValue(email);
      await expect(button).toBeEnabled();
      await expect(button).toHaveText('Join the waitlist');
    });

    test('says something went wrong when the connection drops, keeping the address', async ({
      page,
      watch,
    }) => {
      watch.expectErrors(/Failed to load resource/);
      await page.route('**/rest/v1/waitlist_emails*', (route) => route.abort('connectionreset'));
      await open(page, '/');
      const {input, button} = waitlist(page);
      const email = uniqueEmail('dropped');
      await submit(page, email);
      await expect(toast(page, 'Something went wrong. Please try again later.')).toBeVisible();
      await expect(input).toHaveValue(email);
      await expect(button).toBeEnabled();
    });

    test('disables the button while submitting', async ({page}) => {
      await open(page, '/');
      // The sign-up is held until the test has seen the button while it waits: no clock.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/rest/v1/waitlist_emails*', async (route) => {
        if (route.request().method() === 'POST') await released;
        await route.continue();
      });
      const {button} = waitlist(page);
      await submit(page, uniqueEmail('slow'));
      await expect(button).toBeDisabled();
      await expect(button).toHaveText('Joining…');
      release();
      await expect(toast(page, 'Thanks for joining')).toBeVisible();
      await expect(button).toBeEnabled();
    });
  });

  test('shows each toast for 5 seconds, then takes it away', async ({page}) => {
    // A visitor who asks for less motion sees a toast come and go without moving, so what is on
    // the screen is what the page's clock says, with nothing left to play out.
    await page.emulateMedia({reducedMotion: 'reduce'});
    await page.clock.install();
    await open(page, '/');
    // The first toast brings the toasts' code, a chunk of its own, while the page's time runs.
    await submit(page, '');
    await expect(toast(page, 'Please provide a valid email address')).toBeVisible();
    // From here the page's time moves only when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await submit(page, uniqueEmail('toast'));
    const thanks = toast(page, 'Thanks for joining');
    await expect(thanks).toBeVisible();
    await page.clock.runFor(TOAST_DURATION_MS - 1);
    await expect(thanks).toBeVisible();
    await page.clock.runFor(1);
    await expect(thanks).toBeHidden();
  });

  test('loads supabase-js in a chunk of its own, not in the main bundle', async ({page}) => {
    const waitlistChunks: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      if (/supabase-js/.test(await response.text())) waitlistChunks.push(response.url());
    });
    await open(page, '/');
    await waitlist(page).input.focus();
    await expect.poll(() => waitlistChunks.length).toBeGreaterThan(0);
    expect(waitlistChunks.some((url) => /main\.[0-9a-f]+\.js$/.test(url))).toBe(false);
  });

  for (const colorScheme of COLOR_SCHEMES) {
    test(`has no axe violations in ${colorScheme} mode`, async ({page}) => {
      await page.emulateMedia({colorScheme});
      await open(page, '/');
      await expect(waitlist(page).input).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe('while every product is live', () => {
  test('no page downloads supabase-js or react-toastify', async ({page}) => {
    const scripts = new Map<string, string>();
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.set(response.url(), await response.text());
      }
    });
    for (const path of ['/', '/blogs', '/blog/taobao-guide']) await openHydrated(page, path);
    await page.waitForLoadState('networkidle');
    expect(scripts.size).toBeGreaterThan(0);
    const withWaitlistCode = [...scripts]
      .filter(([, code]) => /supabase-js|Toastify__toast-container/.test(code))
      .map(([url]) => url);
    expect(withWaitlistCode).toEqual([]);
  });
});
