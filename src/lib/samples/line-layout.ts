/**
 * How the samples' lines fit the reference panel, whose code area is 44 columns wide: a call's
 * arguments, an object or a dict stay on one line while it ends within the panel, and are laid an
 * entry a line (as Prettier, Black or gofmt users write them) when it would run past the edge,
 * where the panel would otherwise scroll sideways and the reader sees the line cut off.
 */

/** A line of code ends within this column while it fits the reference panel. */
export const WIDTH = 44;

/** Columns a tab takes in the panel: site.css sets the samples' tab-size to it. */
export const TAB_COLUMNS = 4;

/** The columns a line takes in the panel (a character outside the BMP is one column, a tab TAB_COLUMNS). */
export const columns = (line: string): number => [...line.replaceAll('\t', ' '.repeat(TAB_COLUMNS))].length;

/** How a language lays out a bracketed list over several lines. */
export interface ListStyle {
  /** One level of indentation. */
  unit: string;
  /** Inside the brackets of a list written on one line: JavaScript's `{ a }`. */
  pad: string;
  /** Whether the last entry of a broken list ends with a comma too: Java's arguments and a Python subscript cannot. */
  trailingComma: boolean;
}

export const JS_ARGS: ListStyle = { unit: '  ', pad: '', trailingComma: true };
export const JS_OBJECT: ListStyle = { unit: '  ', pad: ' ', trailingComma: true };
export const PY_ARGS: ListStyle = { unit: '    ', pad: '', trailingComma: true };
/** A subscript (`os.environ['NAME']`): a comma after its one entry would make it a tuple. */
export const PY_SUBSCRIPT: ListStyle = { unit: '    ', pad: '', trailingComma: false };

/** Every line but the first moved right by `indent`: a laid-out piece placed inside another. */
export const indentRest = (text: string, indent: string): string => text.replaceAll('\n', `\n${indent}`);

/** Every line of a piece moved right by `indent`. */
export const indentAll = (text: string, indent: string): string => `${indent}${indentRest(text, indent)}`;

/**
 * `open` + the entries joined by commas + `close`, on one line when none of them is already laid
 * over several lines and it ends within WIDTH, the line starting at column `at` (its indentation)
 * with `after` columns following it (a comma of an enclosing list). Else `open` ends its line, an
 * entry a line one `unit` deeper follows, each with its comma, and `close` starts the last line.
 * The result holds no indentation of its own on its first line: the caller places it.
 */
export function list(at: number, open: string, entries: string[], close: string, style: ListStyle, after = 0): string {
  const pad = entries.length > 0 ? style.pad : '';
  const line = `${open}${pad}${entries.join(', ')}${pad}${close}`;
  if (entries.length === 0 || (!line.includes('\n') && at + columns(line) + after <= WIDTH)) return line;
  const rows = entries.map((e, i) => `${style.unit}${indentRest(e, style.unit)}${i < entries.length - 1 || style.trailingComma ? ',' : ''}`);
  return [open, ...rows, close].join('\n');
}

/** `left = right` on one line while it fits at column `at`, else broken after the `=` (Prettier's layout of a long right side). */
export function assign(at: number, left: string, right: string, unit = '  '): string {
  const line = `${left} = ${right}`;
  return fits(line, at) ? line : `${left} =\n${unit}${indentRest(right, unit)}`;
}

/** Whether a piece fits on one line at column `at`. */
export const fits = (text: string, at = 0): boolean => !text.includes('\n') && at + columns(text) <= WIDTH;

/**
 * A comment worded over as many lines as it takes to end within WIDTH, each line starting with
 * `marker` (`//`, `#`) at column `at`; a word longer than a line keeps a line of its own.
 */
export function comment(marker: string, text: string, at = 0): string[] {
  const out: string[] = [];
  let line = marker;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== marker && at + columns(`${line} ${word}`) > WIDTH) {
      out.push(line);
      line = marker;
    }
    line = `${line} ${word}`;
  }
  if (line !== marker) out.push(line);
  return out;
}
