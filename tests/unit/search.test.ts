/**
 * @jest-environment jsdom
 *
 * The article search (src/lib/search): how the engine ranks the guides for what travellers type,
 * and the box a visitor uses, in jsdom. What the build reads: search-build.test.ts.
 */
import {
  buildIndex,
  editDistance,
  excerpt,
  marked,
  normalize,
  QUERY_CHARACTERS,
  QUERY_TERMS,
  queryTerms,
  search,
  stem,
} from '../../src/lib/search/engine';
import {connectSearch} from '../../src/lib/search/box';
import type {SearchDocument} from '../../src/lib/search/protocol';

export const GUIDES: SearchDocument[] = [
  {
    url: '/blog/apps',
    title: 'The Essential Apps for China',
    description: 'Maps, payments and transport.',
    sections: [
      {id: '', heading: '', text: 'Daily life happens inside apps.'},
      {
        id: 'alipay',
        heading: 'Alipay 支付宝 and WeChat Pay',
        text: 'Link a foreign card to Alipay before you fly. Taobao takes it too.',
      },
      {id: 'trains', heading: '12306 for trains', text: 'Book high-speed trains on 12306.'},
    ],
  },
  {
    url: '/blog/taobao',
    title: 'How to Use Taobao as a Foreigner',
    description: 'Shop on 淘宝 with a foreign card.',
    sections: [{id: 'pay', heading: 'Step 8: pay', text: 'Checkout uses Alipay.'}],
  },
  {
    url: '/blog/travel',
    title: 'Why China Became the Best Travel Destination',
    description: 'Visa-free stays and fast trains.',
    sections: [
      {
        id: 'rail',
        heading: 'Getting around by high-speed train',
        text: "China's bullet trains, the high-speed rail 高铁, link most cities.",
      },
      {id: 'credit', heading: 'Social credit', text: 'Misconduct on a train can bar you.'},
    ],
  },
];

const index = buildIndex(GUIDES);
const first = (query: string) => search(index, query)[0]?.document.url;

describe('the engine', () => {
  it('keeps words in one form: lower case, no accents, no plural ending', () => {
    expect(['Trains', 'cities', 'boxes', 'Café', 'bus', 'visa'].map(normalize)).toEqual([
      'train',
      'city',
      'box',
      'cafe',
      'bus',
      'visa',
    ]);
  });

  it('gives a word one key in the singular and the plural, whatever its ending', () => {
    const pairs = [
      ['taxi', 'taxis'],
      ['bus', 'buses'],
      ['menu', 'menus'],
      ['city', 'cities'],
      ['movie', 'movies'],
      ['card', 'cards'],
    ];
    for (const [one, many] of pairs) {
      expect(stem(normalize(many ?? ''))).toBe(stem(normalize(one ?? '')));
    }
    expect(stem('plan')).not.toBe(stem('plane'));
    expect(stem('us')).not.toBe(stem('use'));
  });

  it("reads a traveller's word, or two, as the guides'", () => {
    expect(queryTerms('cab')).toEqual(['taxi']);
    expect(queryTerms('subway map')).toEqual(['metro', 'map']);
    expect(queryTerms('Credit cards')).toEqual(['card', 'payment']);
  });

  it('reads no more than the start of a pasted text, so each keystroke stays quick', () => {
    const pasted = Array.from({length: 1000}, (_, i) => `word${i}`).join(' ');
    expect(pasted.length).toBeGreaterThan(5000);
    const terms = queryTerms(pasted);
    expect(terms).toHaveLength(QUERY_TERMS);
    expect(terms).toEqual(['word0', 'word1', 'word2', 'word3', 'word4', 'word5', 'word6', 'word7']);
    const [long] = queryTerms('x'.repeat(5000));
    expect(long).toHaveLength(QUERY_CHARACTERS);
    expect(search(index, 'x'.repeat(5000))).toEqual([]);
  });

  it('reads Chinese as pairs of characters, and leaves out stop words', () => {
    expect(queryTerms('支付宝')).toEqual(['支付', '付宝']);
    expect(queryTerms('宝')).toEqual(['宝']);
    expect(queryTerms('how to pay')).toEqual(['pay']);
    expect(queryTerms('the')).toEqual(['the']);
  });

  it("leaves out a question's filler, so only the words that name a subject must match", () => {
    expect(queryTerms('How much does a SIM card cost?')).toEqual(['sim', 'card', 'cost']);
    expect(queryTerms('do i need to register with the police')).toEqual(['register', 'police']);
    expect(queryTerms('what do I need')).toEqual(['what', 'do', 'i', 'need']);
  });

  it('counts a swap of neighbours as one edit, and stops past its limit', () => {
    expect(editDistance('alipy', 'alipay', 1)).toBe(1);
    expect(editDistance('taobo', 'taobao', 1)).toBe(1);
    expect(editDistance('trian', 'train', 1)).toBe(1);
    expect(editDistance('metro', 'taobao', 2)).toBe(3);
  });

  it.each([
    ['淘宝', '/blog/taobao'],
    ['支付宝', '/blog/apps'],
    ['bullet train', '/blog/travel'],
    ['high speed train', '/blog/travel'],
    ['alipy', '/blog/apps'],
    ['taobo', '/blog/taobao'],
    ['Taob', '/blog/taobao'],
    ['高铁', '/blog/travel'],
  ])('finds what travellers type: "%s" brings up %s first', (query, url) => {
    expect(first(query)).toBe(url);
  });

  it('reads a word the guides have as typed as that word, not as a slip for another', () => {
    const taxis = buildIndex([
      {url: '/tax', title: 'Getting the tax back', description: '', sections: []},
      {
        url: '/taxi',
        title: 'Rides',
        description: '',
        sections: [{id: '', heading: '', text: 'Hail a taxi.'}],
      },
    ]);
    expect(search(taxis, 'taxi').map((hit) => hit.document.url)).toEqual(['/taxi']);
    expect(search(taxis, 'taxx').map((hit) => hit.document.url)).toEqual(['/tax', '/taxi']);
  });

  it('finds the singular in the plural, and the plural in the singular', () => {
    const rides = buildIndex([
      {
        url: '/taxis',
        title: 'Rides',
        description: '',
        sections: [{id: 'street', heading: 'Street taxis', text: 'They exist.'}],
      },
    ]);
    expect(search(rides, 'taxi')[0]?.section?.id).toBe('street');
    expect(search(rides, 'taxis')[0]?.section?.id).toBe('street');
  });

  it('reads words run together as the two the guides have', () => {
    expect(queryTerms('wechatpay')).toEqual(['wechatpay']);
    const [apps] = search(index, 'wechatpay');
    expect(apps?.document.url).toBe('/blog/apps');
    expect(apps?.section?.id).toBe('alipay');
    expect(apps?.terms).toContain('wechat');
    expect(apps?.terms).toContain('pay');
  });

  it('reads words run together only when they match nothing, not even as a slip', () => {
    const rails = buildIndex([
      {
        url: '/rail',
        title: 'Rail',
        description: '',
        sections: [{id: 'fast', heading: 'Bullet trains', text: 'The fast train.'}],
      },
      {
        url: '/bus',
        title: 'Buses',
        description: '',
        sections: [{id: 'wait', heading: 'Waiting', text: 'Let the bu driver train you.'}],
      },
    ]);
    expect(search(rails, 'bulet train')[0]?.section?.id).toBe('fast');
    expect(search(rails, 'bulet train')[0]?.terms).toContain('bullet');
  });

  it("never ranks a guide's section lower for a word its title or description has too", () => {
    const section = {id: 'vpn', heading: 'The VPN rule', text: 'A VPN is needed for Google.'};
    const vpns = buildIndex([
      {url: '/other', title: 'Other', description: 'Reading apps.', sections: [section]},
      {url: '/apps', title: 'Apps', description: 'Maps and VPNs.', sections: [section]},
    ]);
    const [apps, other] = search(vpns, 'vpn');
    expect(apps?.document.url).toBe('/apps');
    expect(apps?.section?.id).toBe('vpn');
    expect(apps?.score).toBeGreaterThan(other?.score ?? Infinity);
  });

  it('puts a section with every word before a guide with one of them in its title', () => {
    const cards = buildIndex([
      {
        url: '/credit',
        title: 'Social Credit Explained',
        description: 'What the credit system is.',
        sections: [
          {id: 'score', heading: 'Your credit score', text: 'Credit is about courts.'},
          {id: 'wallet', heading: 'Wallet', text: 'Keep your card and your score safe.'},
        ],
      },
      {
        url: '/money',
        title: 'Money',
        description: 'Paying for things.',
        sections: [
          {
            id: 'cards',
            heading: 'Cards',
            text: 'Your credit score barely matters; the card works.',
          },
        ],
      },
    ]);
    expect(search(cards, 'credit score card').map((hit) => hit.document.url)).toEqual([
      '/money',
      '/credit',
    ]);
  });

  it('counts a section double where the words follow one another', () => {
    const phrases = buildIndex([
      {
        url: '/apart',
        title: 'A',
        description: '',
        sections: [{id: 'a', heading: '', text: 'The high tide and speed boats.'}],
      },
      {
        url: '/together',
        title: 'B',
        description: '',
        sections: [{id: 'b', heading: '', text: 'The high-speed line and the tide.'}],
      },
    ]);
    const [together, apart] = search(phrases, 'high speed');
    expect(together?.document.url).toBe('/together');
    expect(together?.score).toBeGreaterThan(1.5 * (apart?.score ?? Infinity));
  });

  it('links the section that answers even when the title matches too', () => {
    const [taobao] = search(index, 'taobao checkout');
    expect(taobao?.document.url).toBe('/blog/taobao');
    expect(taobao?.section?.id).toBe('pay');
  });

  it('marks the results weak when no guide has every word in one place, and only then', () => {
    const weak = search(index, 'cruise trains');
    expect(weak.length).toBeGreaterThan(0);
    expect(weak.every((hit) => hit.weak)).toBe(true);
    expect(search(index, 'alipay card').every((hit) => !hit.weak)).toBe(true);
  });

  it('lists only the guides that match every word, when some do', () => {
    expect(search(index, 'foreign card').map((hit) => hit.document.url)).toEqual([
      '/blog/taobao',
      '/blog/apps',
    ]);
    expect(search(index, 'alipay trains').map((hit) => hit.document.url)).toEqual(['/blog/apps']);
  });

  it('points at the section that matches, or at the guide when only its title does', () => {
    const [apps] = search(index, 'wechat');
    expect(apps?.section?.id).toBe('alipay');
    const [taobao] = search(index, 'taobao');
    expect(taobao?.document.url).toBe('/blog/taobao');
    expect(taobao?.section).toBeUndefined();
  });

  it('finds nothing for nothing, or for a word no guide has', () => {
    expect(search(index, '  ')).toEqual([]);
    expect(search(index, 'xylophone')).toEqual([]);
  });

  it('shows a stretch of text around the first match, cut at words', () => {
    const text = `${'Before the match there is a lot of text. '.repeat(5)}Alipay is here, ${'and more text follows it. '.repeat(5)}`;
    const shown = excerpt(text, new Set(['alipay']), 80);
    expect(shown).toMatch(/^….*Alipay is here.*…$/);
    expect(shown.length).toBeLessThanOrEqual(82);
    expect(excerpt('Short.', new Set(['alipay']))).toBe('Short.');
  });

  it('marks the matched words, and a Chinese name whole', () => {
    expect(marked('Pay with 支付宝 today', new Set(['支付', '付宝', 'pay']))).toEqual([
      {text: 'Pay', mark: true},
      {text: ' with ', mark: false},
      {text: '支付宝', mark: true},
      {text: ' today', mark: false},
    ]);
  });
});

describe('the search box', () => {
  const box = () => document.querySelector('input') as HTMLInputElement;
  const panel = () => document.querySelector('.search-panel') as HTMLElement;
  const options = () => [...panel().querySelectorAll('[role="option"]')];
  const type = (text: string) => {
    box().value = text;
    box().dispatchEvent(new Event('input', {bubbles: true}));
  };
  const key = (name: string) =>
    box().dispatchEvent(new KeyboardEvent('keydown', {key: name, bubbles: true, cancelable: true}));

  beforeAll(() => {
    // jsdom lays nothing out.
    Element.prototype.scrollIntoView = jest.fn();
    document.body.innerHTML = `
      <header><div class="navbar__search"><input aria-label="Search"><div class="search-panel"></div></div></header>
      <main><a href="/elsewhere">Elsewhere</a></main>`;
    // Typed before the search arrived.
    box().value = 'taobo';
    box().focus();
    connectSearch(GUIDES);
  });

  it('shows the results for what was typed before it arrived, as a combobox list', () => {
    expect(box().getAttribute('role')).toBe('combobox');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-controls')).toBe('search-results');
    expect(options()[0]?.getAttribute('href')).toBe('/blog/taobao');
    expect(options()[0]?.textContent).toContain('How to Use Taobao as a Foreigner');
    expect(panel().querySelector('[role="status"]')?.textContent).toMatch(/^\d guides? found\.$/);
  });

  it('links a section match to its anchor, with the words marked', () => {
    type('wechat');
    expect(options()[0]?.getAttribute('href')).toBe('/blog/apps#alipay');
    expect(options()[0]?.querySelector('mark')?.textContent).toBe('WeChat');
  });

  it('moves through the results with the arrows and back to the box', () => {
    type('alipay');
    const count = options().length;
    expect(count).toBeGreaterThan(1);
    key('ArrowDown');
    expect(box().getAttribute('aria-activedescendant')).toBe('search-results-0');
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    key('ArrowUp');
    expect(box().hasAttribute('aria-activedescendant')).toBe(false);
    key('ArrowUp');
    expect(box().getAttribute('aria-activedescendant')).toBe(`search-results-${count - 1}`);
  });

  it('opens the highlighted result on Enter', () => {
    type('taobao');
    key('ArrowDown');
    const opened = jest.fn((event: Event) => event.preventDefault());
    options()[0]?.addEventListener('click', opened);
    key('Enter');
    expect(opened).toHaveBeenCalled();
  });

  it('labels the guides that have only some of the words "Closest matches"', () => {
    type('cruise trains');
    const list = panel().querySelector('[role="listbox"]');
    const label = document.getElementById(list?.getAttribute('aria-labelledby') ?? '');
    expect(label?.textContent).toBe('Closest matches');
    expect(options().length).toBeGreaterThan(0);
    expect(panel().querySelector('[role="status"]')?.textContent).toMatch(
      /^No guide has all of “cruise trains”: \d guides? close\.$/,
    );
    type('alipay');
    expect(panel().textContent).not.toContain('Closest matches');
  });

  it('says so when no guide matches', () => {
    type('xylophone');
    expect(options()).toHaveLength(0);
    expect(panel().textContent).toBe('No guide matches “xylophone”. Try another word.');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and when the focus leaves, and opens again on focus', () => {
    type('taobao');
    key('Escape');
    expect(panel().childElementCount).toBe(0);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    box().dispatchEvent(new FocusEvent('focusin', {bubbles: true}));
    expect(options().length).toBeGreaterThan(0);
    const elsewhere = document.querySelector('main a') as HTMLElement;
    box().dispatchEvent(new FocusEvent('focusout', {bubbles: true, relatedTarget: elsewhere}));
    expect(panel().childElementCount).toBe(0);
  });

  it('keeps the focus in the box when a result is pressed, so the list stays for the click', () => {
    type('taobao');
    const press = new MouseEvent('mousedown', {bubbles: true, cancelable: true});
    options()[0]?.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
  });

  it('clears the list when the box is emptied', () => {
    type('');
    expect(panel().childElementCount).toBe(0);
  });
});
