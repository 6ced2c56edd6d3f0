import { beforeAll, describe, expect, it } from 'vitest';
import { countryStyles } from './country-styles';
import {
  companyName,
  createFakerPool,
  fillPattern,
  loadFakerKit,
  personName,
  phoneNumber,
  slugify,
  streetAddress,
  styleVariants,
  type FakerKit,
} from './naming';
import { createPrng } from './prng';

/** What the federation's records may hold: Latin letters, digits and punctuation. */
const latinScript = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u;

let kit: FakerKit;
beforeAll(async () => {
  kit = await loadFakerKit();
});

describe('company names and addresses', () => {
  it('are in Latin script for every country and language community', () => {
    const fakers = createFakerPool(kit, 1);
    fakers.startStream('test');
    const prng = createPrng(1, 'naming-test');
    for (const iso2 of Object.keys(countryStyles)) {
      for (const style of styleVariants(iso2)) {
        const faker = fakers.get(style.locale);
        for (let i = 0; i < 25; i++) {
          const cityEntry = prng.pick(style.cities);
          const name = companyName(prng, faker, style, cityEntry.split('|')[0] as string);
          const address = streetAddress(prng, faker, style, cityEntry);
          const text = [
            name.legalName,
            address.line1,
            address.line2,
            address.postalCode,
            address.city,
          ].join(' ');
          expect(text, `${iso2} ${style.locale}`).toMatch(latinScript);
          expect(name.legalName.startsWith(name.core) || name.legalName.endsWith(name.core)).toBe(
            true,
          );
          expect(phoneNumber(prng, style)).toMatch(/^\+\d{1,4} [\d ]+$/);
          expect(slugify(name.core)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        }
      }
    }
  });

  it('writes Ghanaian names with the Latin open e, not the Greek epsilon of faker', () => {
    const fakers = createFakerPool(kit, 4);
    const names = Array.from(
      { length: 2000 },
      () => personName(fakers.get('en_GH'), 'en_GH').display,
    );
    for (const name of names) expect(name).toMatch(latinScript);
    expect(names.some((name) => name.includes('ɛ'))).toBe(true);
  });

  it('adds the legal form of the country', () => {
    const fakers = createFakerPool(kit, 1);
    const prng = createPrng(2, 'suffix-test');
    const [germany] = styleVariants('DE');
    const [indonesia] = styleVariants('ID');
    if (!germany || !indonesia) throw new Error('styles missing');
    for (let i = 0; i < 20; i++) {
      expect(companyName(prng, fakers.get('de'), germany, 'Hamburg').legalName).toMatch(
        / (GmbH|GmbH & Co\. KG|AG|e\.K\.|KG)$/,
      );
      expect(companyName(prng, fakers.get('id_ID'), indonesia, 'Jakarta').legalName).toMatch(
        /^(PT|CV) /,
      );
    }
  });

  it('keeps people in their locale, family name first where that is the custom', () => {
    const fakers = createFakerPool(kit, 3);
    const japanese = personName(fakers.get('ja'), 'ja');
    expect(japanese.display).toBe(`${japanese.last} ${japanese.first}`);
    expect(japanese.isLatin).toBe(false);
    const german = personName(fakers.get('de'), 'de');
    expect(german.display).toBe(`${german.first} ${german.last}`);
    expect(german.isLatin).toBe(true);
  });
});

describe('slugify and patterns', () => {
  it('folds names into ASCII domain labels and mailboxes', () => {
    expect(slugify('Müller & Söhne Spedition', '-', true)).toBe('mueller-soehne-spedition');
    expect(slugify('Müller & Söhne')).toBe('muller-sohne');
    expect(slugify('Łódź Żegluga Ørsted', '.')).toBe('lodz.zegluga.orsted');
    expect(slugify('Taşçı Taşımacılık')).toBe('tasci-tasimacilik');
    expect(slugify('Akyerɛko')).toBe('akyereko');
  });

  it('fills # with digits and ? with letters, keeping the rest', () => {
    const prng = createPrng(1, 'patterns');
    expect(fillPattern(prng, 'CHE-###.###.### MWST')).toMatch(/^CHE-\d{3}\.\d{3}\.\d{3} MWST$/);
    expect(fillPattern(prng, '?#? #?#')).toMatch(/^[A-Z]\d[A-Z] \d[A-Z]\d$/);
  });
});
