import type * as FakerModule from '@faker-js/faker';
import type { Faker } from '@faker-js/faker';
import worldCountries from 'world-countries';
import {
  countryStyles,
  namingStyles,
  type CountryStyle,
  type FakerLocaleName,
  type NamingLanguage,
} from './country-styles';
import { deriveSeed, type Prng } from './prng';

/** The faker module, loaded on demand: it costs ~100 ms and ~20 MB, which every start would pay. */
export type FakerKit = typeof FakerModule;

export function loadFakerKit(): Promise<FakerKit> {
  return import('@faker-js/faker');
}

/**
 * One faker per locale, created once and re-seeded per table (stream): a table's names depend on
 * the seed and on the order of that table's own calls only.
 */
export type FakerPool = {
  get(locale: FakerLocaleName): Faker;
  /** Starts a stream: each locale's faker is seeded from (seed, stream, locale) on first use. */
  startStream(stream: string): void;
};

export function createFakerPool(kit: FakerKit, seed: number): FakerPool {
  const fakers = new Map<FakerLocaleName, Faker>();
  const seededFor = new Map<FakerLocaleName, string>();
  let stream = 'default';
  return {
    startStream(name) {
      stream = name;
    },
    get(locale) {
      let faker = fakers.get(locale);
      if (!faker) {
        faker = new kit.Faker({
          locale: [kit.allLocales[locale], kit.allLocales.en, kit.allLocales.base],
        });
        fakers.set(locale, faker);
      }
      if (seededFor.get(locale) !== stream) {
        faker.seed(deriveSeed(seed, `${stream}:${locale}`));
        seededFor.set(locale, stream);
      }
      return faker;
    },
  };
}

/** A country's style with one of its language communities chosen (Swiss French, ...). */
export type ResolvedStyle = {
  iso2: string;
  lang: NamingLanguage;
  locale: FakerLocaleName;
  suffixes: readonly string[];
  cities: readonly string[];
  postal: readonly string[];
  vat: string;
  streets: readonly string[] | null;
  streetFirst: boolean;
  phonePrefix: string;
};

const split = (list: string) => (list === '' ? [] : list.split(';'));

const phonePrefixes = new Map(
  worldCountries.map((country) => [
    country.cca2,
    `${country.idd.root}${country.idd.suffixes.length === 1 ? country.idd.suffixes[0] : ''}`,
  ]),
);

const resolvedStyles = new Map<string, ResolvedStyle[]>();

/** The style variants of a country, main community first; cached, they are used per member. */
export function styleVariants(iso2: string): readonly ResolvedStyle[] {
  const cached = resolvedStyles.get(iso2);
  if (cached) return cached;
  const style: CountryStyle | undefined = countryStyles[iso2];
  if (!style) throw new Error(`no demo style for country ${iso2}`);
  const resolve = (variant: Partial<CountryStyle>): ResolvedStyle => ({
    iso2,
    lang: variant.lang ?? style.lang,
    locale: variant.locale ?? style.locale,
    suffixes: split(variant.suffixes ?? style.suffixes),
    cities: split(variant.cities ?? style.cities),
    postal: split(style.postal),
    vat: variant.vat ?? style.vat,
    streets: style.streets ? split(style.streets) : null,
    streetFirst: style.streetFirst ?? false,
    phonePrefix: phonePrefixes.get(iso2) ?? '',
  });
  const variants = [resolve({}), ...(style.variants ?? []).map(resolve)];
  resolvedStyles.set(iso2, variants);
  return variants;
}

export function pickStyle(prng: Prng, iso2: string): ResolvedStyle {
  const variants = styleVariants(iso2);
  const extra = countryStyles[iso2]?.variants ?? [];
  let roll = prng.next();
  for (let i = 0; i < extra.length; i++) {
    const share = extra[i]?.share ?? 0;
    if (roll < share) return variants[i + 1] as ResolvedStyle;
    roll -= share;
  }
  return variants[0] as ResolvedStyle;
}

/** Fills a pattern: `#` a digit, `?` an upper-case letter, anything else stays. */
export function fillPattern(prng: Prng, pattern: string): string {
  let out = '';
  for (const char of pattern) {
    if (char === '#') out += String(prng.int(0, 9));
    else if (char === '?') out += String.fromCharCode(65 + prng.int(0, 25));
    else out += char;
  }
  return out;
}

const foldMap: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ɛ: 'e',
  ɔ: 'o',
};
const germanUmlauts: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue' };

/**
 * Lower-case ASCII words joined by `separator`, for domains and mailboxes: "Müller & Söhne" gives
 * "mueller-soehne" with German umlaut rules, "muller-sohne" without.
 */
export function slugify(text: string, separator: '-' | '.' = '-', isGerman = false): string {
  let lower = text.toLowerCase();
  if (isGerman) lower = lower.replace(/[äöü]/g, (char) => germanUmlauts[char] ?? char);
  return lower
    .replace(/[ßæœøłđðþıɛɔ]/g, (char) => foldMap[char] ?? char)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replaceAll(' ', separator);
}

/**
 * faker's Ghanaian data writes the Akan open e as a Greek epsilon ("Akyerεko"); the Latin letter
 * keeps names, streets and e-mail addresses in one script.
 */
function fixScript(text: string, locale: FakerLocaleName): string {
  return locale === 'en_GH' ? text.replaceAll('ε', 'ɛ') : text;
}

export type PersonName = { first: string; last: string; display: string; isLatin: boolean };

const familyNameFirst = new Set<FakerLocaleName>(['ja', 'zh_CN', 'zh_TW', 'ko', 'hu']);
const noSpace = new Set<FakerLocaleName>(['zh_CN', 'zh_TW', 'ko']);
const latinLetters = /^[\p{Script=Latin}\s'.-]+$/u;

/** A person's name in the locale's order and script, without faker's "PhD" and "Mr." extras. */
export function personName(faker: Faker, locale: FakerLocaleName): PersonName {
  const sex = faker.person.sexType();
  const first = fixScript(faker.person.firstName(sex), locale);
  const last = fixScript(faker.person.lastName(sex), locale);
  const display = familyNameFirst.has(locale)
    ? `${last}${noSpace.has(locale) ? '' : ' '}${first}`
    : `${first} ${last}`;
  return { first, last, display, isLatin: latinLetters.test(display) };
}

const brands = [
  'Atlas',
  'Meridian',
  'Horizon',
  'Polaris',
  'Orion',
  'Pacific',
  'Atlantic',
  'Oceanic',
  'Continental',
  'Transglobal',
  'Interglobe',
  'Unity',
  'Allied',
  'Crown',
  'Eagle',
  'Falcon',
  'Phoenix',
  'Anchor',
  'Compass',
  'Beacon',
  'Harbour',
  'Bluewave',
  'Greenline',
  'Silverline',
  'Starline',
  'Sunrise',
  'Northstar',
  'Southern Cross',
  'Zenith',
  'Apex',
  'Summit',
  'Vector',
  'Swift',
  'Rapid',
  'Prime',
  'Delta',
  'Vanguard',
  'Keystone',
  'Landmark',
  'Lighthouse',
  'Gateway',
  'Crossroads',
  'Trident',
  'Sirius',
  'Nova',
  'Jade',
  'Lotus',
  'Oasis',
  'Everest',
  'Baltic',
  'Nordic',
  'Alpine',
  'Silk Road',
  'Caravan',
  'Mariner',
  'Navigator',
  'Voyager',
  'Clipper',
  'Oceanlink',
  'Skylink',
  'Seabridge',
  'Airbridge',
  'Cargolink',
  'Worldwide',
  'Transcontinental',
  'Seven Seas',
  'Blue Anchor',
  'Golden Gate',
  'Red Sea',
  'Evermore',
];

export function pickBrand(prng: Prng): string {
  return prng.pick(brands);
}

export type CompanyName = {
  /** With the legal form: "Müller Spedition GmbH". */
  legalName: string;
  /** Without it: "Müller Spedition", the trade name and the basis of the web domain. */
  core: string;
};

function withSuffix(prng: Prng, core: string, suffixes: readonly string[]): string {
  if (suffixes.length === 0) return core;
  // The first legal form is the usual one: about half the companies use it.
  const suffix = prng.chance(0.55) ? (suffixes[0] as string) : prng.pick(suffixes);
  return suffix.startsWith('^') ? `${suffix.slice(1)} ${core}` : `${core} ${suffix}`;
}

/** "Müller Spedition", or with a leading word where the language puts it first: "Spedition Müller". */
function withTradeWord(prng: Prng, name: string, lang: NamingLanguage): string {
  const naming = namingStyles[lang];
  if (naming.leadingWords.length > 0 && prng.chance(naming.leadingShare)) {
    return `${prng.pick(naming.leadingWords)} ${name}`;
  }
  return `${name} ${prng.pick(naming.words)}`;
}

/** Spanish surnames come in pairs ("Porras Romo"); a company takes the first. */
function companySurname(faker: Faker, style: ResolvedStyle): string {
  const surname = fixScript(faker.person.lastName(), style.locale);
  return style.lang === 'es' ? (surname.split(' ')[0] ?? surname) : surname;
}

/** A forwarding company's name in the style of its country. */
export function companyName(
  prng: Prng,
  faker: Faker,
  style: ResolvedStyle,
  city: string,
): CompanyName {
  const englishWord = prng.pick(namingStyles.en.words);
  const roll = prng.next();
  let core: string;
  if (style.lang === 'intl') {
    const brand = prng.pick(brands);
    if (roll < 0.45) core = `${city} ${brand} ${englishWord}`;
    else if (roll < 0.75) core = `${brand} ${englishWord}`;
    else core = `${city} ${englishWord}`;
  } else if (roll < 0.45) {
    core = withTradeWord(prng, companySurname(faker, style), style.lang);
  } else if (roll < 0.57) {
    const pair = `${companySurname(faker, style)} & ${companySurname(faker, style)}`;
    core = withTradeWord(prng, pair, style.lang);
  } else if (roll < 0.75) {
    core = withTradeWord(prng, city, style.lang);
  } else {
    const brand = prng.pick(brands);
    core = prng.chance(0.5) ? `${brand} ${englishWord}` : withTradeWord(prng, brand, style.lang);
  }
  // Dutch and Flemish names start lower-case ("van Dijk"), but not at the start of a company name.
  core = `${core.charAt(0).toUpperCase()}${core.slice(1)}`;
  return { legalName: withSuffix(prng, core, style.suffixes), core };
}

export type Address = {
  line1: string;
  line2: string | null;
  postalCode: string | null;
  city: string;
  state: string | null;
};

const secondLines = [
  'Suite #',
  'Unit #',
  'Floor #',
  'Building #',
  'P.O. Box ####',
  'Cargo Centre, Building #',
  'Free Zone, Warehouse ##',
  'Logistics Park, Hall #',
];

/** A street address in the country; Latin script throughout, as the federation's records are. */
export function streetAddress(
  prng: Prng,
  faker: Faker,
  style: ResolvedStyle,
  cityEntry: string,
): Address {
  const [city, state] = cityEntry.split('|') as [string, string | undefined];
  let line1: string;
  if (style.streets) {
    const street = prng.pick(style.streets);
    if (style.locale === 'ja')
      line1 = `${prng.int(1, 9)}-${prng.int(1, 30)}-${prng.int(1, 20)} ${street}`;
    else {
      const number = String(prng.int(1, 250));
      line1 = style.streetFirst ? `${street} ${number}` : `${number} ${street}`;
    }
  } else if (style.locale === 'de_CH' || style.locale === 'fr_CH' || style.locale === 'de_AT') {
    // Swiss and Austrian numbers follow the street; faker puts them first, up to five digits.
    line1 = `${faker.location.street()} ${prng.int(1, 120)}`;
  } else {
    line1 = fixScript(faker.location.streetAddress(), style.locale);
  }
  return {
    line1,
    line2: prng.chance(0.15) ? fillPattern(prng, prng.pick(secondLines)) : null,
    postalCode: style.postal.length > 0 ? fillPattern(prng, prng.pick(style.postal)) : null,
    city,
    state: state ?? null,
  };
}

/** An international number: "+49 40 8123456", or "+1 212 555 0134" in the North American plan. */
export function phoneNumber(prng: Prng, style: ResolvedStyle): string {
  if (style.phonePrefix === '+1')
    return `+1 ${prng.int(201, 989)} ${prng.int(200, 999)} ${prng.digits(4)}`;
  return `${style.phonePrefix} ${prng.int(10, 99)} ${prng.int(1, 9)}${prng.digits(6)}`;
}
