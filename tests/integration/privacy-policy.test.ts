/**
 * The privacy policy as a visitor reads it in the production build (run `npm run build` first;
 * npm test does): the sections the site links to, each product's AI providers and the facts the
 * policy cannot be published without, from the same sources the page uses (site.legal, the
 * products, the app's permission step). Its promises, and what keeps each, are in
 * privacy-policy-hosts.test.ts and privacy-policy-promises.test.ts.
 */
import {readdirSync} from 'node:fs';
import {products, TRANSLATOR_AI_PERMISSION} from '../../src/data/products';
import {site} from '../../src/data/site';
import {legalFactPlaceholder} from '../../src/lib/legal-facts';
import {parse} from '../gates/site-checks';
import {
  BUILD,
  POLICY_PATH,
  builtFile,
  builtPage,
  readerText,
  sectionText,
  shown,
} from './built-pages';

const policy = builtPage(POLICY_PATH);

describe('the privacy policy in the build', () => {
  it('has every section a link on the site points to', () => {
    const pages = readdirSync(BUILD, {recursive: true, encoding: 'utf8'}).filter((file) =>
      file.endsWith('.html'),
    );
    const links = new Set(
      products.map((product) => product.privacyPath).filter((link) => link.includes('#')),
    );
    for (const file of pages) {
      parse(builtFile(file))(`a[href^="${POLICY_PATH}#"]`).each((_, link) => {
        links.add(link.attribs.href ?? '');
      });
    }
    const missing = [...links].filter((link) => policy(`#${link.split('#')[1]}`).length !== 1);
    expect(missing).toEqual([]);
    // The sections the terms, the footer and the product cards link to; the waitlist form's
    // (#the-waitlist) is on its pages only while a product is coming soon.
    for (const id of ['the-ai-providers', 'trip-planner']) {
      expect(links).toContain(`${POLICY_PATH}#${id}`);
    }
    expect(policy('#the-waitlist').text()).toContain('waitlist');
  });

  it("names each product's AI providers under the product, from site.legal", () => {
    const providers = sectionText(policy, 'the-ai-providers');
    for (const {id, title} of products) {
      expect(providers).toContain(title);
      const own = site.legal.aiProviders.filter((provider) => provider.product === id);
      const expected = own.length
        ? own.map((provider) => provider.name)
        : [legalFactPlaceholder('aiProviders')];
      for (const name of expected) expect(providers).toContain(name);
    }
  });

  it("states the permission step with the app's own button, and where it is withdrawn", () => {
    const permission = policy('#your-permission-before-anything-is-sent');
    const text = sectionText(policy, 'your-permission-before-anything-is-sent');
    const strong = permission.nextUntil('h2').find('strong');
    expect(strong.toArray().map((element) => policy(element).text())).toContain(
      TRANSLATOR_AI_PERMISSION.allowButton,
    );
    expect(text).toContain(TRANSLATOR_AI_PERMISSION.withdrawIn);
  });

  it('gives the Trip Planner its own section, with its retention from site.legal', () => {
    expect(policy('#trip-planner').text()).toContain('Trip Planner');
    expect(sectionText(policy, 'trip-planner')).toContain(shown('tripPlannerRetention'));
  });

  it('names a UK representative beside the EU and China ones', () => {
    expect(policy('main').text()).toContain(shown('ukRepresentative'));
  });

  it("states the translation service's logs on the support page, from site.legal", () => {
    const support = builtPage('/gotcha-screen-translator/support');
    expect(readerText(support('main'))).toContain(shown('translationLogs'));
  });
});
