/**
 * What a field's name (and its description) says its string looks like, for a generated example
 * of a schema that says nothing more than `type: string`: `replyTo` described as a "Queue URL"
 * is a queue's URL, `customerEmail` an address, `orderId` an id, `createdAt` a date-time,
 * `currency` a currency code (as Stripe's and Redocly's examples read). Either a `format` that
 * json-schema-faker fills in (seeded, example-value.ts), or a value made here. Only applied
 * where the schema has no `format`, `pattern`, `enum` or `const` of its own, so the value is
 * still one the schema accepts (any string is).
 */

export type NameHint = { format: string } | { value: (variant: number) => string };

/** The words of a name as written: `replyTo` → reply, To; `SQSQueue_url` → SQS, Queue, url. */
export function nameParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/** The lowercase words of a field name: `replyTo` → reply, to; `customer_email` → customer, email; `ce_id` → ce, id. */
export function nameWords(name: string): string[] {
  return nameParts(name).map((w) => w.toLowerCase());
}

/**
 * A key as a reader reads a name: `commentChanged` → "Comment changed", `order_placed` → "Order
 * placed", `SQSQueueCreated` → "SQS queue created" (a word in capitals kept). A key with no word in
 * it (`$%`) stays as written.
 */
export function readableKey(key: string): string {
  const parts = nameParts(key).map((w, i) => (/^[A-Z0-9]{2,}$/.test(w) ? w : i === 0 ? w[0]!.toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase()));
  return parts.length === 0 ? key : parts.join(' ');
}

const URL_WORDS = new Set(['url', 'uri', 'href', 'link', 'endpoint', 'webhook', 'callback']);
const TIME_WORDS = new Set(['timestamp', 'datetime']);
const CURRENCIES = ['EUR', 'USD', 'GBP', 'JPY'];
const COUNTRIES = ['DE', 'FR', 'PT', 'GB'];
const LANGUAGES = ['en', 'de', 'fr', 'pt'];
const LOCALES = ['en-GB', 'de-DE', 'fr-FR', 'pt-PT'];
const CITIES = ['Lisbon', 'Berlin', 'Lyon', 'Leeds'];

/** One of the list per variant (an array of unique items needs its values apart). */
const pick = (list: readonly string[]) => (variant: number) => list[variant % list.length]!;

export function nameHint(name: string | undefined, description: string | undefined): NameHint | undefined {
  const words = name ? nameWords(name) : [];
  const last = words[words.length - 1];
  const about = (description ?? '').toLowerCase();
  const slug = words.filter((w) => !URL_WORDS.has(w)).join('-') || 'resource';
  const says = (pattern: RegExp): boolean => pattern.test(about);
  if ((last && URL_WORDS.has(last)) || says(/\b(url|uri)\b/)) {
    // A queue's URL reads as one (the reply address of a request, a dead-letter queue).
    if (words.includes('queue') || says(/\bqueue\b/))
      return { value: (v) => `https://sqs.eu-west-1.amazonaws.com/123456789012/${slug}${v === 0 ? '' : `-${v + 1}`}` };
    return { value: (v) => `https://example.com/${slug}${v === 0 ? '' : `/${v + 1}`}` };
  }
  if (!last) return undefined;
  if (words.includes('phone') || last === 'mobile') return { value: (v) => `+44 20 7946 ${String(958 + v).padStart(4, '0')}` };
  if (last === 'email' || last === 'mail' || says(/\be-?mail address\b/)) return { value: (v) => `jane.doe${v === 0 ? '' : v + 1}@example.com` };
  if (last === 'uuid' || last === 'guid' || (words.length === 1 && last === 'id')) return { format: 'uuid' };
  if (last === 'id' || last === 'key' || last === 'ref' || last === 'number') {
    // `orderId` → `order-1042`: the id of the thing it names.
    const stem = words.slice(0, -1).join('-') || last;
    return { value: (v) => `${stem}-${1042 + v}` };
  }
  if (last === 'at' || TIME_WORDS.has(last) || (words.length > 1 && last === 'time') || words.join('') === 'datetime') return { format: 'date-time' };
  if (last === 'date' || last === 'day' || last === 'birthday') return { format: 'date' };
  // A stock-keeping unit reads as one (`BOOK-1042`), not "string".
  if (last === 'sku' || last === 'skus') return { value: (v) => `${['BOOK', 'MUG', 'PEN', 'BAG'][v % 4]}-${1042 + v}` };
  if (last === 'currency') return { value: pick(CURRENCIES) };
  if (last === 'country' || words.join(' ').endsWith('country code')) return { value: pick(COUNTRIES) };
  if (last === 'language' || last === 'lang') return { value: pick(LANGUAGES) };
  if (last === 'locale') return { value: pick(LOCALES) };
  if (last === 'city') return { value: pick(CITIES) };
  if (last === 'hostname' || last === 'host') return { format: 'hostname' };
  if (last === 'ip' || words.join(' ').endsWith('ip address')) return { format: 'ipv4' };
  if (last === 'version') return { value: (v) => `1.${v}.0` };
  return undefined;
}

/**
 * A number a field's name suggests (`quantity` 1, `price` 24.5, `year` 2024, `createdAt` a Unix
 * time), before the schema's bounds and `multipleOf` are applied (example-value.ts); undefined
 * for a name that says nothing (the simplest value, 0, is taken).
 */
export function numberHint(name: string | undefined, type: 'integer' | 'number'): number | undefined {
  const words = name ? nameWords(name) : [];
  const last = words[words.length - 1];
  if (!last) return undefined;
  if (['quantity', 'qty', 'count'].includes(last)) return 1;
  if (['price', 'amount', 'total', 'cost', 'balance', 'fee', 'subtotal'].includes(last)) return type === 'integer' ? 25 : 24.5;
  if (last === 'year') return 2024;
  if (last === 'age') return 30;
  if (last === 'port') return 8080;
  if (last === 'percent' || last === 'percentage') return 50;
  if (last === 'ms' || last === 'millis') return 1_714_816_800_000;
  if (last === 'at' || last === 'timestamp' || last === 'epoch') return 1_714_816_800;
  if (last === 'id' || last === 'number') return 1042;
  return undefined;
}
