/**
 * Where JSON text that JSON.parse refused is wrong, in a reader's words: the line and column of
 * the first error and what was expected there ("line 3, column 5: a comma or } is expected").
 * Browsers word JSON.parse's errors differently and some give no position at all, so the filter
 * tester finds the place itself. A scan of the grammar only (no values are built), iterative so
 * that deep nesting cannot exhaust the stack; small, as it ships in the tester's script.
 */
export interface JsonSyntaxError {
  line: number;
  column: number;
  /** What is wrong there, a sentence without its position. */
  problem: string;
}

/** The first syntax error of `text`, or undefined when it is JSON. */
export function jsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const at = (problem: string): JsonSyntaxError => {
    const before = text.slice(0, i);
    const line = before.split('\n').length;
    return { line, column: i - before.lastIndexOf('\n'), problem };
  };
  const found = (): string => (i >= text.length ? 'the end of the text' : JSON.stringify(text[i]));
  const space = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  // What is open: '{' or '['. Each value ends by looking at the innermost.
  const open: string[] = [];
  for (;;) {
    // A value.
    space();
    const c = text[i];
    if (c === '{' || c === '[') {
      i++;
      space();
      const close = c === '{' ? '}' : ']';
      if (text[i] === close) i++;
      else {
        open.push(c);
        if (c === '{') {
          const key = member();
          if (key) return key;
        }
        continue;
      }
    } else if (c === '"') {
      const wrong = string();
      if (wrong) return wrong;
    } else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      const wrong = number();
      if (wrong) return wrong;
    } else {
      const word = ['true', 'false', 'null'].find((w) => text.startsWith(w, i));
      if (!word)
        return at(
          c === "'"
            ? "a value is expected, not ': JSON strings are in double quotes"
            : `a value (an object, a list, a string in double quotes, a number, true, false or null) is expected, not ${found()}`,
        );
      i += word.length;
    }
    // After a value: a comma, the close of what is open, or the end.
    for (;;) {
      space();
      const inner = open.at(-1);
      if (inner === undefined) return i < text.length ? at(`${found()} after the end of the JSON value`) : undefined;
      const close = inner === '{' ? '}' : ']';
      if (text[i] === close) {
        i++;
        open.pop();
        continue;
      }
      if (text[i] !== ',') return at(`a comma or ${close} is expected, not ${found()}`);
      i++;
      space();
      if (text[i] === close) return at(`a ${close} right after a comma: JSON allows no comma after the last ${inner === '{' ? 'property' : 'item'}`);
      if (inner === '{') {
        const key = member();
        if (key) return key;
      }
      break;
    }
  }

  /** A property name and its colon; the value follows. */
  function member(): JsonSyntaxError | undefined {
    if (text[i] !== '"') return at(`a property name in double quotes is expected, not ${found()}`);
    const wrong = string();
    if (wrong) return wrong;
    space();
    if (text[i] !== ':') return at(`a colon is expected after the property name, not ${found()}`);
    i++;
    return undefined;
  }

  function string(): JsonSyntaxError | undefined {
    i++;
    while (i < text.length && text[i] !== '"') {
      const c = text[i]!;
      if (c < ' ') return at('a line break or control character inside a string: write it as an escape such as \\n');
      if (c === '\\') {
        const escaped = text[i + 1];
        if (escaped === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return at('\\u is followed by four hexadecimal digits');
          i += 6;
          continue;
        }
        if (escaped === undefined || !'"\\/bfnrt'.includes(escaped))
          return at(`\\${escaped ?? ''} is not an escape of JSON (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)`);
        i += 2;
        continue;
      }
      i++;
    }
    if (i >= text.length) return at('the text ends inside a string: a closing " is missing');
    i++;
    return undefined;
  }

  function number(): JsonSyntaxError | undefined {
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (!match) {
      i++;
      return at('a digit is expected after the minus sign');
    }
    i += match[0].length;
    const next = text[i];
    if (next !== undefined && next >= '0' && next <= '9') return at('a number of JSON does not start with 0 (unless it is 0 or 0.…)');
    if (next === '.') {
      i++;
      return at('a digit is expected after the decimal point');
    }
    if (next === 'e' || next === 'E') {
      i++;
      return at('a digit is expected in the exponent');
    }
    return undefined;
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** "line 3, column 5: a comma or } is expected, not \"x\"", or a plain sentence when the scan finds nothing (it agrees with JSON.parse). */
export function jsonSyntaxMessage(text: string): string {
  const error = jsonSyntaxError(text);
  return error ? `line ${error.line}, column ${error.column}: ${error.problem}` : 'it is not valid JSON';
}
