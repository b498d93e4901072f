import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {negotiate} from '@fastify/accept-negotiator';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fresh from 'fresh';
import {contentSecurityPolicy, headerRules} from '../contracts/security-headers';
import {MOVED_PATHS} from '../contracts/redirects';
import {BODY_TIMEOUT_S, CONNECTIONS_PER_VISITOR, MAX_BODY_BYTES} from '../contracts/waitlist-proxy';
import {answerClientErrors} from './client-errors';
import {capConnectionsPerAddress} from './connection-cap';
import {headersFor, parseHeadersFile} from '../contracts/headers-file';
import {REST_PREFIX} from '../contracts/waitlist';
import {loadStaticSite, resolveUrlPath, type StaticFile} from './static-site';
import {isTrustedProxy, type TrustedProxies} from './trust-proxy';
import {openWaitlistDatabase, type WaitlistDatabaseOptions} from './waitlist/database';
import {waitlistRestApi} from './waitlist/rest-api';
import {startSignUpExpiry} from './waitlist/sign-up-expiry';

export interface AppOptions {
  /** The production build to serve; `undefined` serves the REST stand-in alone. */
  buildDir?: string;
  waitlist: WaitlistDatabaseOptions & {
    anonKey: string;
    /** Waitlist rows a client address may add per minute; `0` lifts the limit. */
    writesPerMinute: number;
    /** Waitlist reads per client address per minute; `0` lifts the limit. */
    readsPerMinute: number;
    /** Visitors each limit remembers at once (see visitor-budgets.ts). */
    maxVisitors?: number;
    /** WAITLIST_PROXY_SECRET: the proxy's, for X-Waitlist-Visitor (see rest-api.ts). */
    proxySecret?: string;
  };
  logger?: boolean;
  /** The proxies in front, whose X-Forwarded-For names the client (see trust-proxy.ts). */
  trustProxy?: TrustedProxies;
  limits?: ClientLimits;
}

/** What one client may take of the server; a request over a time limit gets 408. */
export interface ClientLimits {
  /** Milliseconds from a connection's start, or a request's, to the end of its headers. */
  headersTimeout: number;
  /** Milliseconds from a request's start to the end of its body. */
  requestTimeout: number;
  /** Connections one address may hold open; 0 lifts the cap. */
  connectionsPerAddress: number;
}

/** A page takes one request; a form's sign-up a few hundred bytes, even on a slow phone line. */
export const DEFAULT_LIMITS: ClientLimits = {
  headersTimeout: 10_000,
  // The same limits as nginx and Caddy in front of Supabase (contracts/waitlist-proxy.ts).
  requestTimeout: BODY_TIMEOUT_S * 1000,
  connectionsPerAddress: CONNECTIONS_PER_VISITOR,
};
/** How often Node looks for requests over their time limits. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

const NOT_FOUND_PAGE = '/404.html';
const STATIC_METHODS = 'GET, HEAD';

/**
 * The path and query of a request target: origin-form (`/blogs?a=1`) as is, absolute-form
 * (`http://host/blogs`) reduced to its path, anything else `undefined`.
 */
export function splitTarget(target: string): {pathname: string; query: string} | undefined {
  let pathAndQuery = target;
  if (!target.startsWith('/')) {
    const url = URL.canParse(target) ? new URL(target) : undefined;
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:') return undefined;
    pathAndQuery = url.pathname + url.search;
  }
  const queryStart = pathAndQuery.indexOf('?');
  return queryStart < 0
    ? {pathname: pathAndQuery, query: ''}
    : {pathname: pathAndQuery.slice(0, queryStart), query: pathAndQuery.slice(queryStart)};
}

/**
 * The only place a redirect is built: `/blogs/` → `/blogs`, a moved path (`/blog`) to its new
 * one, query kept. It returns a path on this origin or nothing: a path holding a backslash (raw
 * or encoded), a control character or white space, or starting with `//`, would let a browser
 * read a host (`/\evil.example` is `//evil.example` to it), so it gets no redirect.
 */
export function canonicalRedirect(pathname: string, query = ''): string | undefined {
  let target = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (target === '') target = '/';
  target = MOVED_PATHS.find(({from}) => from === target)?.to ?? target;
  if (target === pathname) return undefined;
  const location = target + query;
  let decoded: string;
  try {
    decoded = decodeURIComponent(location);
  } catch {
    return undefined;
  }
  const unsafe = /[\\\s]|\p{Cc}/u;
  return location.startsWith('/') &&
    !/^\/[/\\]/.test(decoded) &&
    !unsafe.test(location) &&
    !unsafe.test(decoded)
    ? location
    : undefined;
}

/** Which stored form to send, by the client's Accept-Encoding, and its own ETag. */
function chooseForm(file: StaticFile, acceptEncoding: string | undefined) {
  const held = [file.br && 'br', file.gzip && 'gzip', 'identity'].filter(
    (encoding): encoding is string => Boolean(encoding),
  );
  // Content codings are case-insensitive (`BR` is brotli); the negotiator compares as written.
  const encoding = acceptEncoding ? negotiate(acceptEncoding.toLowerCase(), held) : null;
  if (encoding === 'br' && file.br) return {encoding, body: file.br, etag: `"${file.hash}-br"`};
  if (encoding === 'gzip' && file.gzip) {
    return {encoding, body: file.gzip, etag: `"${file.hash}-gz"`};
  }
  return {encoding: undefined, body: file.body, etag: `"${file.hash}"`};
}

/** The build's files and `_headers` rules, or, serving no build, the rules the build would write. */
async function loadBuild(buildDir: string | undefined) {
  if (!buildDir) {
    const rules = headerRules(contentSecurityPolicy({scriptHashes: [], connectOrigins: []}));
    return {files: undefined, rules, errorPage: undefined};
  }
  const files = await loadStaticSite(buildDir);
  const rules = parseHeadersFile(await readFile(path.join(buildDir, '_headers'), 'utf8'));
  const errorPage = files.get(NOT_FOUND_PAGE);
  if (!errorPage) throw new Error(`${buildDir} has no 404.html: is it a complete build?`);
  return {files, rules, errorPage};
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const {files, rules, errorPage} = await loadBuild(options.buildDir);

  /** The headers `_headers` gives a path; HSTS means something only over HTTPS. */
  const headersOf = (request: FastifyRequest, urlPath: string): [string, string][] =>
    [...headersFor(rules, urlPath)].filter(
      ([name]) => name !== 'strict-transport-security' || request.protocol === 'https',
    );
  const setHeaders = (reply: FastifyReply, filePath: string): void => {
    for (const [name, value] of headersOf(reply.request, filePath)) reply.header(name, value);
  };

  /** The site's own page for an error (the not-found page), with every header a page gets. */
  const sendErrorPage = (reply: FastifyReply, status: number): FastifyReply => {
    setHeaders(reply, NOT_FOUND_PAGE);
    reply.code(status);
    if (!errorPage) return reply.type('text/plain; charset=utf-8').send(`HTTP ${status}`);
    // Compressed like any page: the not-found page is a page a visitor waits for too.
    const form = chooseForm(errorPage, reply.request.headers['accept-encoding']);
    reply.type(errorPage.contentType).header('vary', 'Accept-Encoding');
    if (form.encoding) reply.header('content-encoding', form.encoding);
    return reply.send(form.body);
  };

  const app = Fastify({
    logger: options.logger ?? true,
    // Fastify's own two lines per request are replaced by the one line below.
    logController: new LogController({disableRequestLogging: true}),
    // Behind a reverse proxy or CDN, set TRUST_PROXY so rate limits see visitors' addresses.
    trustProxy: options.trustProxy ? [...options.trustProxy] : false,
    bodyLimit: MAX_BODY_BYTES,
    requestTimeout: limits.requestTimeout,
    http: {
      headersTimeout: limits.headersTimeout,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
      // Node's own answer to a request without Host carries no headers: the hook below answers.
      requireHostHeader: false,
    },
    // Requests that arrive while the server stops are answered as usual, with Connection: close,
    // rather than with Fastify's bare 503.
    return503OnClosing: false,
    // HSTS left out: the server cannot tell whether such a request came over HTTPS.
    clientErrorHandler: answerClientErrors(
      new Map(
        [...headersFor(rules, NOT_FOUND_PAGE)].filter(
          ([name]) => name !== 'strict-transport-security',
        ),
      ),
    ),
    // A URL the router cannot decode (`/%zz`): the site's page with status 400, not JSON.
    frameworkErrors: (_error, _request, reply) => {
      sendErrorPage(reply, 400);
    },
  });

  capConnectionsPerAddress(app.server, {
    perAddress: limits.connectionsPerAddress,
    isTrustedProxy: isTrustedProxy(options.trustProxy),
    onRefused: () => {
      app.log.warn(
        `refusing connections from an address that holds ${limits.connectionsPerAddress} already`,
      );
    },
  });

  // HTTP/1.1 requires Host (RFC 9112, 3.2).
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      return sendErrorPage(reply, 400);
    }
  });

  // Every answer carries the security headers of `_headers`. Pages and errors have set their
  // file's; the others (the REST stand-in's, Fastify's own) get their path's, without its
  // caching, which is for files.
  app.addHook('onSend', async (request, reply, payload) => {
    const urlPath = splitTarget(request.url)?.pathname ?? '/';
    for (const [name, value] of headersOf(request, urlPath)) {
      if (name !== 'cache-control' && !reply.hasHeader(name)) reply.header(name, value);
    }
    // Answered before its body arrived (refused, or over a limit): the connection closes after
    // the answer, rather than reading a body nobody wants for as long as the client sends it.
    if (!request.raw.complete) reply.header('connection', 'close');
    return payload;
  });

  // One line per request, whatever answered it. The query string is left out: it may carry
  // personal data, which does not belong in logs.
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0];
    request.log.info(
      `${request.method} ${path} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`,
    );
  });

  const database = await openWaitlistDatabase(options.waitlist);
  const expiry = await startSignUpExpiry(database, {
    info: (line) => app.log.info(line),
    error: (line) => app.log.error(line),
  });
  app.addHook('onClose', async () => {
    expiry.stop();
    await database.close();
  });
  await app.register(waitlistRestApi, {
    prefix: REST_PREFIX,
    database,
    anonKey: options.waitlist.anonKey,
    writesPerMinute: options.waitlist.writesPerMinute,
    readsPerMinute: options.waitlist.readsPerMinute,
    maxVisitors: options.waitlist.maxVisitors,
    proxySecret: options.waitlist.proxySecret,
  });

  if (!files) return app;

  const isRestPath = (url: string) => url === REST_PREFIX || url.startsWith(`${REST_PREFIX}/`);

  // A static site has pages to read and nothing to post: refused before any body is read.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || isRestPath(request.url)) return;
    reply.header('allow', STATIC_METHODS);
    return sendErrorPage(reply, 405);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.header('allow', STATIC_METHODS);
    return sendErrorPage(reply, 405);
  });
  app.setErrorHandler((error, request, reply) => {
    request.log.error({err: error}, 'static site: unexpected error');
    return sendErrorPage(reply, 500);
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      const target = splitTarget(request.url);
      if (!target) return sendErrorPage(reply, 400);
      const redirect = canonicalRedirect(target.pathname, target.query);
      if (redirect) {
        setHeaders(reply, NOT_FOUND_PAGE);
        return reply.redirect(redirect, 301);
      }
      let pathname: string;
      try {
        pathname = decodeURIComponent(target.pathname);
      } catch {
        return sendErrorPage(reply, 400);
      }
      // No file name holds a NUL byte; nginx and Caddy refuse one with 400 too.
      if (pathname.includes('\0')) return sendErrorPage(reply, 400);
      const filePath = resolveUrlPath(files, pathname);
      const file = filePath === undefined ? undefined : files.get(filePath);
      if (!filePath || !file) {
        request.log.warn({path: pathname}, `not found: ${pathname}`);
        return sendErrorPage(reply, 404);
      }
      setHeaders(reply, filePath);
      const form = chooseForm(file, request.headers['accept-encoding']);
      reply
        .header('content-type', file.contentType)
        .header('etag', form.etag)
        .header('vary', 'Accept-Encoding');
      // If-None-Match (weak validators, lists, `*`) read by a well-kept library. Only that
      // header is passed: `fresh` would answer 200 to `Cache-Control: no-cache`, which asks
      // caches to revalidate, as fetch() does with every conditional request, not the origin.
      const conditions = {'if-none-match': request.headers['if-none-match']};
      if (fresh(conditions, {etag: form.etag})) return reply.code(304).send();
      if (form.encoding) reply.header('content-encoding', form.encoding);
      return reply.send(form.body);
    },
  });

  return app;
}
