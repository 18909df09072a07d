/**
 * Lookups by a key that comes from a document. Every object inherits `constructor`, `toString`,
 * `__proto__`, … from Object.prototype: `table[key]` with such a key finds a function (or the
 * prototype) instead of nothing, and `object[key] = value` with `__proto__` replaces the
 * object's prototype instead of adding a property. Look up and write such keys with these.
 */

/** `table[key]` if the table has that key of its own, else undefined. */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Sets `object[key]` as a property of its own, whatever the key (`__proto__` included). */
export function setOwn<T>(object: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}
