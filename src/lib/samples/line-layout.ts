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

/**
 * How Go and Java break a statement their generators wrote on one line. Go is gofmt's: an entry
 * a line one tab deeper, each with its comma, the closing bracket on a line of its own. Java is
 * the Google style's: the arguments on a continuation line four columns deeper (one a line when
 * they do not fit together), the closing bracket ending the last of them.
 */
export interface StatementStyle {
  unit: string;
  /** Java: the closing bracket ends the last entry's line, and entries share a line while they fit. */
  hug: boolean;
  /** Where a long right side may go to a line of its own: after `:=` or `=`. */
  assignments: readonly string[];
}

export const GO_STATEMENT: StatementStyle = { unit: '\t', hug: false, assignments: [' := ', ' = '] };
export const JAVA_STATEMENT: StatementStyle = { unit: '    ', hug: true, assignments: [' = '] };

const OPEN = '([{';
const CLOSE = ')]}';

interface Pair {
  open: number;
  close: number;
  /** Offsets (within the line) of the commas directly inside the pair. */
  commas: number[];
}

/**
 * The bracket pairs opened and closed on the line outside any other bracket, skipping string,
 * character and raw-string literals ("…", '…', `…`), and the offset of the first `//` comment.
 */
function topLevel(line: string): Pair[] {
  const pairs: Pair[] = [];
  const stack: Pair[] = [];
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const end = c === '`' ? line.indexOf('`', i + 1) : closingQuote(line, i);
      if (end < 0) return pairs;
      i = end;
    } else if (c === '/' && line[i + 1] === '/') return pairs;
    else if (OPEN.includes(c)) stack.push({ open: i, close: -1, commas: [] });
    else if (CLOSE.includes(c)) {
      const pair = stack.pop();
      if (!pair) return pairs;
      pair.close = i;
      if (stack.length === 0) pairs.push(pair);
    } else if (c === ',' && stack.length > 0) stack.at(-1)!.commas.push(i);
  }
  return pairs;
}

function closingQuote(line: string, from: number): number {
  for (let i = from + 1; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === line[from]) return i;
  }
  return -1;
}

/** Where the line's top-level assignment operator starts (outside brackets and literals), or -1. */
function assignmentAt(line: string, style: StatementStyle): { at: number; op: string } | undefined {
  // A statement's header (`if x := f(); …`) cannot break after its `:=`.
  if (/^(if|for|switch|while|return)\b/.test(line)) return undefined;
  const firstOpen = line.search(/[([{"'`]/);
  const head = firstOpen < 0 ? line : line.slice(0, firstOpen);
  for (const op of style.assignments) {
    const at = head.indexOf(op);
    if (at >= 0) return { at, op };
  }
  return undefined;
}

/**
 * One statement line of Go or Java laid out over as many lines as it takes to end within WIDTH
 * where it can: the widest bracket pair holding something is opened up (its entries a line each,
 * or together on one continuation line in Java), and a long right side moves below its `=` when
 * even the call's opening would not fit. A piece that cannot break (a long string) stays whole.
 * A `//` comment is worded over several lines.
 */
export function layoutStatement(line: string, style: StatementStyle): string[] {
  if (fits(line)) return [line];
  const indent = line.slice(0, line.length - line.trimStart().length);
  const body = line.trimStart();
  const at = columns(indent);
  if (body.startsWith('//')) return comment('//', body.slice(2), at).map((l) => `${indent}${l}`);
  const deeper = `${indent}${style.unit}`;
  const all = topLevel(line);
  // A Go type assertion's `.(T)` is no list: it cannot open.
  // Nor is an index or a type's `[…]` (`map[string]any`).
  const pairs = all.filter((p) => p.close > p.open + 1 && line[p.open - 1] !== '.' && line[p.open] !== '[');
  const widest = pairs.reduce<Pair | undefined>((a, b) => (!a || b.close - b.open >= a.close - a.open ? b : a), undefined);
  const assignment = assignmentAt(body, style);
  // Java: a chained call goes to a continuation line when both it and what comes before it then fit.
  if (style.hug) {
    const cut = all
      .map((p) => p.close + 1)
      .filter((i) => line[i] === '.' && fits(line.slice(0, i)) && fits(`${deeper}${line.slice(i)}`))
      .at(-1);
    if (cut !== undefined) return [line.slice(0, cut), ...layoutStatement(`${deeper}${line.slice(cut)}`, style)];
  }
  // The call's opening alone runs past the edge: its right side goes below the `=` first.
  if (assignment && (!widest || !fits(line.slice(0, widest.open + 1)))) {
    const left = body.slice(0, assignment.at + assignment.op.trimEnd().length);
    const right = body.slice(assignment.at + assignment.op.length);
    // One piece that fits no better below (a long string): the line stays whole.
    if (!widest && !fits(`${deeper}${right}`)) return [line];
    return [`${indent}${left}`, ...layoutStatement(`${deeper}${right}`, style)];
  }
  if (!widest) return [line];
  const head = line.slice(0, widest.open + 1);
  const tail = line.slice(widest.close);
  const cuts = [widest.open, ...widest.commas, widest.close];
  const entries = cuts.slice(1).map((end, i) => line.slice(cuts[i]! + 1, end).trim());
  let laid: string[];
  if (style.hug) {
    const together = `${deeper}${entries.join(', ')}${tail}`;
    laid = fits(together) || entries.length === 1 ? [head, together] : [head, ...entries.map((e, i) => `${deeper}${e}${i < entries.length - 1 ? ',' : tail}`)];
  } else laid = [head, ...entries.map((e) => `${deeper}${e},`), `${indent}${tail}`];
  // No progress (one unbreakable entry): leave the line whole rather than open it for nothing.
  if (laid.length === 2 && !fits(laid[1]!) && entries.length === 1 && topLevel(laid[1]!).every((p) => p.close === p.open + 1)) return [line];
  return laid.flatMap((l) => layoutStatement(l, style));
}
