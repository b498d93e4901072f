import {readFile} from 'node:fs/promises';
import path from 'node:path';
import Fastify, {LogController, type FastifyInstance, type FastifyReply} from 'fastify';
import {headersFor, parseHeadersFile, type HeaderRule} from './headers-file';
import {chooseEncoding, loadStaticSite, resolveUrlPath, type StaticFile} from './static-site';
import {openWaitlistDatabase, type WaitlistDatabaseOptions} from './waitlist/database';
import {waitlistRestApi} from './waitlist/rest-api';

export interface AppOptions {
  /** The production build to serve; `undefined` serves the REST stand-in alone. */
  buildDir?: string;
  waitlist: WaitlistDatabaseOptions & {
    anonKey: string;
    /** Waitlist rows a client address may add per minute; `0` lifts the limit. */
    writesPerMinute: number;
    /** Waitlist reads per client address per minute; `0` lifts the limit. */
    readsPerMinute: number;
  };
  logger?: boolean;
  trustProxy?: boolean | string;
}

const NOT_FOUND_PAGE = '/404.html';

/** `/blogs/` and `/blogs/?a=1` → `/blogs` (and `?a=1`); `/blog` is the blog plugin's list → `/blogs`. */
export function canonicalRedirect(url: string): string | undefined {
  const queryStart = url.indexOf('?');
  const pathname = queryStart < 0 ? url : url.slice(0, queryStart);
  const query = queryStart < 0 ? '' : url.slice(queryStart);
  let target = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (target === '') target = '/';
  if (target === '/blog') target = '/blogs';
  // A path starting with `//` would be read by browsers as another host: never redirect to it.
  if (target.startsWith('//')) return undefined;
  return target === pathname ? undefined : target + query;
}

function sendFile(
  reply: FastifyReply,
  file: StaticFile,
  filePath: string,
  rules: readonly HeaderRule[],
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): FastifyReply {
  for (const [name, value] of headersFor(rules, filePath)) {
    // HSTS means something only over HTTPS (static hosts); plain-HTTP local serving omits it.
    if (name === 'strict-transport-security' && reply.request.protocol !== 'https') continue;
    reply.header(name, value);
  }
  reply
    .header('content-type', file.contentType)
    .header('etag', file.etag)
    .header('vary', 'Accept-Encoding');
  if (ifNoneMatch === file.etag && reply.statusCode === 200) return reply.code(304).send();
  const encoding = chooseEncoding(file, acceptEncoding);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? file[encoding] : file.body);
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? true,
    // Fastify's own two lines per request are replaced by the one line below.
    logController: new LogController({disableRequestLogging: true}),
    // Behind a reverse proxy or CDN, set TRUST_PROXY so rate limits see visitors' addresses.
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 64 * 1024,
  });

  // One line per request, whatever answered it. The query string is left out: REST filters
  // can carry e-mail addresses, which do not belong in logs.
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0];
    request.log.info(
      `${request.method} ${path} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`,
    );
  });

  const database = await openWaitlistDatabase(options.waitlist);
  app.addHook('onClose', async () => database.close());
  await app.register(waitlistRestApi, {
    prefix: '/rest/v1',
    database,
    anonKey: options.waitlist.anonKey,
    writesPerMinute: options.waitlist.writesPerMinute,
    readsPerMinute: options.waitlist.readsPerMinute,
  });

  if (options.buildDir) {
    const files = await loadStaticSite(options.buildDir);
    const headersText = await readFile(path.join(options.buildDir, '_headers'), 'utf8');
    const rules = parseHeadersFile(headersText);
    const notFound = files.get(NOT_FOUND_PAGE);
    if (!notFound) throw new Error(`${options.buildDir} has no 404.html: is it a complete build?`);

    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (request, reply) => {
        const redirect = canonicalRedirect(request.url);
        if (redirect) return reply.redirect(redirect, 301);
        let pathname: string;
        try {
          pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
        } catch {
          return reply
            .code(400)
            .type('text/plain; charset=utf-8')
            .send('Bad request: malformed URL');
        }
        const filePath = resolveUrlPath(files, pathname);
        const accept = request.headers['accept-encoding'];
        if (!filePath) {
          request.log.warn({path: pathname}, `not found: ${pathname}`);
          reply.code(404);
          return sendFile(reply, notFound, NOT_FOUND_PAGE, rules, accept, undefined);
        }
        const file = files.get(filePath) as StaticFile;
        return sendFile(reply, file, filePath, rules, accept, request.headers['if-none-match']);
      },
    });
  }

  return app;
}
