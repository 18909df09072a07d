/**
 * Each different line of code is tokenized once per process, for the grammar state it starts in.
 *
 * A TextMate grammar tokenizes code line by line: a line's tokens and the state the next line
 * starts in are a function of the line's text and the state it starts in, nothing else (the
 * positions a state keeps within a line are reset before each line). The code of a site repeats
 * whole lines: the code samples of each operation are one template around its example, and the
 * JSON examples share their punctuation lines and many fields. On a generated document of 100
 * channels, 30,800 lines of code hold 6,200 different ones (20 %).
 *
 * The key of a line is its text and its starting state written out in full: every element of the
 * state's stack with its rule, its end condition, whether its start took the end of the line, and
 * both of its scope lists with their attributes (what vscode-textmate's own `equals` compares, and
 * `beginRuleCapturedEOL`, which it does not compare but which decides `\G` on the next line).
 *
 * Bounded: past LINE_MEMO_CHARS of keys and results kept by all the memos of a process (one per
 * grammar: a site's code samples are in about ten languages), new lines are tokenized and not kept.
 */
import { INITIAL, type StateStack } from '@shikijs/vscode-textmate';

/** Characters of keys and results kept at most by the memos sharing a budget (about 64 MB at two bytes a character). */
export const LINE_MEMO_CHARS = 32 * 1024 * 1024;

/** What the memos of a process keep together, in characters. */
export class MemoBudget {
  used = 0;
  readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }
}

/** What a line gives: its HTML, and the state the next line starts in. */
export interface LineResult {
  html: string;
  end: StateStack;
}

/** An element of a scope list (vscode-textmate's AttributedScopeStack), as far as the key reads it. */
interface ScopeFrame {
  readonly parent: ScopeFrame | null;
  readonly scopePath: { toString(): string };
  readonly tokenAttributes: number;
}

/** An element of a grammar state (vscode-textmate's StateStackImpl, whose class it does not export), as far as the key reads it. */
interface StateFrame {
  readonly parent: StateFrame | null;
  readonly beginRuleCapturedEOL: boolean;
  readonly endRule: string | null;
  readonly nameScopesList: ScopeFrame | null;
  readonly contentNameScopesList: ScopeFrame | null;
  toStateStackFrame(): { ruleId: number };
}

function isStateFrame(state: StateStack): state is StateStack & StateFrame {
  return (
    'parent' in state &&
    'beginRuleCapturedEOL' in state &&
    'endRule' in state &&
    'nameScopesList' in state &&
    'contentNameScopesList' in state &&
    'toStateStackFrame' in state &&
    typeof state.toStateStackFrame === 'function'
  );
}

export class LineMemo {
  readonly #lines = new Map<string, LineResult>();
  readonly #budget: MemoBudget;
  /** The key of each state object met, worked out once per object. */
  readonly #stateKeys = new WeakMap<StateFrame, string>();
  /** A short number for each different state (its key written out can be long, and a line's key is looked up for every line). */
  readonly #stateIds = new Map<string, number>();
  readonly #idOfState = new WeakMap<StateFrame, number>();
  readonly #scopeKeys = new WeakMap<ScopeFrame, string>();

  /** A memo that keeps what `budget` has room for (shared with other memos), or LINE_MEMO_CHARS of its own. */
  constructor(budget = new MemoBudget(LINE_MEMO_CHARS)) {
    this.#budget = budget;
  }

  /** The result of `line` starting in `state`: kept, or made by `tokenize` (and kept). */
  line(state: StateStack, line: string, tokenize: () => LineResult): LineResult {
    const key = `${this.#stateId(state)}\n${line}`;
    const known = this.#lines.get(key);
    if (known) return known;
    const result = tokenize();
    const size = key.length + result.html.length;
    if (this.#budget.used + size <= this.#budget.limit) {
      this.#budget.used += size;
      this.#lines.set(key, result);
    }
    return result;
  }

  #stateId(state: StateStack): number {
    if (state === INITIAL) return 0;
    if (!isStateFrame(state)) throw new TypeError('A grammar state of an unknown kind');
    let id = this.#idOfState.get(state);
    if (id === undefined) {
      const key = this.#frameKey(state);
      id = this.#stateIds.get(key);
      if (id === undefined) this.#stateIds.set(key, (id = this.#stateIds.size + 1));
      this.#idOfState.set(state, id);
    }
    return id;
  }

  /** A state written out in full; '' for the start of the code (its first line matches `\A`). */
  stateKey(state: StateStack): string {
    if (state === INITIAL) return '';
    // Grammars only make StateStackImpl; another kind of state would be a change of vscode-textmate.
    if (!isStateFrame(state)) throw new TypeError('A grammar state of an unknown kind');
    return this.#frameKey(state);
  }

  #frameKey(frame: StateFrame): string {
    const kept = this.#stateKeys.get(frame);
    if (kept !== undefined) return kept;
    // ruleId is private in the type; toStateStackFrame() is the public way to read it.
    const { ruleId } = frame.toStateStackFrame();
    const own = JSON.stringify([
      ruleId,
      frame.beginRuleCapturedEOL,
      frame.endRule,
      this.#scopeKey(frame.nameScopesList),
      this.#scopeKey(frame.contentNameScopesList),
    ]);
    const key = frame.parent ? `${this.#frameKey(frame.parent)}/${own}` : own;
    this.#stateKeys.set(frame, key);
    return key;
  }

  #scopeKey(list: ScopeFrame | null): string {
    if (list === null) return '';
    const kept = this.#scopeKeys.get(list);
    if (kept !== undefined) return kept;
    const key = `${this.#scopeKey(list.parent)}|${list.scopePath.toString()}#${list.tokenAttributes}`;
    this.#scopeKeys.set(list, key);
    return key;
  }
}
