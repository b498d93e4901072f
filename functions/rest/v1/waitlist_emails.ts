/**
 * Cloudflare Pages Function for `/rest/v1/waitlist_emails`: the waitlist's calls, sent on to the
 * Supabase project named by the Pages project's SUPABASE_URL variable, with the visitor's
 * address and the WAITLIST_PROXY_SECRET secret when that is set (see docs/deploying.md).
 * Pages applies `_headers` to static files only, so the security headers are read from the
 * answer for the home page, as `_headers` gives it, and set on the proxied answer.
 */
import {proxyWaitlistRequest} from '../../../contracts/waitlist-proxy';

interface Context {
  request: Request;
  env: {
    SUPABASE_URL?: string;
    WAITLIST_PROXY_SECRET?: string;
    ASSETS: {fetch(input: URL, init?: RequestInit): Promise<Response>};
  };
}

export async function onRequest({request, env}: Context): Promise<Response> {
  const page = await env.ASSETS.fetch(new URL('/', request.url), {method: 'HEAD'});
  return proxyWaitlistRequest(request, {
    projectUrl: env.SUPABASE_URL,
    securityHeaders: page.headers,
    proxySecret: env.WAITLIST_PROXY_SECRET,
  });
}
