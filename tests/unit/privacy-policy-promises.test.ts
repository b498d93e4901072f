/**
 * The privacy policy's promises about the waitlist, the AI providers, the app's permission step,
 * the Trip Planner and the pages saved offline, tied to the data, code and facts that make them
 * true: a change to one without the other fails here. (The hosts' logs are tied in
 * privacy-policy-hosts.test.ts.)
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {products} from '../../src/data/products';
import {REQUIRED_LEGAL_FACTS, aiProviderGaps} from '../../src/lib/legal-facts';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const policy = read('src/pages/gotcha-screen-translator/privacy-policy.mdx');
const migrations = readdirSync(path.join(ROOT, 'supabase/migrations'))
  .map((file) => read(`supabase/migrations/${file}`))
  .join('\n');

describe('the waitlist: one list, so one e-mail at the next launch', () => {
  it('stores no product with a sign-up: the table has an id, the address and the time only', () => {
    expect(read('src/lib/waitlist.ts')).toContain('.insert({email: email.trim()})');
    const table = /create table public\.waitlist_emails \(([\s\S]*?)\n\);/.exec(migrations)?.[1];
    const columns = [...(table ?? '').matchAll(/^ {2}(\w+) (?:bigint|text|timestamptz)/gm)];
    expect(columns.map((match) => match[1])).toEqual(['id', 'email', 'created_at']);
    const added = [
      ...migrations.matchAll(/alter table public\.waitlist_emails\s+add column (.+);/g),
    ];
    expect(added.map((match) => match[1])).toEqual([
      'email_lower text generated always as (lower(email)) stored',
    ]);
    expect(policy).toContain(
      'Joining it stores your e-mail address and the time you joined, and nothing else. It is one list because the form sends only your address, to one table',
    );
  });

  it('promises under the form what the policy keeps: one e-mail at the next launch, then deletion', () => {
    const form = read('src/components/WaitlistForm/index.tsx').replace(/\s+/g, ' ');
    expect(form).toContain(
      'We&rsquo;ll e-mail you once, when the next of our coming-soon products launches, then delete your address.',
    );
    expect(form).toContain('/gotcha-screen-translator/privacy-policy#the-waitlist');
    expect(policy).toContain('\n## The waitlist\n');
    expect(policy).toContain(
      'When the next of our coming-soon products launches, we send one e-mail to every address on the list',
    );
    expect(policy).toContain(
      'Once that e-mail has gone out, we delete every address it was sent to.',
    );
  });

  it('deletes at a launch every sign-up made up to the time given, whatever its product', () => {
    expect(read('scripts/waitlist.ts')).toContain(
      'delete from public.waitlist_emails where created_at <= $1 returning 1',
    );
  });
});

describe('the AI providers and the permission the app asks for', () => {
  it('lists each product’s AI providers from site.legal, which a production build requires', () => {
    for (const {id} of products) {
      expect(policy).toContain(`<AiProviders product="${id}" />`);
      expect(aiProviderGaps([])).toContain(`none for ${id}`);
    }
    expect(policy).toContain('\n## The AI providers\n');
    expect(policy).not.toMatch(/They do not keep it|bar them from keeping it/);
  });

  it('lets the terms point to the providers’ retention rather than promise none', () => {
    expect(read('src/pages/gotcha-screen-translator/terms-of-service.mdx')).toContain(
      'apart from the time the AI provider that translates it may keep it, which our [Privacy Policy](/gotcha-screen-translator/privacy-policy#the-ai-providers) states',
    );
  });

  it('states the permission step as the app asks it: the button, and where it is withdrawn', () => {
    expect(policy).toContain(
      'Nothing is sent until you tap **{TRANSLATOR_AI_PERMISSION.allowButton}**. If you do not, the app sends nothing',
    );
    expect(policy).toContain(
      '- **Withdrawing it.** Turn it off at any time in {TRANSLATOR_AI_PERMISSION.withdrawIn}. From then on the app sends nothing and stops translating',
    );
  });

  it('rests special-category data on that permission (GDPR Art. 9(2)(a)), not on starting capture', () => {
    expect(policy).toContain(
      'with your explicit consent (Art. 9(2)(a)): the separate permission the app asks for before its first translation',
    );
    expect(policy).not.toContain('you give it when you start capture');
    expect(policy).toContain('- **Your separate consent (PIPL Art. 29 and 30).**');
    expect(policy).toContain('the app tells you why sending it is necessary');
    expect(policy).toContain('It also tells you how sending it affects your rights');
  });

  it('names the EU, UK and China representatives as required facts, never "none named"', () => {
    for (const [label, field] of [
      ['Representative in the EU (GDPR Art. 27)', 'euRepresentative'],
      ['Representative in the UK (UK GDPR Art. 27)', 'ukRepresentative'],
      ['Representative in mainland China (PIPL Art. 53)', 'chinaRepresentative'],
    ] as const) {
      expect(policy).toContain(`- **${label}:** <LegalFact name="${field}" />`);
      expect(REQUIRED_LEGAL_FACTS).toContain(field);
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

describe('complaints, the Trip Planner’s terms and the hosts’ logs', () => {
  it('gives UK users the complaints route to us that section 164A of the DPA 2018 requires', () => {
    expect(policy).toContain('**Complaints to us, in the UK.**');
    expect(policy).toContain('https://www.legislation.gov.uk/ukpga/2025/18/section/103');
    expect(policy).toContain(
      'We confirm that we have received it within 30 days, look into it, keep you told of our progress, and tell you the outcome without undue delay.',
    );
  });

  it('says which terms cover the Trip Planner, and the terms say which of their sections apply', () => {
    const terms = read('src/pages/gotcha-screen-translator/terms-of-service.mdx');
    expect(policy).toContain(
      '](/gotcha-screen-translator/terms-of-service#trip-planner) cover the Trip Planner',
    );
    expect(terms).toContain('\n## The Trip Planner \\{#trip-planner\\}\n');
    expect(terms).toMatch(/^- \*\*What applies\.\*\* .*\n- \*\*What does not\.\*\* /m);
  });

  it('names the place Supabase’s API logs record, and that the daily reload keeps nginx’s counts', () => {
    expect(policy).toContain(
      'country, region, city, postal code, approximate latitude and longitude, and the network it belongs to',
    );
    expect(policy).not.toMatch(/on every restart|or nginx restarts\./);
    expect(read('deploy/systemd/gotcha-labs-rebuild.service')).toContain(
      'Environment="PUBLISH_COMMAND=systemctl reload nginx"',
    );
    expect(policy).toContain('The daily reload that publishes the website keeps them.');
  });
});

describe('the Trip Planner', () => {
  it('has its own section, which its card and the footer link to', () => {
    const planner = products.find((product) => product.id === 'trip-planner');
    expect(planner?.privacyPath).toBe('/gotcha-screen-translator/privacy-policy#trip-planner');
    expect(policy).toContain('\n## The Trip Planner \\{#trip-planner\\}\n');
    expect(read('src/theme/Footer/index.tsx')).toContain(
      "{to: '/gotcha-screen-translator/privacy-policy#trip-planner', label: 'Trip Planner Privacy'}",
    );
  });

  it('is covered by the legal bases and the CCPA categories while it is a product', () => {
    expect(products.map((product) => product.title)).toContain('Gotcha Trip Planner');
    expect(policy).toContain(
      '- **The Trip Planner:** making the plan you ask for (GDPR Art. 6(1)(b); PIPL Art. 13(1)(2)).',
    );
    expect(policy).toContain('and what you type into the Trip Planner.');
  });

  it('says what it collects and keeps, with the retention as a required fact', () => {
    expect(policy).toContain(
      'What you type: your preferences in your own words (such as your budget and the kind of hotel you like), the places you want to go and your dates',
    );
    expect(policy).toContain(
      '- **How long it is kept.** <LegalFact name="tripPlannerRetention" />',
    );
    expect(REQUIRED_LEGAL_FACTS).toContain('tripPlannerRetention');
  });
});

describe('the translation service’s logs, on the support page', () => {
  it('state what they hold and for how long as a required fact', () => {
    expect(read('src/pages/gotcha-screen-translator/support.mdx')).toContain(
      'never its text or picture. <LegalFact name="translationLogs" />',
    );
    expect(REQUIRED_LEGAL_FACTS).toContain('translationLogs');
  });
});

describe('pages saved on the visitor’s device', () => {
  const worker = read('plugins/offline/worker.ts');

  it('keeps each page opened, as the worker saves every page read, with no expiry', () => {
    expect(policy).toContain(
      'your browser keeps a copy of each page of this website you open, with its pictures and styles',
    );
    const pages = /new NetworkFirst\(\{\s*cacheName: PAGES,[\s\S]*?\}\)/.exec(worker)?.[0];
    expect(worker).toContain("({request}) => request.mode === 'navigate',");
    expect(pages).toBeDefined();
    expect(pages).not.toContain('Expiration');
    expect(worker).toContain('(await caches.open(PAGES)).put(key, response)');
  });

  it('keeps every guide on "Save all guides for offline", until the visitor clears the site’s data', () => {
    expect(read('src/components/SaveGuides/index.tsx')).toContain('Save all guides for offline');
    expect(worker).toContain("if (event.data === 'save') event.waitUntil(saveGuides(reply));");
    expect(policy).toContain('and of every guide if you choose "Save all guides for offline"');
    expect(policy).toContain(
      "The copy stays on your device: it is never sent to us, and we cannot see what you have saved. To delete it, clear this website's data in your browser",
    );
  });

  it('says what an iPhone does with them, in the words the blog and the offline page use', () => {
    expect(policy).toContain(
      "{IPHONE_DELETES_SAVED_GUIDES} {HOME_SCREEN_KEEPS_THEM} {ADD_TO_HOME_SCREEN_STEPS.join(' ')}",
    );
    expect(policy).toContain("from '@site/src/data/saved-guides';");
    expect(read('src/components/SavedGuidesOnIphone/index.tsx')).toContain(
      '{IPHONE_DELETES_SAVED_GUIDES} {HOME_SCREEN_KEEPS_THEM}',
    );
    expect(read('src/components/SaveGuides/index.tsx')).toContain('<SavedGuidesOnIphone />');
    expect(read('src/pages/offline.tsx')).toContain('<SavedGuidesOnIphone />');
  });

  it('asks the browser to keep them on "Save all guides for offline", as it says, and sends nothing', () => {
    expect(policy).toContain(
      'When you choose it, the website also asks your browser to keep the copy when your device runs short of space',
    );
    const script = read('src/lib/page-script.ts');
    expect(script).toMatch(
      /button\.onclick = \(\) => \{[^}]*storage\.persist\(\);[^}]*ask\('save'\);/,
    );
  });
});

describe("Safari's Smart App Banner", () => {
  it('is drawn by Safari from Apple, with no request from the website, where the policy says', () => {
    expect(policy).toContain(
      "On an iPhone, Safari may show a banner for the Gotcha Screen Translator app at the top of the home page, the blog and the guides (a Smart App Banner): Safari fetches the app's details from Apple itself, and the website makes no request for it.",
    );
    const banner = read('src/components/SmartAppBanner/index.tsx');
    expect(banner).toContain('<meta name="apple-itunes-app"');
    expect(banner).not.toMatch(/fetch\(|<script|<img|<link/);
  });
});
