/**
 * The servers of a test file, and their storage, all stopped and removed after its last test,
 * even after a failure: the app built in this process, for requests sent with Fastify's `inject`
 * (the HTTP contract, where a socket is not the point), or the real server process, for what only
 * a process shows (kills, locks, slow clients, its log).
 */
import type {FastifyInstance} from 'fastify';
import {LOCAL_ANON_KEY} from '../../contracts/waitlist';
import {buildApp} from '../../server/app';
import {parseTrustProxy} from '../../server/trust-proxy';
import {startPostgresCluster, type PostgresCluster} from './postgres-cluster';
import {
  createPgliteStorage,
  startServer,
  type ServerProcess,
  type StartOptions,
  type Storage,
} from './server-process';

/** An in-process app: what serve.ts would be given, but no storage (see `app` below). */
export interface AppOptions extends Pick<
  StartOptions,
  'writesPerMinute' | 'readsPerMinute' | 'buildDir'
> {
  /** Visitors each limit remembers (WAITLIST_MAX_VISITORS). */
  maxVisitors?: number;
  /** The proxies in front, as TRUST_PROXY names them. */
  trustProxy?: string;
}

/**
 * For the tests of one file or `describe` block: call it at the top level of either, as it
 * registers the `afterAll` that stops everything started through it.
 */
export function serversOfThisFile() {
  const storages: Storage[] = [];
  const stops: (() => Promise<void>)[] = [];
  let cluster: Promise<PostgresCluster> | undefined;
  let building: Promise<unknown> = Promise.resolve();
  afterAll(async () => {
    await Promise.allSettled(stops.map((stop) => stop()));
    await Promise.allSettled(storages.map((storage) => storage.dispose()));
    if (cluster) await (await cluster).stop();
  }, 60_000);
  const buildTestApp = async (options: AppOptions): Promise<FastifyInstance> => {
    cluster ??= startPostgresCluster();
    const {DATABASE_URL: databaseUrl} = (await (await cluster).createDatabase()).env;
    const app = await buildApp({
      buildDir: options.buildDir,
      waitlist: {
        databaseUrl,
        anonKey: LOCAL_ANON_KEY,
        writesPerMinute: options.writesPerMinute ?? 0,
        readsPerMinute: options.readsPerMinute ?? 0,
        maxVisitors: options.maxVisitors,
      },
      trustProxy: parseTrustProxy(options.trustProxy),
      logger: false,
    });
    stops.push(() => app.close());
    return app;
  };
  return {
    /** New storage: a PGlite copy unless `create` makes another kind. */
    async storage(create: () => Promise<Storage> = createPgliteStorage): Promise<Storage> {
      const storage = await create();
      storages.push(storage);
      return storage;
    },
    /** A server process; tracked even when a test expects it to fail, in case it starts. */
    start(options: StartOptions): Promise<ServerProcess> {
      const started = startServer(options);
      void started.then(
        (server) => stops.push(() => server.stop()),
        () => undefined,
      );
      return started;
    },
    /**
     * The app as serve.ts builds it, listening nowhere, on a new database of a PostgreSQL server
     * this file shares: PGlite loads its WebAssembly with a dynamic import, which jest's module
     * sandbox refuses, so PGlite runs only in server processes.
     */
    app(options: AppOptions = {}): Promise<FastifyInstance> {
      // One at a time: the migrations create roles, which are the cluster's, not a database's,
      // and two at once would both try to.
      const app = building.catch(() => undefined).then(() => buildTestApp(options));
      building = app;
      return app;
    },
  };
}
