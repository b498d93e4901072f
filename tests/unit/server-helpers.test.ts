/** @jest-environment node */
import {canonicalRedirect} from '../../server/app';
import {headersFor, parseHeadersFile} from '../../server/headers-file';
import {chooseEncoding, resolveUrlPath, type StaticFile} from '../../server/static-site';

describe('canonical URLs', () => {
  it.each([
    ['/blogs/', '/blogs'],
    ['/blogs/?ref=x', '/blogs?ref=x'],
    ['/blog', '/blogs'],
    ['/blog/', '/blogs'],
    ['/blog/taobao-guide/', '/blog/taobao-guide'],
  ])('redirects %s to %s', (from, to) => {
    expect(canonicalRedirect(from)).toBe(to);
  });

  it.each(['/', '/blogs', '/blog/taobao-guide', '/?a=b'])('leaves %s alone', (url) => {
    expect(canonicalRedirect(url)).toBeUndefined();
  });

  it('never redirects to a protocol-relative URL that would leave the site', () => {
    expect(canonicalRedirect('//evil.example/')).toBeUndefined();
  });
});

describe('the _headers file', () => {
  const rules = parseHeadersFile(`# comment
/*
  X-Content-Type-Options: nosniff
  Cache-Control: public, max-age=0, must-revalidate
/assets/*
  Cache-Control: public, max-age=31536000, immutable
`);

  it('applies every matching rule, later ones winning', () => {
    expect(Object.fromEntries(headersFor(rules, '/assets/js/main.1a2b.js'))).toEqual({
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(headersFor(rules, '/blogs.html').get('cache-control')).toBe(
      'public, max-age=0, must-revalidate',
    );
  });

  it('reports a header line that is not under a path', () => {
    expect(() => parseHeadersFile('  X-Test: 1')).toThrow(/line 1/);
  });
});

describe('static files', () => {
  const file = (withBr: boolean): StaticFile => ({
    body: Buffer.from('x'),
    gzip: Buffer.from('g'),
    br: withBr ? Buffer.from('b') : undefined,
    contentType: 'text/html',
    etag: '"x"',
  });
  const files = new Map([
    ['/index.html', file(true)],
    ['/blogs.html', file(true)],
    ['/img/logo.svg', file(false)],
  ]);

  it('maps clean URLs to the files the build wrote', () => {
    expect(resolveUrlPath(files, '/')).toBe('/index.html');
    expect(resolveUrlPath(files, '/blogs')).toBe('/blogs.html');
    expect(resolveUrlPath(files, '/img/logo.svg')).toBe('/img/logo.svg');
    expect(resolveUrlPath(files, '/nope')).toBeUndefined();
    expect(resolveUrlPath(files, '/../package.json')).toBeUndefined();
  });

  it('prefers brotli, then gzip, honouring q=0', () => {
    expect(chooseEncoding(file(true), 'gzip, deflate, br')).toBe('br');
    expect(chooseEncoding(file(true), 'gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding(file(false), 'br, gzip')).toBe('gzip');
    expect(chooseEncoding(file(true), undefined)).toBeUndefined();
    expect(chooseEncoding(file(true), 'identity')).toBeUndefined();
  });
});
