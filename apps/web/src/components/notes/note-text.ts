import type { TNoteOperator } from '@ops/contract/notes';

/**
 * A note's body is plain text: this cuts it into the pieces the screen draws (text, links,
 * mentions, line breaks), so that it is rendered as React nodes and never as HTML. Only http(s)
 * addresses become links; anything else (`javascript:`, `data:`) stays text.
 */
export type NoteToken =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; uid: string }
  | { kind: 'break' };

/** How a mention reads in a note: "@" and the operator's name (the e-mail without a name). */
export function mentionName(operator: Pick<TNoteOperator, 'email' | 'displayName'>): string {
  return operator.displayName?.trim() || operator.email;
}

// A link starts with http:// or https:// after a start of line, a space or an opening bracket,
// and runs to the next space or angle bracket or quote.
const linkPattern = /(?<![\w@.:/-])https?:\/\/[^\s<>"]+/giu;
/** Punctuation that ends a sentence rather than the address ("see https://x.org.") */
const trailingPunctuation = /[.,;:!?'*]+$/u;

/** The address without the sentence's punctuation; a closing bracket only if it opened one. */
function trimLink(candidate: string): string {
  let link = candidate.replace(trailingPunctuation, '');
  while (link.endsWith(')') && count(link, '(') < count(link, ')')) {
    link = link.slice(0, -1).replace(trailingPunctuation, '');
  }
  return link;
}

const count = (text: string, character: string) => text.split(character).length - 1;

/** The address as a safe link target: a parsable http(s) URL, else null (stays text). */
export function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

type Span = { start: number; end: number; token: NoteToken };

function linkSpans(line: string): Span[] {
  const spans: Span[] = [];
  for (const match of line.matchAll(linkPattern)) {
    const text = trimLink(match[0]);
    const href = safeHref(text);
    if (href === null) continue;
    spans.push({
      start: match.index,
      end: match.index + text.length,
      token: { kind: 'link', text, href },
    });
  }
  return spans;
}

/** A mention ends where a name would: not inside a longer word ("@Ada" is not "@Adam"). */
const continuesWord = (character: string | undefined) =>
  character !== undefined && /[\p{L}\p{N}_]/u.test(character);

function mentionSpans(line: string, mentions: readonly TNoteOperator[], taken: Span[]): Span[] {
  // Longest names first, so "@Ada Lovelace" wins over "@Ada" when both are mentioned.
  const names = mentions
    .map((operator) => ({ uid: operator.uid, text: `@${mentionName(operator)}` }))
    .sort((a, b) => b.text.length - a.text.length);
  const spans: Span[] = [];
  const isFree = (start: number, end: number) =>
    [...taken, ...spans].every((span) => end <= span.start || start >= span.end);
  const lower = line.toLocaleLowerCase();
  for (const { uid, text } of names) {
    const wanted = text.toLocaleLowerCase();
    let from = 0;
    for (;;) {
      const start = lower.indexOf(wanted, from);
      if (start < 0) break;
      const end = start + text.length;
      from = end;
      if (continuesWord(line[end]) || continuesWord(line[start - 1])) continue;
      if (!isFree(start, end)) continue;
      spans.push({ start, end, token: { kind: 'mention', text: line.slice(start, end), uid } });
    }
  }
  return spans;
}

function tokenizeLine(line: string, mentions: readonly TNoteOperator[]): NoteToken[] {
  const links = linkSpans(line);
  const spans = [...links, ...mentionSpans(line, mentions, links)].sort(
    (a, b) => a.start - b.start,
  );
  const tokens: NoteToken[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start > at) tokens.push({ kind: 'text', text: line.slice(at, span.start) });
    tokens.push(span.token);
    at = span.end;
  }
  if (at < line.length) tokens.push({ kind: 'text', text: line.slice(at) });
  return tokens;
}

/** The body's pieces in order: text, links and mentions of each line, a break between lines. */
export function tokenizeNoteBody(body: string, mentions: readonly TNoteOperator[]): NoteToken[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .flatMap((line, index) => [
      ...(index > 0 ? [{ kind: 'break' } as const] : []),
      ...tokenizeLine(line, mentions),
    ]);
}

/** The note's first line (for the home screen's follow-ups), shortened to `max` characters. */
export function firstLine(body: string, max = 120): string {
  const line = body.trim().split(/\r?\n/u)[0]?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
