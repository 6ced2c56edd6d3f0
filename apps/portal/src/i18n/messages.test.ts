import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { compileMessages } from './compiled-messages';
import { directoryPageMessages } from './directory-messages';
import { initialLanguage, portalLanguages } from './languages';
import { de } from './messages/de';
import { en } from './messages/en';
import { es } from './messages/es';
import { fr } from './messages/fr';
import { memberMessages } from './member-messages';

const translations = { fr, de, es };

/** The names of a message's arguments ({email}, {count, plural, …}), nested ones included. */
function argumentsOf(elements: MessageFormatElement[]): string[] {
  const names = new Set<string>();
  const walk = (list: MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(elements);
  return [...names].sort();
}

type MessageSet = Record<string, string>;

/**
 * A set of messages (the member side's, the directory's) checked against its English: each
 * language has the same ids, none empty, each with the same ICU arguments.
 */
function expectLikeEnglish(source: MessageSet, others: Record<string, MessageSet>) {
  for (const [language, messages] of Object.entries(others)) {
    expect(Object.keys(messages).sort(), language).toEqual(Object.keys(source).sort());
    for (const [id, message] of Object.entries(messages)) {
      expect(message.trim(), `${language} ${id}`).not.toBe('');
      const expected = argumentsOf(parse(source[id] ?? ''));
      expect(argumentsOf(parse(message)), `${language} ${id}`).toEqual(expected);
    }
  }
}

/**
 * Each language's messages equal to the English are exactly the words the two languages share
 * (`sameWord`, checked by a person): anything else equal is a copy, not a translation.
 */
function expectTranslated(
  source: MessageSet,
  others: Record<string, MessageSet>,
  sameWord: Record<string, string[]>,
) {
  for (const [language, messages] of Object.entries(others)) {
    const copied = Object.entries(messages)
      .filter(([id, message]) => message === source[id])
      .map(([id]) => id);
    expect(copied, language).toEqual(sameWord[language]);
  }
}

describe('the portal’s messages', () => {
  it('exist in every language the portal offers, and no language has one English lacks', () => {
    expect(portalLanguages).toEqual(['en', 'fr', 'de', 'es']);
    for (const [language, messages] of Object.entries(translations)) {
      expect(Object.keys(messages).sort(), language).toEqual(Object.keys(en).sort());
      for (const [id, message] of Object.entries(messages)) {
        expect(message.trim(), `${language} ${id}`).not.toBe('');
      }
    }
  });

  it('are ICU messages with the same arguments in every language', () => {
    for (const [id, source] of Object.entries(en)) {
      const expected = argumentsOf(parse(source));
      for (const [language, messages] of Object.entries(translations)) {
        const message = messages[id as keyof typeof en];
        expect(argumentsOf(parse(message)), `${language} ${id}`).toEqual(expected);
      }
    }
  });

  it('are translated, not English copied over (but for words the languages share)', () => {
    // The same word in both languages, checked by a person: anything else equal is a copy.
    const sameWord: Record<string, string[]> = {
      fr: ['step.contacts', 'field.email', 'endorse.contacts'],
      de: ['field.website', 'field.name'],
      es: [],
    };
    expectTranslated(en, translations, sameWord);
  });

  it('compile for the build into syntax trees that keep every message', () => {
    const compiled = compileMessages(fr);
    expect(Object.keys(compiled)).toEqual(Object.keys(fr));
    expect(compiled['layout.signedInAs']).toEqual(parse(fr['layout.signedInAs']));
  });

  it('are chosen from this browser’s earlier choice, else its languages, else English', () => {
    expect(initialLanguage('de', ['fr-CH'])).toBe('de');
    expect(initialLanguage(null, ['fr-CH', 'en'])).toBe('fr');
    expect(initialLanguage('xx', ['pt-BR', 'es-419'])).toBe('es');
    expect(initialLanguage(null, ['pt-BR'])).toBe('en');
  });
});

describe('the member side’s messages (loaded by the member screens)', () => {
  const { en: source, ...others } = memberMessages;

  it('exist in every language, with the same ICU arguments, none an id of the portal’s own', () => {
    expectLikeEnglish(source, others);
    for (const id of Object.keys(source)) expect(Object.keys(en), id).not.toContain(id);
  });

  it('are translated, not English copied over (but for words the languages share)', () => {
    const sameWord: Record<string, string[]> = {
      fr: ['invoices.total', 'invoices.iban', 'invoices.bic', 'invitation.title'],
      de: ['invoices.iban', 'invoices.bic'],
      es: ['invoices.total', 'invoices.iban', 'invoices.bic'],
    };
    expectTranslated(source, others, sameWord);
  });
});

describe('the public directory’s messages (loaded by its page, with or without a session)', () => {
  const { en: source, ...others } = directoryPageMessages;

  it('exist in every language, with the same ICU arguments, none an id of another set', () => {
    expectLikeEnglish(source, others);
    for (const id of Object.keys(source)) {
      expect(Object.keys(en), id).not.toContain(id);
      expect(Object.keys(memberMessages.en), id).not.toContain(id);
    }
  });

  it('are translated, not English copied over (but for words the languages share)', () => {
    const sameWord: Record<string, string[]> = {
      fr: ['directory.region.europe'],
      de: ['directory.q'],
      es: [],
    };
    expectTranslated(source, others, sameWord);
  });
});
