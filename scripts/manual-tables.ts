/**
 * The manual's tables that describe code, made from the code when the manual is built
 * (scripts/docs.ts), so that they cannot say something else: the options from the command line's
 * option definitions (src/cli/cli-options.ts), the exit codes from their one definition
 * (src/lib/exit-codes.ts), the validation rules from the rules index (src/lib/validate/rules/index.ts),
 * and diff's rules with their severities from its catalogue (src/lib/diff/rule-ids.ts).
 *
 * Each table is a Markdown file the guides import (`import Options from './.generated/options.md'`).
 * The functions take their definitions as arguments, so that a test can hand them another.
 */
import { CLI_OPTIONS, type CommandName, OPTION_DOCS, type OptionDoc } from '../src/cli/cli-options.ts';
import { EXIT, EXIT_MEANINGS, SIGNAL_EXIT_BASE, SIGNAL_EXIT_MEANING } from '../src/lib/exit-codes.ts';
import { DIFF_RULES, type DiffRule } from '../src/lib/diff/rule-ids.ts';
import { rules as VALIDATION_RULES } from '../src/lib/validate/rules/index.ts';

/** A table cell: one line, its pipes escaped (also inside code, as GitHub-flavoured tables read them). */
const cell = (text: string): string => text.replace(/\r?\n/g, ' ').replaceAll('|', '\\|');

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)].join('\n') + '\n';
}

interface OptionDefinition {
  type: 'string' | 'boolean';
  short?: string;
  default?: unknown;
  multiple?: boolean;
}

/** The options, in the order they are defined: the option (and its value), the commands it applies to, what it does. */
export function optionsTable(
  options: Readonly<Record<string, OptionDefinition>> = CLI_OPTIONS,
  docs: Readonly<Record<string, OptionDoc>> = OPTION_DOCS,
): string {
  const rows = Object.entries(options).map(([name, option]) => {
    const doc = docs[name];
    if (!doc) throw new Error(`the option --${name} has no documentation in OPTION_DOCS`);
    const flag = `--${name}${doc.value ? ` ${doc.value}` : ''}`;
    const short = option.short ? `, \`-${option.short}\`` : '';
    const repeatable = option.multiple ? ' (repeatable)' : '';
    return [`\`${flag}\`${short}`, commandsOf(doc.commands), `${doc.meaning}${repeatable}`];
  });
  return table(['option', 'commands', 'meaning'], rows);
}

function commandsOf(commands: readonly CommandName[]): string {
  return commands.length === 6 ? 'all' : commands.map((c) => `\`${c}\``).join(', ');
}

/** The exit codes, by code (codes shared by two meanings have a row each), then a command stopped by a signal. */
export function exitCodesTable(
  exit: Readonly<Record<string, number>> = EXIT,
  meanings: Readonly<Record<string, string>> = EXIT_MEANINGS,
  signal: { base: number; meaning: string } = { base: SIGNAL_EXIT_BASE, meaning: SIGNAL_EXIT_MEANING },
): string {
  const rows = Object.entries(exit)
    .sort(([, a], [, b]) => a - b)
    .map(([name, code]) => {
      const meaning = meanings[name];
      if (meaning === undefined) throw new Error(`the exit code ${name} has no meaning in EXIT_MEANINGS`);
      return [String(code), meaning];
    });
  return table(['code', 'meaning'], [...rows, [`${signal.base} + n`, signal.meaning]]);
}

/** The semantic rules of validation, in the order they run: the prefix of the codes each reports, and what it checks. */
export function validationRulesTable(rules: readonly { id: string; description: string }[] = VALIDATION_RULES): string {
  return table(
    ['rule', 'what it checks'],
    rules.map((rule) => [`\`${rule.id}\``, rule.description]),
  );
}

/** diff's rules by area, each with the severity its changes have before a project's own. */
export function diffRulesTable(groups: readonly { area: string; rules: readonly DiffRule[] }[] = DIFF_RULES): string {
  const rows = groups.flatMap(({ area, rules }) => rules.map((rule) => [`\`${rule.id}\``, area, verdictText(rule.verdict)]));
  return table(['rule', 'area', 'severity'], rows);
}

function verdictText(verdict: DiffRule['verdict']): string {
  if (typeof verdict === 'object') return `${verdict.can.join(' or ')}: ${verdict.when}`;
  if (verdict === 'by direction') return 'breaking or non-breaking, by who writes the message (or its `x-compatibility`)';
  return verdict;
}

/** Every generated table, by the file name the guides import it by. */
export function manualTables(): Map<string, string> {
  return new Map([
    ['options.md', optionsTable()],
    ['exit-codes.md', exitCodesTable()],
    ['validation-rules.md', validationRulesTable()],
    ['diff-rules.md', diffRulesTable()],
  ]);
}
