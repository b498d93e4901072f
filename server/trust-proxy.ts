/**
 * TRUST_PROXY: the peers whose X-Forwarded-For names the client. Fastify reads that header from
 * them only, so the rate limits and the connection cap see visitors rather than the proxy; from
 * anyone else the header would let a client choose its address.
 */
import {BlockList, isIP} from 'node:net';

/** The proxies' addresses and ranges (CIDR). */
export type TrustedProxies = readonly string[];

const TRUST_EVERYONE =
  'TRUST_PROXY=true would take X-Forwarded-For from any client, so any client could choose its ' +
  'address and escape the rate limits. Set the addresses or ranges of the proxies in front, ' +
  'comma-separated (TRUST_PROXY=127.0.0.1 for nginx or Caddy on this machine).';
// Fastify 5 trusts no one given a number: it cannot check the connection's own address.
const TRUST_A_COUNT =
  'TRUST_PROXY takes the addresses or ranges of the proxies in front, not their number: a count ' +
  'cannot tell a proxy from a client that reaches the server directly, and Fastify ignores it. ' +
  "Set e.g. TRUST_PROXY=127.0.0.1, or a CDN's published ranges.";

/** An address (`10.0.0.1`) or a range (`10.0.0.0/8`), or undefined for anything else. */
function parseRange(entry: string) {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  const bits = family === 4 ? 32 : 128;
  const prefixLength = prefix === undefined ? bits : Number(prefix);
  const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && prefixLength <= bits);
  if (family === 0 || rest.length > 0 || !validPrefix) return undefined;
  return {address, prefixLength, type: family === 4 ? ('ipv4' as const) : ('ipv6' as const)};
}

/** TRUST_PROXY: unset, or addresses and ranges, comma-separated. */
export function parseTrustProxy(value = ''): TrustedProxies | undefined {
  const text = value.trim();
  if (text === '' || text === 'false') return undefined;
  if (text === 'true') throw new Error(TRUST_EVERYONE);
  if (/^\d+$/.test(text)) throw new Error(TRUST_A_COUNT);
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !parseRange(entry));
  if (wrong !== undefined) {
    throw new Error(
      `TRUST_PROXY: "${wrong}" is not an IP address or a range such as 10.0.0.0/8. Set the ` +
        "proxies' addresses or ranges, comma-separated.",
    );
  }
  return entries;
}

/** Whether a peer is one of the trusted proxies. */
export function isTrustedProxy(proxies: TrustedProxies = []): (address: string) => boolean {
  const list = new BlockList();
  for (const range of proxies.map(parseRange)) {
    if (range) list.addSubnet(range.address, range.prefixLength, range.type);
  }
  return (address) => {
    // An IPv4 client of a server listening on IPv6 appears as ::ffff:a.b.c.d.
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}
