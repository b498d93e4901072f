import {createHash} from 'node:crypto';
import {load} from 'cheerio';
import type {HeaderRule} from './headers-file';
import {WORKER_PATH} from './offline-worker';
import {SECURITY_HEADER_NAMES, type SecurityHeaderName} from './waitlist-proxy';

/** Script types a browser executes; JSON-LD and other data blocks are not scripts to CSP. */
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/** CSP source expressions (`'sha256-…'`) for every inline script of one HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const $ = load(html);
  return $('script:not([src])')
    .toArray()
    .filter((element) => EXECUTABLE_TYPES.has(($(element).attr('type') ?? '').trim().toLowerCase()))
    .map((element) => {
      const digest = createHash('sha256').update($(element).text(), 'utf8').digest('base64');
      return `'sha256-${digest}'`;
    });
}

export interface SecurityPolicyOptions {
  scriptHashes: readonly string[];
  /** Origins the page may fetch from besides itself (the Supabase project, when configured). */
  connectOrigins: readonly string[];
}

export function contentSecurityPolicy({
  scriptHashes,
  connectOrigins,
}: SecurityPolicyOptions): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...[...new Set(scriptHashes)].sort()],
    // React sets style attributes; scripts, not styles, are where injection does harm.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...connectOrigins],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** Security headers every answer carries, and caching by path; later rules override earlier ones. */
export function headerRules(csp: string): HeaderRule[] {
  const security: Record<SecurityHeaderName, string> = {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // No interest-cohort: FLoC was withdrawn in 2022 and Chromium flags the name as unknown.
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  };
  return [
    {
      pattern: '/*',
      headers: [
        ...SECURITY_HEADER_NAMES.map((name): [string, string] => [name, security[name]]),
        ['Cache-Control', 'public, max-age=0, must-revalidate'],
      ],
    },
    {pattern: '/assets/*', headers: [['Cache-Control', 'public, max-age=31536000, immutable']]},
    {pattern: '/img/*', headers: [['Cache-Control', 'public, max-age=86400']]},
    // The service worker (plugins/offline): browsers must ask for it afresh, or a new deploy
    // would not reach a visitor whose old worker is still cached.
    {pattern: WORKER_PATH, headers: [['Cache-Control', 'no-cache']]},
  ];
}
