import {canonicalRedirect, splitTarget} from '../../server/app';
import {headersFor, parseHeadersFile} from '../../contracts/headers-file';
import {isBuildOnlyFile, resolveUrlPath, type StaticFile} from '../../server/static-site';

describe('canonical URLs', () => {
  it.each([
    ['/blogs/', '/blogs'],
    ['/blogs/?ref=x', '/blogs?ref=x'],
    ['/blog', '/blogs'],
    ['/blog/', '/blogs'],
    ['/blog/taobao-guide/', '/blog/taobao-guide'],
  ])('redirects %s to %s', (from, to) => {
    const target = splitTarget(from)!;
    expect(canonicalRedirect(target.pathname, target.query)).toBe(to);
  });

  it.each(['/', '/blogs', '/blog/taobao-guide', '/?a=b'])('leaves %s alone', (url) => {
    const target = splitTarget(url)!;
    expect(canonicalRedirect(target.pathname, target.query)).toBeUndefined();
  });

  it.each([
    '//evil.example/',
    '/\\evil.example/',
    '/%5Cevil.example/',
    '/%5C%5Cevil.example/',
    '/\\/evil.example/',
    '/%2F/evil.example/',
    '/%09/evil.example/',
  ])('never redirects %s to a URL a browser could read as another host', (path) => {
    expect(canonicalRedirect(path)).toBeUndefined();
  });

  it('reduces an absolute-form target to its path, and refuses other schemes', () => {
    expect(splitTarget('http://evil.example/blogs/?a=1')).toEqual({
      pathname: '/blogs/',
      query: '?a=1',
    });
    expect(splitTarget('javascript:alert(1)')).toBeUndefined();
    expect(splitTarget('*')).toBeUndefined();
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
  const file: StaticFile = {body: Buffer.from('x'), contentType: 'text/html', hash: 'x'};
  const files = new Map([
    ['/index.html', file],
    ['/blogs.html', file],
    ['/img/logo.svg', file],
  ]);

  it('maps clean URLs to the files the build wrote', () => {
    expect(resolveUrlPath(files, '/')).toBe('/index.html');
    expect(resolveUrlPath(files, '/blogs')).toBe('/blogs.html');
    expect(resolveUrlPath(files, '/img/logo.svg')).toBe('/img/logo.svg');
    expect(resolveUrlPath(files, '/nope')).toBeUndefined();
    expect(resolveUrlPath(files, '/../package.json')).toBeUndefined();
  });

  it('keeps the files written for static hosts to itself', () => {
    for (const urlPath of [
      '/_headers',
      '/_redirects',
      '/_deploy/nginx.conf',
      '/.well-known/x',
      '/img/.DS_Store',
    ]) {
      expect(isBuildOnlyFile(urlPath)).toBe(true);
    }
    expect(isBuildOnlyFile('/assets/js/main.js')).toBe(false);
  });
});
