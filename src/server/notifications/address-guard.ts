// No door into the network (issue 34 item 6): a channel's URL may only reach the public internet.
// The host is resolved and every address it gives must be public; the sender then connects to
// the address checked here (send.ts pins it), so a DNS answer that changes between the check and
// the connection cannot slip a private address through. Checked at save and again at each send.
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/** A resolved address, as dns.lookup gives it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Resolves a host name to all its addresses; tests inject one to change the answer. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

// Everything that is not the public internet. IPv4 from RFC 6890's special-purpose registry;
// IPv6 likewise, with the IPv4-mapped (::ffff:0:0/96), IPv4-compatible and NAT64 prefixes refused
// outright since they reach IPv4 addresses the v4 list would have to be applied to.
// Two lists: node's BlockList matches an IPv4 address against IPv6 rules through its mapped form
// (::ffff:a.b.c.d), so one list with ::ffff:0:0/96 would refuse every IPv4 address.
const refusedV4 = new BlockList();
const refusedV6 = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata at 169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and broadcast
] as const) {
  refusedV4.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 96], // unspecified (::), loopback (::1) and the IPv4-compatible addresses
  ["::ffff:0:0", 96], // IPv4-mapped
  ["64:ff9b::", 96], // NAT64
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard-only
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (ULA)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  refusedV6.addSubnet(net, prefix, "ipv6");
}

const loopbackV4 = new BlockList();
loopbackV4.addSubnet("127.0.0.0", 8, "ipv4");
const loopbackV6 = new BlockList();
loopbackV6.addAddress("::1", "ipv6");

/** Whether an address is on the public internet (not private, loopback, link-local, ...). */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  return isIP(address) === 6
    ? !refusedV6.check(address, "ipv6")
    : !refusedV4.check(address, "ipv4");
}

export function isLoopbackAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  return isIP(address) === 6
    ? loopbackV6.check(address, "ipv6")
    : loopbackV4.check(address, "ipv4");
}

export interface GuardOptions {
  /** WEBHOOKS_ALLOW_LOCAL: http:// and loopback addresses allowed, for tests and development. */
  allowLocal: boolean;
  resolve?: Resolver;
}

/** Why a URL is refused, in words for the person who typed it (never containing the URL). */
export class UnsafeUrl extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "UnsafeUrl";
  }
}

/** The URL's shape alone: https, no credentials; http only with allowLocal. Throws UnsafeUrl. */
export function checkUrlShape(raw: string, allowLocal: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrl("must be a URL such as https://hooks.slack.com/services/…");
  }
  if (url.protocol !== "https:" && !(allowLocal && url.protocol === "http:")) {
    throw new UnsafeUrl("must be an https:// URL");
  }
  if (url.username || url.password) throw new UnsafeUrl("must not carry a user name or password");
  return url;
}

/**
 * The address to connect to: the host's addresses must all be allowed (one private answer among
 * public ones refuses it: the connection could land on any). Throws UnsafeUrl.
 */
export async function checkDestination(url: URL, options: GuardOptions): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      throw new UnsafeUrl("its host name does not resolve");
    }
  }
  if (addresses.length === 0) throw new UnsafeUrl("its host name does not resolve");
  for (const { address } of addresses) {
    const local = isLoopbackAddress(address);
    if (options.allowLocal && local) continue;
    if (url.protocol === "http:") throw new UnsafeUrl("http:// is allowed only to this machine");
    if (!isPublicAddress(address)) {
      throw new UnsafeUrl("resolves to a private, loopback or link-local address");
    }
  }
  return addresses[0]!;
}
