import { actionLinkParams, type EmailTemplateKind } from '@ops/contract';
import { renderTemplate, TemplateError, type CompiledTemplate, type RenderedParts } from './engine';
import { endorsementLinkPath, endorsementTokenOf } from '../emails';
import { placeGuardedLinks, setLinksApart, withLinkPlaceholders } from './guarded-links';

/**
 * Renders a template as every e-mail is rendered: the guarded links (sign-in and reset links,
 * card-payment and verification links) kept from Liquid and placed after it where they stand
 * on their own (`guarded-links.ts`), then the kind's rules checked. Saving, previewing and
 * sending all go through here, so what was accepted at save is what is checked at send.
 */
export async function renderChecked(
  kind: EmailTemplateKind,
  compiled: CompiledTemplate,
  variables: Record<string, unknown>,
): Promise<RenderedParts> {
  const guarded = withLinkPlaceholders(variables);
  const parts = await renderTemplate(compiled, guarded.variables);
  if (compiled.text !== null) {
    const rendered = placeGuardedLinks(parts, guarded.links);
    checkRendered(kind, rendered, variables);
    return rendered;
  }
  // The plain text was made from the HTML (issue 32): the same rules hold for it, and what
  // breaks them is the HTML's doing, so the HTML is the part named. A link the HTML set right
  // against other words (`Open:<a href="{{ link }}">{{ link }}</a>`) is set apart by a space in
  // the text, as it is on screen, so it stands on its own there too.
  try {
    const text = setLinksApart(parts.text, guarded.links);
    const rendered = placeGuardedLinks({ ...parts, text }, guarded.links);
    checkRendered(kind, rendered, variables);
    return rendered;
  } catch (error) {
    if (error instanceof TemplateError && error.part === 'text') {
      throw new TemplateError(
        'html',
        null,
        `In the plain text made from the HTML: ${error.reason}`,
        error.rule,
      );
    }
    throw error;
  }
}

/** The kinds whose e-mail carries a single-use link the outbox seals (emails/sealed-secrets.ts). */
const linkKinds: ReadonlySet<EmailTemplateKind> = new Set([
  'sign-in-link',
  'password-reset',
  'application-endorsement-requested',
]);

/**
 * The secret of a guarded link and how it stands in the link: a sign-in link's code as its
 * `oobCode=` parameter, an endorsement link's token as the path after `/endorse/` (issue 34).
 */
function linkSecret(kind: EmailTemplateKind, link: string): { code: string; param: string } | null {
  const url = new URL(link);
  if (kind === 'application-endorsement-requested') {
    const code = endorsementTokenOf(url);
    return code ? { code, param: `${endorsementLinkPath}${code}` } : null;
  }
  const code = url.searchParams.get(actionLinkParams.code);
  return code ? { code, param: `${actionLinkParams.code}=${code}` } : null;
}

/**
 * What a rendered e-mail must satisfy beyond rendering. A sign-in or reset e-mail must carry its
 * link's code exactly as the link's parameter in the text and in the HTML, and nowhere else (not
 * in the subject, not cut out of the link by a filter): the outbox stores those bodies with the
 * code redacted and refuses a message that carries it elsewhere — a template breaking this would
 * stop every sign-in, so it is refused at save and replaced by the default at send.
 */
export function checkRendered(
  kind: EmailTemplateKind,
  rendered: RenderedParts,
  variables: Record<string, unknown>,
): void {
  if (!linkKinds.has(kind) || typeof variables.link !== 'string') return;
  const secret = linkSecret(kind, variables.link);
  if (!secret) return;
  const { code, param } = secret;
  if (rendered.subject.includes(code)) {
    throw new TemplateError(
      'subject',
      null,
      'The subject must not contain the link.',
      'template-link',
    );
  }
  for (const part of ['text', 'html'] as const) {
    const body = rendered[part];
    if (!body.includes(param)) {
      throw new TemplateError(
        part,
        null,
        'The link ({{ link }}) must appear in this part.',
        'template-link',
      );
    }
    if (body.replaceAll(param, '').includes(code)) {
      throw new TemplateError(
        part,
        null,
        "The link's code appears outside the link: use {{ link }} unchanged.",
        'template-link',
      );
    }
  }
}
