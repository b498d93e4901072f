/**
 * A stand-in for the Supabase project behind a host's proxy: the bundled server's REST stand-in
 * on a port of its own, behind a recorder that keeps every request that reaches it (method, path,
 * headers) and adds a cookie and headers of its own to every answer, as Supabase's gateway does.
 */
import {createServer, request as httpRequest} from 'node:http';
import {createPgliteStorage, startServer} from '../integration/server-process';
import {freePort} from './web-servers';

interface UpstreamRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface RecordingUpstream {
  readonly url: string;
  /** Every request that reached the upstream, in order. */
  readonly requests: UpstreamRequest[];
  stop(): Promise<void>;
}

/** The cookie every upstream answer sets: it must never reach a visitor. */
const UPSTREAM_COOKIE = 'upstream-session=from-supabase; Path=/';
/**
 * Headers of the upstream's own that no visitor needs: names Supabase's gateway sends, and one
 * no list could know of.
 */
export const UPSTREAM_OWN_HEADERS = {
  server: 'upstream-server',
  via: '1.1 upstream-gateway',
  'sb-gateway-version': '1',
  'x-upstream-internal': 'from-upstream',
};

export interface UpstreamOptions {
  /** WAITLIST_PROXY_SECRET of the stand-in, as set in the project's database. */
  proxySecret?: string;
  /** Sign-ups per visitor per minute, as the hosted limiter allows them; 0 (default) lifts it. */
  writesPerMinute?: number;
}

export async function startRecordingUpstream({
  proxySecret,
  writesPerMinute = 0,
}: UpstreamOptions = {}): Promise<RecordingUpstream> {
  const storage = await createPgliteStorage();
  const standIn = await startServer({
    storage,
    writesPerMinute,
    env: proxySecret ? {WAITLIST_PROXY_SECRET: proxySecret} : {},
  });
  const requests: UpstreamRequest[] = [];
  const recorder = createServer((request, response) => {
    requests.push({method: request.method ?? '', url: request.url ?? '', headers: request.headers});
    const forwarded = httpRequest(
      standIn.url + (request.url ?? '/'),
      {method: request.method, headers: request.headers},
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          ...UPSTREAM_OWN_HEADERS,
          'set-cookie': UPSTREAM_COOKIE,
        });
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => recorder.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: async () => {
      recorder.closeAllConnections();
      await new Promise((resolve) => recorder.close(resolve));
      await standIn.stop();
      await storage.dispose();
    },
  };
}
