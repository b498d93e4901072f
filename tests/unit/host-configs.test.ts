import {headersFile, parseHeadersFile} from '../../contracts/headers-file';
import {caddyfile} from '../../build-steps/host-configs/caddy';
import {headerRules} from '../../contracts/security-headers';
import {nginxConfig} from '../../build-steps/host-configs/nginx';
import {redirectsFile, TRAILING_SLASH_PATH} from '../../contracts/redirects';

const rules = headerRules("default-src 'self'; script-src 'self' 'sha256-abc='");

describe('the files each host reads, from one set of rules', () => {
  it('writes _headers that reads back as the same rules', () => {
    expect(parseHeadersFile(headersFile(rules))).toEqual(rules);
  });

  it('lists every header, with always, in each nginx block that has headers of its own', () => {
    const config = nginxConfig(rules, 'gotchalabs.app');
    const blocks = config.split(/\n\s*location /);
    // The server block and /, /assets/, /img/, = /sw.js, = /rest/v1/waitlist_emails.
    expect(blocks).toHaveLength(6);
    for (const block of blocks) {
      for (const [name] of rules[0]?.headers ?? []) {
        expect(block).toMatch(new RegExp(`add_header ${name} "[^"]+" always;`));
      }
    }
    expect(config).toContain(
      'add_header Cache-Control "public, max-age=31536000, immutable" always;',
    );
    expect(config).toMatch(
      /location = \/sw\.js \{[^}]*add_header Cache-Control "no-cache" always;/,
    );
  });

  it('refuses a header value nginx would read as a variable', () => {
    expect(() => nginxConfig(headerRules("script-src 'self' $x"), 'gotchalabs.app')).toThrow(
      /cannot hold/,
    );
  });

  it('sets the headers of later rules after earlier ones in the Caddyfile', () => {
    const config = caddyfile(rules, 'gotchalabs.app');
    expect(config).toContain('{$SITE_ADDRESS:gotchalabs.app} {');
    expect(config.indexOf('header /assets/* {')).toBeGreaterThan(config.indexOf('header {'));
  });

  it('redirects /blog and /blog/ to /blogs for Netlify and Cloudflare Pages', () => {
    expect(redirectsFile()).toContain('/blog /blogs 301\n/blog/ /blogs 301\n');
  });

  it('proxies the waitlist’s path on Netlify once the project is known, and not before', () => {
    expect(redirectsFile()).not.toContain('/rest/v1/');
    expect(redirectsFile('https://ref.supabase.co')).toContain(
      '/rest/v1/waitlist_emails https://ref.supabase.co/rest/v1/waitlist_emails 200\n',
    );
  });

  it('sends only the four headers the form needs to Supabase, and the visitor with the proxy’s secret, from nginx and Caddy', () => {
    const nginxBlock = /location = \/rest\/v1\/waitlist_emails \{[\s\S]*?\n {4}\}/.exec(
      nginxConfig(rules, 'gotchalabs.app'),
    )?.[0];
    expect(nginxBlock).toContain('proxy_pass_request_headers off;');
    expect(nginxBlock?.match(/proxy_set_header \S+/g)).toEqual([
      'proxy_set_header apikey',
      'proxy_set_header Authorization',
      'proxy_set_header Content-Type',
      'proxy_set_header Prefer',
      'proxy_set_header X-Waitlist-Visitor',
      'proxy_set_header X-Waitlist-Proxy-Secret',
    ]);
    // The secret is empty, and so neither header sent, unless the operator's file sets it.
    expect(nginxBlock).toMatch(
      /set \$waitlist_proxy_secret "";\n\s*include \/etc\/nginx\/gotcha-labs\.d\/supabase\/\*\.conf;/,
    );
    expect(nginxBlock).toContain('proxy_hide_header Set-Cookie;');
    expect(nginxBlock).toMatch(/proxy_read_timeout \d+s;/);
    const caddy = caddyfile(rules, 'gotchalabs.app');
    expect(caddy.match(/header_up \S+/g)).toEqual(['header_up Host', 'header_up -X-Forwarded-*']);
    // Every request field is dropped first: each letter, digit and other token character.
    expect(caddy).toContain('request_header -*a*\n');
    expect(caddy.match(/request_header -\*\S\*/g)).toHaveLength(50);
    // Then the four are set again, each only when the visitor sent it.
    expect(caddy.match(/request_header @waitlist_\w+ \S+/g)).toEqual([
      'request_header @waitlist_apikey apikey',
      'request_header @waitlist_authorization Authorization',
      'request_header @waitlist_content_type Content-Type',
      'request_header @waitlist_prefer Prefer',
    ]);
    expect(caddy).toContain('@waitlist_prefer expression `{http.vars.waitlist_prefer} != ""`');
    // Set after every field is dropped, and only when the deploy sets the secret.
    expect(caddy.match(/request_header @waitlistProxySecret .*/g)).toEqual([
      'request_header @waitlistProxySecret X-Waitlist-Visitor {remote_host}',
      'request_header @waitlistProxySecret X-Waitlist-Proxy-Secret {env.WAITLIST_PROXY_SECRET}',
    ]);
    expect(caddy.indexOf('@waitlistProxySecret')).toBeGreaterThan(
      caddy.lastIndexOf('request_header -*'),
    );
  });

  it('sends on only the path as written, and limits each visitor, on nginx', () => {
    const nginx = nginxConfig(rules, 'gotchalabs.app');
    const block = /location = \/rest\/v1\/waitlist_emails \{[\s\S]*?\n {4}\}/.exec(nginx)?.[0];
    expect(block).toContain('if ($request_uri !~ "^/rest/v1/waitlist_emails(\\?|$)") {');
    expect(block).toContain('limit_req zone=gotcha_labs_sign_ups burst=29 nodelay;');
    expect(block).toContain('limit_req zone=gotcha_labs_reads burst=59 nodelay;');
    expect(block).toContain('limit_conn gotcha_labs_waitlist_connections 50;');
    expect(block).toContain('client_max_body_size 65536;');
    expect(block).toContain('client_body_timeout 30s;');
    // The zones are defined once, outside the server block (the file is included at http level).
    expect(nginx.indexOf('limit_req_zone')).toBeLessThan(nginx.indexOf('server {'));
    expect(nginx).toContain('rate=30r/m;');
    expect(nginx).toContain('rate=60r/m;');
  });

  it('sends on only the path as written, a body of 64 KiB at most, and the listed answer headers, on Caddy', () => {
    const caddy = caddyfile(rules, 'gotchalabs.app');
    expect(caddy).toContain(
      '@waitlist expression `{http.request.uri} == "/rest/v1/waitlist_emails" || {http.request.uri}.startsWith("/rest/v1/waitlist_emails?")`',
    );
    expect(caddy).toMatch(/request_body \{\s*max_size 65536\s*\}/);
    expect(caddy).toMatch(/timeouts \{\s*read_body 35s\s*\}/);
    expect(caddy.match(/header_down -\*\S\*/g)).toHaveLength(50);
    expect(caddy).toContain(
      'header @answer_content_range Content-Range {http.vars.answer_content_range}',
    );
    expect(caddy).toContain('answer_www_authenticate {http.reverse_proxy.header.Www-Authenticate}');
    expect(caddy).not.toMatch(/Set-Cookie \{http/);
  });

  it.each([
    ['/blogs/', '/blogs'],
    ['/blog/taobao-guide//', '/blog/taobao-guide'],
    ['/a/', '/a'],
  ])('drops the trailing slashes of %s', (path, canonical) => {
    expect(new RegExp(TRAILING_SLASH_PATH).exec(path)?.[1]).toBe(canonical);
  });

  it.each(['/', '/blogs', '//evil.example/', '/\\evil.example/', '/a b/', '/\t/evil.example/'])(
    'leaves %s without a redirect',
    (path) => {
      expect(new RegExp(TRAILING_SLASH_PATH).test(path)).toBe(false);
    },
  );
});
