// A workflow's `if:` conditions and `${{ }}` values evaluated as the runner evaluates them, with
// GitHub's own expression engine (@actions/expressions): its operators, its coercions (a string
// compared with a number, a null object), its functions. The status functions (success(),
// cancelled(), …) are the runner's, not the engine's: a test says what each answers.
import { Evaluator, Lexer, Parser, data } from '@actions/expressions';
import { truthy } from '@actions/expressions/result';

/** What the status functions answer for the job or step being decided. */
export interface JobStatus {
  success: boolean;
  failure: boolean;
  cancelled: boolean;
}

const STATUS_FUNCTIONS = ['success', 'failure', 'cancelled', 'always'] as const;
const PASSING: JobStatus = { success: true, failure: false, cancelled: false };

/** The expression inside `${{ }}`, or the whole text when an `if:` leaves them out. */
function expressionOf(text: string): string {
  const wrapped = /^\s*\$\{\{([\s\S]*)\}\}\s*$/.exec(text);
  return (wrapped?.[1] ?? text).trim();
}

/** Evaluates `text` with these contexts (plain JSON: `github`, `steps`, `secrets`, …). */
export function evaluate(
  text: string,
  contexts: Record<string, unknown>,
  status: JobStatus = PASSING,
): data.ExpressionData {
  const expression = expressionOf(text);
  const functions = STATUS_FUNCTIONS.map((name) => ({
    name,
    minArgs: 0,
    maxArgs: 0,
    call: () => new data.BooleanData(name === 'always' ? true : status[name]),
  }));
  const { tokens } = new Lexer(expression).lex();
  const tree = new Parser(tokens, Object.keys(contexts), functions).parse();
  const values = JSON.parse(JSON.stringify(contexts), data.reviver) as data.Dictionary;
  return new Evaluator(tree, values, new Map(functions.map((f) => [f.name, f]))).evaluate();
}

/**
 * Whether an `if:` lets the job or step run: as the runner does, a condition that calls no status
 * function is taken as `success() && (…)`.
 */
export function runs(
  condition: string | undefined,
  contexts: Record<string, unknown>,
  status: JobStatus = PASSING,
): boolean {
  if (condition === undefined) return status.success;
  const expression = expressionOf(condition);
  const callsStatus = new RegExp(`\\b(${STATUS_FUNCTIONS.join('|')})\\s*\\(`, 'i').test(expression);
  return truthy(evaluate(callsStatus ? expression : `success() && (${expression})`, contexts, status));
}

/** A `${{ }}` value as the runner passes it to a step: a string. */
export function valueOf(text: string, contexts: Record<string, unknown>): string {
  if (!/\$\{\{/.test(text)) return text;
  return evaluate(text, contexts).coerceString();
}
