import type { TNoteOperator } from '@ops/contract/notes';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NoteBody } from './note-body';
import { firstLine, tokenizeNoteBody } from './note-text';

const ada: TNoteOperator = { uid: 'u-ada', email: 'ada@example.org', displayName: 'Ada Lovelace' };
const bob: TNoteOperator = { uid: 'u-bob', email: 'bob@example.org', displayName: null };

describe('tokenizeNoteBody', () => {
  it('keeps line breaks as breaks between the lines', () => {
    expect(tokenizeNoteBody('first\r\nsecond\n\nfourth', [])).toEqual([
      { kind: 'text', text: 'first' },
      { kind: 'break' },
      { kind: 'text', text: 'second' },
      { kind: 'break' },
      { kind: 'break' },
      { kind: 'text', text: 'fourth' },
    ]);
  });

  it('turns http and https addresses into links, without the punctuation after them', () => {
    expect(
      tokenizeNoteBody('See https://example.org/a?b=1. Or (http://x.example/wiki/A_(b)).', []),
    ).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { kind: 'text', text: '. Or (' },
      {
        kind: 'link',
        text: 'http://x.example/wiki/A_(b)',
        href: 'http://x.example/wiki/A_(b)',
      },
      { kind: 'text', text: ').' },
    ]);
  });

  it('leaves javascript:, data: and other schemes as text', () => {
    for (const body of [
      'javascript:alert(1)',
      'click javascript://example.org/%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.org/file',
      'xhttps://example.org',
    ]) {
      expect(tokenizeNoteBody(body, []).every((token) => token.kind === 'text')).toBe(true);
    }
  });

  it('marks the mentions of the mentioned operators, by name or e-mail', () => {
    expect(
      tokenizeNoteBody('@Ada Lovelace please call, cc @bob@example.org and @Adam', [ada, bob]),
    ).toEqual([
      { kind: 'mention', text: '@Ada Lovelace', uid: 'u-ada' },
      { kind: 'text', text: ' please call, cc ' },
      { kind: 'mention', text: '@bob@example.org', uid: 'u-bob' },
      { kind: 'text', text: ' and @Adam' },
    ]);
  });

  it('does not mark an "@Name" of an operator the note does not mention', () => {
    expect(tokenizeNoteBody('@Ada Lovelace', [])).toEqual([
      { kind: 'text', text: '@Ada Lovelace' },
    ]);
  });

  it('does not see a name inside a longer word', () => {
    const tokens = tokenizeNoteBody('@Ada Lovelaces', [ada]);
    expect(tokens.some((token) => token.kind === 'mention')).toBe(false);
  });
});

describe('NoteBody', () => {
  it('renders text as text: no markup from the body reaches the page', () => {
    const html = renderToString(
      <NoteBody body={'<img src=x onerror=alert(1)>\n<b>bold</b>'} mentions={[]} />,
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;<br/>&lt;b&gt;bold&lt;/b&gt;');
  });

  it('renders links opening apart, and mentions highlighted', () => {
    const html = renderToString(
      <NoteBody body="@Ada Lovelace see https://example.org/x" mentions={[ada]} />,
    ).replaceAll('<!-- -->', '');
    expect(html).toMatch(/<mark data-mention="u-ada"[^>]*>@Ada Lovelace<\/mark>/);
    expect(html).toMatch(
      /<a href="https:\/\/example.org\/x" target="_blank" rel="noopener noreferrer"[^>]*>https:\/\/example.org\/x<\/a>/,
    );
  });

  it('does not link a javascript: address', () => {
    const html = renderToString(<NoteBody body="javascript:alert(1)" mentions={[]} />);
    expect(html).not.toContain('<a');
    expect(html).toContain('javascript:alert(1)');
  });
});

describe('firstLine', () => {
  it('is the first line, shortened with an ellipsis', () => {
    expect(firstLine('\n  Call them back \nabout the invoice')).toBe('Call them back');
    expect(firstLine('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
