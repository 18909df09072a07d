/**
 * A generated portal where every API sends and receives on the same few addresses (issue 32):
 * the flows between them grow with the square of the number of APIs, the case that the bounds on
 * flows per pair of APIs, on the portal's root and in apidesc-routes.json are there for.
 */
export const FLOOD_ADDRESSES = ['orders', 'payments', 'shipments'];

/**
 * One API of about 1 KB: a channel per shared address, an operation that sends and one that
 * receives on each; `senders` more operations sending on the first address (a pair of APIs with
 * more flows than a page lists).
 */
export function floodApi(i: number, senders = 0): string {
  const channels = FLOOD_ADDRESSES.map(
    (address) =>
      `  ${address}:\n    address: ${address}\n    messages:\n      ${address}Event:\n        name: ${address}Event\n        payload: {type: object, properties: {id: {type: string}}}\n`,
  ).join('');
  const operations = FLOOD_ADDRESSES.map(
    (address) =>
      `  send${address}:\n    action: send\n    channel: {$ref: '#/channels/${address}'}\n  receive${address}:\n    action: receive\n    channel: {$ref: '#/channels/${address}'}\n`,
  ).join('');
  const more = Array.from({ length: senders }, (_, k) => `  alsoSend${k}:\n    action: send\n    channel: {$ref: '#/channels/${FLOOD_ADDRESSES[0]}'}\n`).join(
    '',
  );
  return `apidesc: 3.0.0\ninfo:\n  title: Service ${i}\n  version: 1.0.0\nchannels:\n${channels}operations:\n${operations}${more}`;
}

/** `count` such APIs as the files of a folder (path → text), the first with `senders` more senders. */
export function floodPortal(count: number, senders = 0): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`apis/service-${String(i).padStart(3, '0')}.yaml`, floodApi(i, i === 0 ? senders : 0)]));
}
