/**
 * What the build (build-steps/search) reads from a built article, and the script it writes.
 */
import {searchDocument, searchScript} from '../../build-steps/search';
import {pack, unpack} from '../../src/lib/search/pack';

describe('what the build reads from an article', () => {
  const page = `<html><head><meta name="description" content="Shop like a local."></head><body>
    <article>
      <header><h1>How to Use Taobao</h1></header>
      <nav><h2>On this page</h2></nav>
      <div class="markdown">
        <p>Taobao is <strong>China</strong>'s market<span data-expires="2026-12-31"><strong data-ended hidden>(This ended)</strong></span>.</p>
        <h2 id="pay">Step 8: pay<a class="hash-link" href="#pay">\u200b</a></h2>
        <p>Checkout uses</p><ul><li>Alipay</li><li>cards</li></ul>
        <h3 id="tax">Tax</h3><p>None.</p>
      </div>
      <section><h2>Related guides</h2></section>
      <aside><h2>Read Chinese apps in English</h2></aside>
    </article></body></html>`;

  it('takes the title, description and each section with its anchor, blocks apart', () => {
    expect(searchDocument(page, '/blog/taobao-guide')).toEqual({
      url: '/blog/taobao-guide',
      title: 'How to Use Taobao',
      description: 'Shop like a local.',
      sections: [
        {id: '', heading: '', text: "Taobao is China's market."},
        {id: 'pay', heading: 'Step 8: pay', text: 'Checkout uses Alipay cards'},
        {id: 'tax', heading: 'Tax', text: 'None.'},
      ],
    });
  });

  it('refuses a page without an article title, naming it', () => {
    expect(() => searchDocument('<p>Nothing</p>', '/blog/empty')).toThrow(
      '[search] /blog/empty: no article title',
    );
  });

  it('builds one script that runs the search with the guides', () => {
    const script = searchScript([
      {
        url: '/blog/taobao',
        title: 'How to Use Taobao as a Foreigner',
        description: '',
        sections: [],
      },
    ]);
    expect(script).toContain('How to Use Taobao as a Foreigner');
    expect(script).not.toMatch(/\bimport\b|\brequire\(/);
  });

  it('packs the guides with no anchor the heading gives, and unpacks them whole', () => {
    const guide = {
      url: '/blog/apps',
      title: 'Apps',
      description: 'Maps and payments.',
      sections: [
        {id: '', heading: '', text: 'Intro.'},
        {
          id: 'alipay-支付宝-and-wechat-pay-微信支付',
          heading: 'Alipay 支付宝 and WeChat Pay 微信支付',
          text: 'A.',
        },
        {id: 'a-chinese-esim', heading: 'A Chinese eSIM?', text: 'B.'},
        {id: 'tripcom', heading: 'Trip.com', text: 'C.'},
        {id: 'step-8-pay', heading: 'Step 8: pay', text: 'D.'},
        {id: 'step-8-pay-1', heading: 'Step 8: pay', text: 'The same heading again.'},
      ],
    };
    const packed = pack(guide);
    expect(packed[3].map((section) => section[2])).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      'step-8-pay-1',
    ]);
    expect(unpack(JSON.parse(JSON.stringify(packed)) as typeof packed)).toEqual(guide);
  });
});
