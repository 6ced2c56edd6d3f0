import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { NoteOperatorChoice } from '@/lib/api/notes';
import { MentionTextarea } from './mention-textarea';
import {
  findMentionQuery,
  insertMention,
  matchOperators,
  maxMentionOptions,
  mentionedUids,
  pickerKey,
} from './mentions';

const ada: NoteOperatorChoice = {
  uid: 'u-ada',
  email: 'ada@example.org',
  displayName: 'Ada Lovelace',
};
const bruno: NoteOperatorChoice = {
  uid: 'u-bruno',
  email: 'bruno@example.org',
  displayName: 'Bruno Adler',
};
const zoe: NoteOperatorChoice = {
  uid: 'u-zoe',
  email: 'zoe@example.org',
  displayName: 'Zoë Müller',
};
const plain: NoteOperatorChoice = { uid: 'u-plain', email: 'plain@example.org', displayName: null };
const operators = [zoe, bruno, plain, ada];

describe('typing "@" opens the picker', () => {
  it('at the start, after a space or a bracket, up to the caret', () => {
    expect(findMentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(findMentionQuery('Hi @Ad', 6)).toEqual({ start: 3, query: 'Ad' });
    expect(findMentionQuery('Hi (@Ada Lo', 11)).toEqual({ start: 4, query: 'Ada Lo' });
    expect(findMentionQuery('line\n@b', 7)).toEqual({ start: 5, query: 'b' });
  });

  it('not inside an e-mail address, across a line, or right before a space', () => {
    expect(findMentionQuery('mail ada@example.org', 20)).toBeNull();
    expect(findMentionQuery('@Ada\nnext', 9)).toBeNull();
    expect(findMentionQuery('@ Ada', 5)).toBeNull();
    expect(findMentionQuery('no mention here', 15)).toBeNull();
  });
});

describe('the picker filters the active operators as one types', () => {
  it('lists every operator for a bare "@", by name', () => {
    expect(matchOperators(operators, '').map((operator) => operator.uid)).toEqual([
      'u-ada',
      'u-bruno',
      'u-plain',
      'u-zoe',
    ]);
  });

  it('ranks names starting with the text before a word of the name, then the rest', () => {
    expect(matchOperators(operators, 'ad').map((operator) => operator.uid)).toEqual([
      'u-ada',
      'u-bruno',
    ]);
  });

  it('ignores case and accents, and matches e-mails (not once a space is typed)', () => {
    expect(matchOperators(operators, 'ZOE MU')).toEqual([zoe]);
    expect(matchOperators(operators, 'plain@')).toEqual([plain]);
    expect(matchOperators(operators, 'example.org x')).toEqual([]);
  });

  it('shows at most a handful', () => {
    const many = Array.from({ length: 20 }, (_, index) => ({
      uid: `u${index}`,
      email: `o${index}@example.org`,
      displayName: `Operator ${index}`,
    }));
    expect(matchOperators(many, 'op')).toHaveLength(maxMentionOptions);
  });
});

describe('the keys of the picker', () => {
  it('move with the arrows, wrapping round', () => {
    expect(pickerKey('ArrowDown', 0, 3)).toEqual({ kind: 'move', activeIndex: 1 });
    expect(pickerKey('ArrowDown', 2, 3)).toEqual({ kind: 'move', activeIndex: 0 });
    expect(pickerKey('ArrowUp', 0, 3)).toEqual({ kind: 'move', activeIndex: 2 });
  });

  it('choose with Enter or Tab, close with Escape, and leave other keys to the text', () => {
    expect(pickerKey('Enter', 1, 3)).toEqual({ kind: 'choose', activeIndex: 1 });
    expect(pickerKey('Tab', 5, 3)).toEqual({ kind: 'choose', activeIndex: 2 });
    expect(pickerKey('Escape', 1, 3)).toEqual({ kind: 'close' });
    expect(pickerKey('Escape', 0, 0)).toEqual({ kind: 'close' });
    expect(pickerKey('a', 1, 3)).toEqual({ kind: 'none' });
    // With nothing to choose, Enter makes a new line as usual.
    expect(pickerKey('Enter', 0, 0)).toEqual({ kind: 'none' });
  });
});

describe('choosing an operator', () => {
  it('writes "@Display Name " in place of what was typed, the caret after it', () => {
    expect(insertMention('Hi @ad', 3, 6, ada)).toEqual({ text: 'Hi @Ada Lovelace ', caret: 17 });
    // A space already after the caret is not doubled.
    expect(insertMention('Hi @ad please', 3, 6, ada)).toEqual({
      text: 'Hi @Ada Lovelace please',
      caret: 17,
    });
    // Without a display name, the e-mail address.
    expect(insertMention('@', 0, 1, plain).text).toBe('@plain@example.org ');
  });
});

describe('the mentions sent with a note', () => {
  it('are the chosen operators whose "@Name" is still in the text, once each', () => {
    const chosen = [ada, bruno, plain];
    expect(mentionedUids('@Ada Lovelace and @Ada Lovelace, @plain@example.org', chosen)).toEqual([
      'u-ada',
      'u-plain',
    ]);
  });

  it('drop an operator whose "@Name" was deleted or changed', () => {
    expect(mentionedUids('@Ada Lovelac and Bruno Adler', [ada, bruno])).toEqual([]);
  });
});

describe('MentionTextarea', () => {
  it('is a labelled text box pointing at its listbox, closed until "@" is typed', () => {
    const html = renderToString(
      <MentionTextarea
        label="New note"
        value=""
        onChange={() => undefined}
        onMention={() => undefined}
        operators={operators}
        help="Type @ to mention an operator."
        error="Write something."
      />,
    );
    const textarea = /<textarea[^>]*>/.exec(html)?.[0] ?? '';
    const id = /id="([^"]+)"/.exec(textarea)?.[1];
    expect(html).toContain(`<label for="${id}"`);
    expect(textarea).toContain('aria-autocomplete="list"');
    expect(textarea).toContain(`aria-controls="${id}-operators"`);
    expect(textarea).toContain('aria-invalid="true"');
    expect(textarea).not.toContain('aria-activedescendant');
    expect(html).toMatch(
      new RegExp(
        `<ul id="${id}-operators" role="listbox" aria-label="Operators to mention" hidden`,
      ),
    );
    expect(html).toContain('Write something.');
  });
});
