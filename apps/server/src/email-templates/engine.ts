import type { EmailTemplatePart } from '@ops/contract';
import { Liquid, type FS, type Template } from 'liquidjs';
import { textFromHtml } from './plain-text';

/**
 * The Liquid sandbox. Templates are written by operators, so they get no way out:
 *
 * - no file system and no network: `{% include %}`, `{% render %}` and `{% layout %}` are
 *   replaced by tags that refuse to parse, and the engine's `fs` refuses every lookup anyway (a
 *   second wall should a future liquidjs reach files another way);
 * - strict variables and filters: a misspelt variable or an unknown filter fails when the
 *   template is saved, with its line, instead of silently printing nothing to members;
 * - own properties only: `{{ invoice.constructor }}` reaches nothing of JavaScript's;
 * - limits on template size, render time and allocations (liquidjs's DoS guards), so a loop over
 *   `(1..100000000)` fails at save rather than holding a renewal run.
 *
 * The HTML part escapes every output (`outputEscape: 'escape'`): a member's name with `<` or `&`
 * arrives as text, never as markup. Subject and plain text are not HTML and are not escaped.
 */

const refuse = (file: string): never => {
  throw new Error(`templates cannot read files (${file})`);
};

/** A file system with nothing in it. */
const noFiles: FS = {
  exists: () => Promise.resolve(false),
  existsSync: () => false,
  readFile: (file) => Promise.reject(new Error(`templates cannot read files (${file})`)),
  readFileSync: refuse,
  resolve: (_dir, file) => file,
  contains: () => Promise.resolve(false),
  containsSync: () => false,
};

/** The most characters one template part may have when parsed. */
const parseLimit = 200_000;
/** The most milliseconds one render may take. */
const renderLimitMs = 500;
/** liquidjs's allocation budget (strings built by filters and loops). */
const memoryLimit = 10_000_000;

function sandboxedLiquid(escapeOutput: boolean): Liquid {
  const liquid = new Liquid({
    fs: noFiles,
    relativeReference: false,
    dynamicPartials: false,
    strictVariables: true,
    strictFilters: true,
    ownPropertyOnly: true,
    outputEscape: escapeOutput ? 'escape' : undefined,
    parseLimit,
    renderLimit: renderLimitMs,
    memoryLimit,
    // Dates arrive as 'YYYY-MM-DD' strings; `date` filters read them as UTC days.
    timezoneOffset: 0,
  });
  for (const tag of ['include', 'render', 'layout']) {
    liquid.registerTag(tag, {
      parse() {
        throw new Error(`the {% ${tag} %} tag is not allowed: templates cannot read files`);
      },
      *render() {
        /* never reached: parsing refuses the tag */
      },
    });
  }
  return liquid;
}

const plainLiquid = sandboxedLiquid(false);
const htmlLiquid = sandboxedLiquid(true);

/** The engine of a part: the HTML part's escapes its output. */
function engineOf(part: EmailTemplatePart): Liquid {
  return part === 'html' ? htmlLiquid : plainLiquid;
}

/** A template part that failed to parse or render: where, and why, in words. */
export class TemplateError extends Error {
  constructor(
    readonly part: EmailTemplatePart,
    readonly line: number | null,
    readonly reason: string,
    readonly rule: 'template-syntax' | 'template-link' = 'template-syntax',
  ) {
    super(`${line === null ? '' : `Line ${line}: `}${reason}`);
    this.name = 'TemplateError';
  }
}

/** liquidjs's message without its own ", line:2, col:5" tail (we say the line first). */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/, line:\d+, col:\d+$/, '').trim();
}

function lineOf(error: unknown): number | null {
  const token = (error as { token?: { getPosition?: () => [number, number] } }).token;
  const position = token?.getPosition?.();
  return position ? position[0] : null;
}

function templateError(part: EmailTemplatePart, error: unknown): TemplateError {
  return new TemplateError(part, lineOf(error), reasonOf(error));
}

/** A parsed part, ready to render many times. */
export type CompiledPart = { part: EmailTemplatePart; templates: Template[] };

/** Parses one part; a syntax error or a refused tag throws a `TemplateError`. */
export function compilePart(part: EmailTemplatePart, source: string): CompiledPart {
  try {
    return { part, templates: engineOf(part).parse(source) };
  } catch (error) {
    throw templateError(part, error);
  }
}

/**
 * Renders one parsed part; an unknown variable or a limit reached throws a `TemplateError`.
 * Synchronously: our templates read nothing asynchronous (no files, no async filters), and a
 * renewal run renders a hundred thousand e-mails, where liquidjs's promise-per-node path costs
 * about three times as much.
 */
export function renderPart(compiled: CompiledPart, variables: Record<string, unknown>): string {
  try {
    const output: unknown = engineOf(compiled.part).renderSync(compiled.templates, variables);
    return String(output);
  } catch (error) {
    throw templateError(compiled.part, error);
  }
}

/** The parts of a template, parsed; `text` null: the plain text is made from the rendered HTML. */
export type CompiledTemplate = {
  subject: CompiledPart;
  text: CompiledPart | null;
  html: CompiledPart;
};

/**
 * A template as written. `textSeparate: false` (the defaults, and every template saved so since
 * issue 32): its plain text is made from its HTML at every render and `text` is not used;
 * absent or true: `text` is the plain text's own template.
 */
export type TemplateSource = {
  subject: string;
  text: string;
  html: string;
  textSeparate?: boolean;
};
export type RenderedParts = { subject: string; text: string; html: string };

/** Whether a source's plain text is its own template (not made from the HTML). */
export const hasOwnText = (source: TemplateSource) => source.textSeparate !== false;

export function compileTemplate(source: TemplateSource): CompiledTemplate {
  return {
    subject: compilePart('subject', source.subject),
    text: hasOwnText(source) ? compilePart('text', source.text) : null,
    html: compilePart('html', source.html),
  };
}

/** The plain text made from a rendered HTML part; a failure is the HTML's. */
function derivedText(html: string): string {
  try {
    return textFromHtml(html);
  } catch (error) {
    throw new TemplateError('html', null, `No plain text can be made from it: ${reasonOf(error)}`);
  }
}

/** Subject on one line (a template's trailing newline or a name's line break never splits it). */
function oneLine(subject: string): string {
  return subject.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * The three parts rendered (the plain text made from the HTML when it has no template of its
 * own); a promise so that callers stay free to render asynchronously later.
 */
export function renderTemplate(
  compiled: CompiledTemplate,
  variables: Record<string, unknown>,
): Promise<RenderedParts> {
  try {
    const subject = renderPart(compiled.subject, variables);
    const ownText = compiled.text ? renderPart(compiled.text, variables) : null;
    const html = renderPart(compiled.html, variables);
    const text = ownText ?? derivedText(html);
    return Promise.resolve({ subject: oneLine(subject), text, html });
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
