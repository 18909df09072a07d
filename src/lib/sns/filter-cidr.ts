/**
 * The `cidr` condition of a filter policy: whether an address (IPv4 or IPv6) lies in a range,
 * parsed by ipaddr.js rather than by hand. Kept apart from the matcher so that the page's
 * script loads it only for policies that use `cidr` (it is most of the script's size).
 */
import ipaddr from 'ipaddr.js';

/** true or false, or undefined when the range or the address cannot be read (the reason says which). */
export function cidrContains(range: string, address: string): { inRange?: boolean; problem?: string } {
  if (!isCidr(range)) return { problem: `${JSON.stringify(range)} is not a CIDR range` };
  const parsed = ipaddr.parseCIDR(range);
  // Only the usual notations: ipaddr.isValid also reads "10" or "0x0a.1" as IPv4 addresses.
  if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) return { problem: `${JSON.stringify(address)} is not an IP address` };
  const ip = ipaddr.parse(address);
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is compared as IPv4.
  const plain = ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
  if (plain.kind() !== parsed[0].kind()) return { inRange: false };
  return { inRange: plain.match(parsed) };
}

/** Whether a text is a CIDR range ipaddr.js reads (for the lints). */
export function isCidr(range: string): boolean {
  return ipaddr.IPv4.isValidCIDRFourPartDecimal(range) || ipaddr.IPv6.isValidCIDR(range);
}
