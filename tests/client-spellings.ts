/**
 * Addresses as a proxy or a socket may write them, and the visitor each counts as: the bundled
 * server (`clientOf`, tests/unit/visitor-budgets.test.ts) and the database's client_of()
 * (tests/integration/limiter-migration.test.ts) are both held to this one table.
 */
export const CLIENT_SPELLINGS: readonly (readonly [address: string, client: string])[] = [
  ['203.0.113.20', '203.0.113.20'],
  ['::ffff:203.0.113.20', '203.0.113.20'],
  ['::FFFF:203.0.113.20', '203.0.113.20'],
  ['0:0:0:0:0:ffff:203.0.113.20', '203.0.113.20'],
  ['0000:0000:0000:0000:0000:ffff:cb00:7114', '203.0.113.20'],
  ['::ffff:cb00:710a', '203.0.113.10'],
  // IPv4-compatible (deprecated, ::/96) and NAT64 addresses are IPv6 addresses, not IPv4 ones.
  ['::1.2.3.4', '::/64'],
  ['64:ff9b::198.51.100.1', '64:ff9b::/64'],
  ['2001:db8:0:7::1', '2001:db8:0:7::/64'],
  ['2001:0DB8:0000:0007:ffff:ffff:ffff:ffff', '2001:db8:0:7::/64'],
  ['2001:db8::7', '2001:db8::/64'],
  ['2001:db8:1:0:0:0:0:1', '2001:db8:1::/64'],
  ['::1', '::/64'],
  ['fe80::1%eth0', 'fe80::1%eth0'],
  ['Visitor-Name', 'visitor-name'],
];
