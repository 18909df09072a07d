/**
 * The filter tester's check of a message's attributes against the values its messages' headers
 * allow (an `enum` of strings): an attribute the filters are tested with may hold a value no
 * message of the API can carry ("OrderShipped" where the header allows OrderPlaced and
 * OrderCancelled). The filters still say what AWS would do with it; this says, beside them, that
 * such a message would not pass the message schema. Used by the page's script and by the build
 * (which writes the pre-filled example's line). Never throws.
 */

/** Header name → the string values the headers allow, for headers with an enum. */
export type AttributeEnums = Record<string, string[]>;

/** One sentence per attribute whose value (or a value of its list) the headers do not allow. */
export function outsideEnums(attributes: Record<string, unknown>, enums: AttributeEnums): string[] {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    const allowed = Object.hasOwn(enums, name) ? enums[name] : undefined;
    if (!allowed) continue;
    const values = Array.isArray(value) ? value : [value];
    const outside = values.filter((v) => !allowed.includes(String(v)));
    if (outside.length === 0) continue;
    lines.push(
      `${name} ${outside.map((v) => JSON.stringify(v)).join(', ')}: not a value the message's ${name} header allows (${allowed.join(', ')}), so a message with it would not pass the message schema.`,
    );
  }
  return lines;
}

/** The enums written on the page (a data attribute), read back; anything else reads as none. */
export function readEnums(text: string | undefined): AttributeEnums {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const enums: AttributeEnums = {};
    for (const [name, values] of Object.entries(parsed))
      if (Array.isArray(values) && values.every((v) => typeof v === 'string'))
        Object.defineProperty(enums, name, { value: values, enumerable: true, writable: true, configurable: true });
    return enums;
  } catch {
    return {};
  }
}
