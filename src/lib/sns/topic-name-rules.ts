/**
 * The names AWS takes for an SNS topic (CreateTopic, "Name"): 1 to 256 characters, ASCII letters,
 * digits, hyphens and underscores only; a FIFO topic's name ends with `.fifo`, the one dot a name
 * may hold, and a standard topic's may not. The SPEC's binding says only that `name` is the topic's
 * name, so a name AWS refuses is a warning (validation), never an error.
 */

const MAX_LENGTH = 256;
const FIFO_SUFFIX = '.fifo';

/** Why AWS refuses `name` as a topic's name, in words for the sentence "… AWS refuses it: <why>", or undefined when it takes it. */
export function refusedTopicName(name: string): string | undefined {
  if (name === '') return 'a topic name has 1 to 256 characters';
  if (name.length > MAX_LENGTH) return `it has ${name.length} characters, and a topic name at most ${MAX_LENGTH}`;
  const stem = name.endsWith(FIFO_SUFFIX) ? name.slice(0, -FIFO_SUFFIX.length) : name;
  if (stem === '') return 'a FIFO topic name needs characters before ".fifo"';
  const others = [...new Set(stem.match(/[^A-Za-z0-9_-]/g) ?? [])];
  if (others.length === 0) return undefined;
  return `it holds ${others.map((c) => (c === ' ' ? 'a space' : `"${c}"`)).join(', ')}, where a topic name holds only ASCII letters, digits, hyphens and underscores (and a FIFO topic's ".fifo" ending)`;
}

/** Whether the name ends as a FIFO topic's must. */
export function hasFifoSuffix(name: string): boolean {
  return name.endsWith(FIFO_SUFFIX);
}

/** A name AWS takes that is closest to `name`: each refused character a hyphen, the `.fifo` ending kept. */
export function acceptedTopicName(name: string): string {
  const fifo = hasFifoSuffix(name);
  const stem = (fifo ? name.slice(0, -FIFO_SUFFIX.length) : name).replace(/[^A-Za-z0-9_-]/g, '-').slice(0, MAX_LENGTH - (fifo ? FIFO_SUFFIX.length : 0));
  return `${stem || 'topic'}${fifo ? FIFO_SUFFIX : ''}`;
}
