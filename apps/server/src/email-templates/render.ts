import { createHash } from 'node:crypto';
import type { EmailTemplateKind, Language } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { defaultTemplates, type DefaultTemplates } from './defaults';
import {
  compileTemplate,
  hasOwnText,
  type CompiledTemplate,
  type RenderedParts,
  type TemplateSource,
} from './engine';
import { renderChecked } from './checks';
import { loadOverrides, type Override, type Overrides } from './overrides';
import type { EmailVariables } from './variables';

/** A rendered e-mail and the language it is in (English when the asked one has no template). */
export type RenderedEmail = RenderedParts & { language: Language };

/** Where a template comes from: an operator's override (by version) or the shipped default. */
type Source = { kind: EmailTemplateKind; language: Language } & (
  | { origin: 'override'; version: number; template: TemplateSource }
  | { origin: 'default'; template: TemplateSource }
);

/**
 * Parsed templates by their content. Parsing is most of a render's cost, and a renewal run
 * renders thousands of the same template. Keyed by what the template says, not by its version:
 * a revert deletes the override and the next save is version 1 again, so a version key served
 * the reverted wording until the process restarted (issue 31). The bound keeps old wordings from
 * piling up.
 */
const compiledCache = new Map<string, CompiledTemplate>();
const maxCached = 500;

function cacheKey(source: Source): string {
  const { subject, text, html } = source.template;
  // A text made from the HTML is not compiled: the same words are another template then.
  const ownText = hasOwnText(source.template);
  const digest = createHash('sha256')
    .update(subject)
    .update('\0')
    .update(ownText ? text : '')
    .update('\0')
    .update(html)
    .digest('base64url');
  return `${source.kind}:${ownText ? 'text' : 'made'}:${digest}`;
}

function compiled(source: Source): CompiledTemplate {
  const key = cacheKey(source);
  const cached = compiledCache.get(key);
  if (cached) return cached;
  const parsed = compileTemplate(source.template);
  if (compiledCache.size >= maxCached) compiledCache.clear();
  compiledCache.set(key, parsed);
  return parsed;
}

/**
 * The template of a kind in a language: the language's override, else its default; a language
 * with neither falls back to English (override, then default).
 */
export function pickTemplate(
  kind: EmailTemplateKind,
  language: Language,
  overrides: Overrides,
  defaults: DefaultTemplates = defaultTemplates,
): Source {
  for (const candidate of language === 'en' ? (['en'] as const) : [language, 'en' as const]) {
    const override: Override | undefined = overrides.get(`${kind}:${candidate}`);
    if (override) {
      return {
        kind,
        language: candidate,
        origin: 'override',
        version: override.version,
        template: override.template,
      };
    }
    const shipped = defaults[kind][candidate];
    // The shipped wording sends the plain text made from its HTML (issue 32); its written
    // text is only where editing the text separately starts.
    if (shipped) {
      const template = { ...shipped, textSeparate: false };
      return { kind, language: candidate, origin: 'default', template };
    }
  }
  throw new Error(`The ${kind} e-mail has no English default`);
}

/** The shipped default of a kind in a language, English when it has none. */
export function defaultOf(
  kind: EmailTemplateKind,
  language: Language,
  defaults: DefaultTemplates = defaultTemplates,
): Source {
  return pickTemplate(kind, language, new Map(), defaults);
}

/**
 * Renders with the chosen template. A stored override was validated at save, but should it
 * still fail now (a sender passing a value its examples never had), the e-mail goes out with
 * the default wording rather than not at all, and the failure is reported as a process warning
 * (the server's log shows it).
 */
/** What a renderer does when a stored template could not be used (it records it on the row). */
type OnFallback = (source: Source & { origin: 'override' }, reason: string) => Promise<void>;

async function renderSource<K extends EmailTemplateKind>(
  source: Source,
  variables: EmailVariables[K],
  defaults: DefaultTemplates,
  onFallback?: OnFallback,
): Promise<RenderedEmail> {
  const values = variables as Record<string, unknown>;
  try {
    const rendered = await renderChecked(source.kind, compiled(source), values);
    return { ...rendered, language: source.language };
  } catch (error) {
    if (source.origin === 'default') throw error;
    const reason = error instanceof Error ? error.message : String(error);
    process.emitWarning(
      `The ${source.kind} e-mail template (${source.language}, version ${source.version}) failed to render and the default was used: ${reason}`,
      { code: 'EMAIL_TEMPLATE_FALLBACK' },
    );
    await onFallback?.(source, reason);
    const fallback = defaultOf(source.kind, source.language, defaults);
    const rendered = await renderChecked(fallback.kind, compiled(fallback), values);
    return { ...rendered, language: fallback.language };
  }
}

/** A renderer with the overrides loaded once: a batch of e-mails (a renewal run) uses one. */
export type EmailRenderer = {
  render<K extends EmailTemplateKind>(
    kind: K,
    language: Language,
    variables: EmailVariables[K],
  ): Promise<RenderedEmail>;
};

/** A renderer over given overrides and defaults (tests give their own defaults). */
export function rendererOf(
  overrides: Overrides,
  defaults: DefaultTemplates = defaultTemplates,
  onFallback?: OnFallback,
): EmailRenderer {
  return {
    render: (kind, language, variables) =>
      renderSource(
        pickTemplate(kind, language, overrides, defaults),
        variables,
        defaults,
        onFallback,
      ),
  };
}

/**
 * Notes on the template's row that its wording could not be used (the editor shows it until the
 * next save). Not a change of the template: no version, no audit entry; one UPDATE of that row
 * in the caller's transaction, once per renderer (a renewal batch renders thousands).
 */
function recordFallbackOn(db: Kysely<Database>): OnFallback {
  const recorded = new Set<string>();
  return async (source, reason) => {
    const id = `${source.kind}:${source.language}:${source.version}`;
    if (recorded.has(id)) return;
    recorded.add(id);
    await db
      .updateTable('email_templates')
      .set({ last_fallback_at: sql<Date>`now()`, last_fallback_reason: reason.slice(0, 500) })
      .where('id', '=', `${source.kind}:${source.language}`)
      .where('version', '=', source.version)
      .execute();
  };
}

/**
 * Loads the overrides of the given kinds once, for a batch that renders many e-mails of them.
 * Pass the transaction the e-mails are queued in, so a batch sees one state of the templates.
 */
export async function loadEmailRenderer(
  db: Kysely<Database>,
  kinds: readonly EmailTemplateKind[],
): Promise<EmailRenderer> {
  return rendererOf(await loadOverrides(db, kinds), defaultTemplates, recordFallbackOn(db));
}

/**
 * Renders one e-mail of a kind in the recipient's language, with the operators' wording when
 * they changed it. `language` in the result is the one actually used (English when the asked
 * one has no template).
 */
export async function renderEmail<K extends EmailTemplateKind>(
  db: Kysely<Database>,
  kind: K,
  language: Language,
  variables: EmailVariables[K],
): Promise<RenderedEmail> {
  const renderer = await loadEmailRenderer(db, [kind]);
  return renderer.render(kind, language, variables);
}
