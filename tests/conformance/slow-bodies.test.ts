/**
 * A sign-up whose body trickles a byte every 5 s, on every host (hosts.ts): closed with 408 within
 * 35 s where the host can bound a body's time, and where it cannot (each such host named with its
 * reason), the check must still fail. It takes its time limit of real time, so the hosts run it
 * at once rather than one after another in local-servers.test.ts.
 */
import {HOSTS, PROXY_SECRET, TRICKLE_CHECK, rules, BUILD_DIR, startProject} from './hosts';
import {LIMIT_PROXY_CHECKS} from './proxy-checks';

jest.setTimeout(90_000);

const trickle = LIMIT_PROXY_CHECKS.find(({name}) => name === TRICKLE_CHECK);

it.concurrent.each(
  HOSTS.map(([name, host]) => {
    const reason = host.deviations?.[TRICKLE_CHECK];
    const title = reason ? `still fails "${TRICKLE_CHECK}": ${reason}` : TRICKLE_CHECK;
    return [`${name}: ${title}`, host, reason !== undefined] as const;
  }),
)('%s', async (_title, {start, proxies}, deviates) => {
  if (!trickle) throw new Error(`proxy-checks.ts has no check "${TRICKLE_CHECK}"`);
  const project = proxies ? await startProject() : undefined;
  const proxySecret = proxies ? PROXY_SECRET : undefined;
  const server = await start({buildDir: BUILD_DIR, supabaseUrl: project?.url, proxySecret});
  try {
    const run = trickle.run({url: server.url, rules, upstream: project, proxySecret});
    // A deviation fails by the check's own expectation, not a connection refused or a timeout.
    await (deviates ? expect(run).rejects.toThrow(/expect\(/) : run);
  } finally {
    await server.stop();
    await project?.stop();
  }
});
