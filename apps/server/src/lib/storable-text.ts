/**
 * Text PostgreSQL can store, and where a value holds some it cannot. PostgreSQL refuses the NUL
 * character in text and jsonb, so a NUL that reaches a query fails it (a 500 rather than the
 * caller's 400); a lone surrogate (half of a UTF-16 pair: `"\ud800"` in JSON) is not Unicode
 * at all and would be stored as U+FFFD, silently changing what the caller sent.
 */

export type TextProblem = { rule: 'nul-character' | 'lone-surrogate'; message: string };

export type DepthProblem = { rule: 'nesting-depth'; message: string };

export type FoundProblem = { path: string; problem: TextProblem | DepthProblem };

const nulProblem: TextProblem = {
  rule: 'nul-character',
  message: 'must not contain the NUL character (U+0000)',
};
const surrogateProblem: TextProblem = {
  rule: 'lone-surrogate',
  message: 'must be valid Unicode text (it holds a lone surrogate)',
};

/**
 * Nesting no request of the API comes near (its deepest bodies, invoice lines and selections,
 * are three levels); deeper values are refused before anything walks them recursively (zod,
 * JSON.stringify, the jsonb parser), whatever JSON.parse accepted.
 */
export const maxNestingDepth = 64;

/** ES2024's well-formed string methods: Node 20 has them, the project's TypeScript lib (ES2023) not. */
type Es2024String = string & { isWellFormed(): boolean; toWellFormed(): string };

/** What is wrong with `text` for PostgreSQL, or null when nothing is. */
export function textProblem(text: string): TextProblem | null {
  if (text.includes('\0')) return nulProblem;
  if (!(text as Es2024String).isWellFormed()) return surrogateProblem;
  return null;
}

/** A piece of a path, safe to show and log: the offending characters replaced by U+FFFD. */
function shownKey(key: string): string {
  return (key.replaceAll('\0', '\uFFFD') as Es2024String).toWellFormed();
}

/**
 * Bags of fields to walk: parsed JSON objects, parsed query strings (whose prototype may be a
 * bare object without Object.prototype), never streams, buffers or other class instances.
 */
function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * The first string of `value` (in document order; an object's keys before its values) that
 * PostgreSQL cannot store, named as a dotted path below `root` (`body.address.city`, `body.lines.2.label`); or
 * the first place nested deeper than `maxNestingDepth`. Iterative, so a value nested 10,000
 * levels deep (JSON.parse takes it) cannot exhaust the stack.
 */
export function findUnstorableText(value: unknown, root: string): FoundProblem | null {
  type Pending = { value: unknown; path: string; depth: number };
  const stack: Pending[] = [{ value, path: root, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: current, path, depth } = item;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { path, problem };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    const isArray = Array.isArray(current);
    if (!isArray && !isPlainObject(current)) continue;
    if (depth >= maxNestingDepth) {
      return {
        path,
        problem: {
          rule: 'nesting-depth',
          message: `must not be nested more than ${maxNestingDepth} levels deep`,
        },
      };
    }
    const children: Pending[] = [];
    if (isArray) {
      current.forEach((child: unknown, index) => {
        children.push({ value: child, path: `${path}.${index}`, depth: depth + 1 });
      });
    } else {
      for (const [key, child] of Object.entries(current)) {
        const childPath = `${path}.${shownKey(key)}`;
        const keyProblem = textProblem(key);
        if (keyProblem) return { path: childPath, problem: keyProblem };
        children.push({ value: child, path: childPath, depth: depth + 1 });
      }
    }
    // Reversed, so that the first child is the next one popped: document order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Pending);
  }
  return null;
}
