/**
 * What the privacy policy promises a reader about the waitlist, the AI providers, the app's
 * permission step, the Trip Planner, the pages saved offline and Safari's app banner, from the
 * production build's pages (run `npm run build` first; npm test does), beside what the site does
 * to keep each promise where it is seen here (a sign-up's row, the pages' links and tags) or
 * where it runs elsewhere: the form's notice and request in tests/e2e/waitlist.spec.ts and
 * tests/unit/waitlist.test.ts, the deletions in sign-up-expiry.test.ts, pages kept and saved in
 * tests/e2e/offline.spec.ts, persistent storage and the iPhone's words in tests/e2e/iphone.spec.ts,
 * the facts a production build requires in tests/unit/legal-facts.test.ts. (The hosts' logs and
 * counts are in privacy-policy-hosts.test.ts.)
 */
import {execFile} from 'node:child_process';
import path from 'node:path';
import {promisify} from 'node:util';
import {products, TRANSLATOR_AI_PERMISSION} from '../../src/data/products';
import {
  ADD_TO_HOME_SCREEN_STEPS,
  HOME_SCREEN_KEEPS_THEM,
  IPHONE_DELETES_SAVED_GUIDES,
} from '../../src/data/saved-guides';
import {tsxArgs} from '../tsx';
import {POLICY_PATH, TERMS_PATH, builtPage, readerText, sectionText, shown} from './built-pages';
import type {StepOutcome} from './owner-sql';
import {createPgliteStorage, signUp, startServer, type Storage} from './server-process';

// A ceiling, not a wait: the server and PGlite start in seconds, and each step waits for its state.
jest.setTimeout(60_000);

const $policy = builtPage(POLICY_PATH);
const policy = readerText($policy('main'));
const $terms = builtPage(TERMS_PATH);

/** The list item that opens with `label` in bold, as it reads. */
function item($: typeof $policy, label: string): string {
  const items = $('main li').filter((_, li) => $(li).children('strong').first().text() === label);
  expect(items).toHaveLength(1);
  return readerText(items);
}

/** Runs one statement as the database owner (owner-sql.ts) and returns its rows. */
async function asOwner(storage: Storage, statement: string) {
  const child = promisify(execFile)(process.execPath, tsxArgs('tests/integration/owner-sql.ts'), {
    cwd: path.resolve(__dirname, '../..'),
    env: {...process.env, DATA_DIR: '', DATABASE_URL: '', ...storage.env},
  });
  child.child.stdin?.end(JSON.stringify([[[statement]]]));
  const [[outcome]] = JSON.parse((await child).stdout.trim().split('\n').at(-1) ?? '') as [
    [StepOutcome],
  ];
  if ('error' in outcome) throw new Error(outcome.error.message);
  return outcome.rows;
}

describe('the waitlist: one list, so one e-mail at the next launch', () => {
  it('stores a sign-up’s address and time, and nothing else: no product', async () => {
    expect(policy).toContain(
      'Joining it stores your e-mail address and the time you joined, and nothing else. It is one list because the form sends only your address, to one table',
    );
    const storage = await createPgliteStorage();
    try {
      const server = await startServer({storage});
      try {
        expect((await signUp(server, 'Ada@example.com')).status).toBe(201);
      } finally {
        await server.stop();
      }
      // Every column of the row: its number, the address (and its lower case, for duplicates in
      // another case) and the time.
      const [row, ...others] = await asOwner(storage, 'select * from public.waitlist_emails');
      expect(others).toEqual([]);
      expect(Object.keys(row ?? {}).sort()).toEqual(['created_at', 'email', 'email_lower', 'id']);
      expect([row?.email, row?.email_lower]).toEqual(['Ada@example.com', 'ada@example.com']);
    } finally {
      await storage.dispose();
    }
  });

  it('promises one e-mail at the next launch, then the address’s deletion', () => {
    const waitlist = sectionText($policy, 'the-waitlist');
    expect(waitlist).toContain(
      'When the next of our coming-soon products launches, we send one e-mail to every address on the list',
    );
    expect(waitlist).toContain(
      'Once that e-mail has gone out, we delete every address it was sent to.',
    );
  });
});

describe('the AI providers and the permission the app asks for', () => {
  it('promises nothing about the providers’ keeping that it cannot hold them to', () => {
    expect(policy).not.toMatch(/They do not keep it|bar them from keeping it/);
  });

  it('lets the terms point to the providers’ retention rather than promise none', () => {
    const link = $terms(`main a[href="${POLICY_PATH}#the-ai-providers"]`).filter((_, a) =>
      readerText($terms(a).parent()).includes(
        'apart from the time the AI provider that translates it may keep it, which our Privacy Policy states',
      ),
    );
    expect(readerText(link)).toBe('Privacy Policy');
  });

  it('states the permission step as the app asks it: nothing sent without it, nothing after it is withdrawn', () => {
    expect(policy).toContain(
      `Nothing is sent until you tap ${TRANSLATOR_AI_PERMISSION.allowButton}. If you do not, the app sends nothing`,
    );
    expect(item($policy, 'Withdrawing it.')).toContain(
      `Turn it off at any time in ${TRANSLATOR_AI_PERMISSION.withdrawIn}. From then on the app sends nothing and stops translating`,
    );
  });

  it('rests special-category data on that permission (GDPR Art. 9(2)(a)), not on starting capture', () => {
    expect(policy).toContain(
      'with your explicit consent (Art. 9(2)(a)): the separate permission the app asks for before its first translation',
    );
    expect(policy).not.toContain('you give it when you start capture');
    const consent = item($policy, 'Your separate consent (PIPL Art. 29 and 30).');
    expect(consent).toContain('the app tells you why sending it is necessary');
    expect(consent).toContain('It also tells you how sending it affects your rights');
  });

  it('names the EU, UK and China representatives from site.legal, never "none named"', () => {
    for (const [label, fact] of [
      ['Representative in the EU (GDPR Art. 27):', 'euRepresentative'],
      ['Representative in the UK (UK GDPR Art. 27):', 'ukRepresentative'],
      ['Representative in mainland China (PIPL Art. 53):', 'chinaRepresentative'],
    ] as const) {
      expect(item($policy, label)).toBe(`${label} ${shown(fact)}`);
    }
    expect(policy).not.toContain('none named');
  });

  it('promises nothing about other people’s special-category data that the app cannot know', () => {
    expect(policy).not.toContain('9(2)(e)');
    expect(policy).toContain(
      'the app cannot tell whose information a screen shows or whether that person made it public',
    );
  });
});

describe('complaints, and the logs of Supabase’s API', () => {
  it('gives UK users the complaints route to us that section 164A of the DPA 2018 requires', () => {
    expect(
      $policy('main strong').filter(
        (_, el) => $policy(el).text() === 'Complaints to us, in the UK.',
      ),
    ).toHaveLength(1);
    expect(
      $policy('main a[href="https://www.legislation.gov.uk/ukpga/2025/18/section/103"]').text(),
    ).toBe('section 103 of the Data (Use and Access) Act 2025');
    expect(item($policy, 'What we do.')).toBe(
      'What we do. We confirm that we have received it within 30 days, look into it, keep you told of our progress, and tell you the outcome without undue delay.',
    );
  });

  it('names the place Supabase’s API logs record, and promises no count lost at a restart it keeps', () => {
    expect(policy).toContain(
      'country, region, city, postal code, approximate latitude and longitude, and the network it belongs to',
    );
    expect(policy).not.toMatch(/on every restart|or nginx restarts\./);
  });
});

describe('the Trip Planner', () => {
  it('has its own section, which its card and every page’s footer link to', () => {
    expect($policy('h2#trip-planner').text()).toContain('The Trip Planner');
    const planner = products.find((product) => product.id === 'trip-planner');
    expect(planner?.privacyPath).toBe(`${POLICY_PATH}#trip-planner`);
    const home = builtPage('/');
    const card = home('#products article').filter((_, article) =>
      home(article).find('h3').text().includes('Gotcha Trip Planner'),
    );
    expect(card.find(`a[href="${POLICY_PATH}#trip-planner"]`)).toHaveLength(1);
    expect(home(`footer a[href="${POLICY_PATH}#trip-planner"]`).text()).toBe(
      'Trip Planner Privacy',
    );
  });

  it('says which terms cover it, and the terms say which of their sections apply', () => {
    const link = $policy(`main a[href="${TERMS_PATH}#trip-planner"]`);
    expect(link.text()).toBe('Terms of Service');
    expect(readerText(link.parent())).toContain('cover the Trip Planner too');
    expect($terms('h2#trip-planner').text()).toContain('The Trip Planner');
    const labels = $terms('#trip-planner')
      .nextUntil('h2')
      .find('li > strong')
      .toArray()
      .map((strong) => $terms(strong).text());
    expect(labels).toEqual(expect.arrayContaining(['What applies.', 'What does not.']));
  });

  it('is covered by the legal bases and the CCPA categories while it is a product', () => {
    expect(products.map((product) => product.title)).toContain('Gotcha Trip Planner');
    expect(item($policy, 'The Trip Planner:')).toBe(
      'The Trip Planner: making the plan you ask for (GDPR Art. 6(1)(b); PIPL Art. 13(1)(2)).',
    );
    expect(policy).toContain('and what you type into the Trip Planner.');
  });

  it('says what it collects and how long it is kept, from site.legal', () => {
    expect(item($policy, 'What it collects.')).toContain(
      'What you type: your preferences in your own words (such as your budget and the kind of hotel you like), the places you want to go and your dates',
    );
    expect(item($policy, 'How long it is kept.')).toBe(
      `How long it is kept. ${shown('tripPlannerRetention')}`,
    );
  });
});

describe('pages saved on the visitor’s device', () => {
  const saved = () => item($policy, 'Pages saved on your device.');

  it('says each page read is kept on the device, and every guide on "Save all guides for offline", the control’s own name', () => {
    expect(saved()).toContain(
      'your browser keeps a copy of each page of this website you open, with its pictures and styles, and of every guide if you choose "Save all guides for offline".',
    );
    expect(saved()).toContain(
      "The copy stays on your device: it is never sent to us, and we cannot see what you have saved. To delete it, clear this website's data in your browser",
    );
    const blogs = builtPage('/blogs');
    expect(blogs('[data-offline] button').text()).toBe('Save all guides for offline');
  });

  it('says the browser is asked to keep them when that control is used', () => {
    expect(saved()).toContain(
      'When you choose it, the website also asks your browser to keep the copy when your device runs short of space',
    );
  });

  it('says what an iPhone does with them, in the words the offline page uses', () => {
    expect(saved()).toContain(
      `${IPHONE_DELETES_SAVED_GUIDES} ${HOME_SCREEN_KEEPS_THEM} ${ADD_TO_HOME_SCREEN_STEPS.join(' ')}`,
    );
    const offline = builtPage('/offline');
    expect(readerText(offline('aside'))).toContain(
      `${IPHONE_DELETES_SAVED_GUIDES} ${HOME_SCREEN_KEEPS_THEM}`,
    );
  });
});

describe("Safari's Smart App Banner", () => {
  // No page loads anything from another origin, Apple's included: built-site.test.ts.
  it('is asked for by a tag on the home page, the blog and the guides, as the policy says', () => {
    expect(policy).toContain(
      "On an iPhone, Safari may show a banner for the Gotcha Screen Translator app at the top of the home page, the blog and the guides (a Smart App Banner): Safari fetches the app's details from Apple itself, and the website makes no request for it.",
    );
    for (const route of ['/', '/blogs', '/blog/taobao-guide']) {
      const $ = builtPage(route);
      expect({route, tags: $('meta[name="apple-itunes-app"]').length}).toEqual({route, tags: 1});
    }
  });
});
