/**
 * Serves an existing production build and the waitlist REST stand-in, from the project root.
 * Environment: PORT (3000), HOST (localhost), BUILD_DIR (build), DATA_DIR (.data/waitlist),
 * DATABASE_URL (a PostgreSQL server instead of the embedded database), SUPABASE_ANON_KEY,
 * WAITLIST_WRITES_PER_MINUTE (10), WAITLIST_READS_PER_MINUTE (60; 0 lifts either limit),
 * WAITLIST_MAX_VISITORS (100000: visitors each limit remembers at once),
 * WAITLIST_PROXY_SECRET (the secret of the proxy in front that names each visitor),
 * SERVE_BUILD=false (REST stand-in only), TRUST_PROXY (the addresses or ranges of the reverse
 * proxies in front), HEADERS_TIMEOUT_MS (10000), REQUEST_TIMEOUT_MS (30000),
 * MAX_CONNECTIONS_PER_ADDRESS (50; 0 lifts it).
 */
import path from 'node:path';
import {parseProxySecret, READS_PER_MINUTE, SIGN_UPS_PER_MINUTE} from '../contracts/waitlist-proxy';
import {LOCAL_ANON_KEY} from '../contracts/waitlist';
import {buildApp, DEFAULT_LIMITS} from './app';
import {parseTrustProxy} from './trust-proxy';
import {MAX_VISITORS} from './waitlist/visitor-budgets';

function readInteger(name: string, fallback: number, least = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < least) {
    throw new Error(`${name} must be a whole number of ${least} or more, got "${raw}"`);
  }
  return value;
}

function readLimits() {
  const limits = {
    headersTimeout: readInteger('HEADERS_TIMEOUT_MS', DEFAULT_LIMITS.headersTimeout, 1),
    requestTimeout: readInteger('REQUEST_TIMEOUT_MS', DEFAULT_LIMITS.requestTimeout, 1),
    connectionsPerAddress: readInteger(
      'MAX_CONNECTIONS_PER_ADDRESS',
      DEFAULT_LIMITS.connectionsPerAddress,
    ),
  };
  // The request's time includes its headers'.
  if (limits.headersTimeout > limits.requestTimeout) {
    throw new Error('HEADERS_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS');
  }
  return limits;
}

async function serve(): Promise<void> {
  const root = process.cwd();
  const app = await buildApp({
    buildDir:
      process.env.SERVE_BUILD === 'false'
        ? undefined
        : path.resolve(root, process.env.BUILD_DIR ?? 'build'),
    waitlist: {
      dataDir: path.resolve(root, process.env.DATA_DIR ?? '.data/waitlist'),
      databaseUrl: process.env.DATABASE_URL || undefined,
      anonKey: process.env.SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
      writesPerMinute: readInteger('WAITLIST_WRITES_PER_MINUTE', SIGN_UPS_PER_MINUTE),
      readsPerMinute: readInteger('WAITLIST_READS_PER_MINUTE', READS_PER_MINUTE),
      maxVisitors: readInteger('WAITLIST_MAX_VISITORS', MAX_VISITORS, 1),
      proxySecret: parseProxySecret(process.env.WAITLIST_PROXY_SECRET, 'WAITLIST_PROXY_SECRET'),
    },
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    limits: readLimits(),
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      // Requests under way get a few seconds to finish; a client that never completes its
      // request must not keep the process alive, so what is left open is then closed.
      setTimeout(() => {
        app.server.closeAllConnections();
      }, 5_000).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Could not close the server cleanly:', error);
          process.exit(1);
        },
      );
    });
  }
  await app.listen({port: readInteger('PORT', 3000), host: process.env.HOST ?? 'localhost'});
}

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
