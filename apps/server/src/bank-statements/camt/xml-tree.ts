import { XMLParser } from 'fast-xml-parser';
import { CamtError } from './camt-error';

/**
 * The parsed XML as fast-xml-parser leaves it: an element with only text is its string, an element
 * with children or attributes is an object (`#text`, `@_Ccy`, child names), and the repeating
 * elements below are always arrays, even when a file has one of them.
 */
export type XmlNode = string | XmlElement;
export type XmlElement = { [name: string]: XmlNode | XmlNode[] | undefined };

/** Elements that may repeat where we read them (camt.053/054 v04–v08). */
const repeatingElements = new Set([
  'Stmt',
  'Ntfctn',
  'Bal',
  'Ntry',
  'NtryDtls',
  'TxDtls',
  'Ustrd',
  'Strd',
  'AddtlTxInf',
]);

/**
 * Parts of a bank file we never read, left as raw text instead of parsed into objects: real files
 * are full of addresses, agents and bank transaction codes, and skipping them makes a 10,000
 * payment file parse noticeably faster. (Tp is only ever a type code: of a balance, a reference.)
 */
const skippedElements = [
  'Avlbty',
  'BkTxCd',
  'CardTx',
  'Cdtr',
  'CdtrAcct',
  'Chrgs',
  'InitgPty',
  'Intrst',
  'Invcee',
  'Invcr',
  'MsgRcpt',
  'PstlAdr',
  'Purp',
  'RfrdDocInf',
  'RltdAgts',
  'RltdDts',
  'RtrInf',
  'Tax',
  'Tp',
  'TxsSummry',
  'UltmtCdtr',
].map((name) => `..${name}`);

/**
 * No entity processing (a DOCTYPE is refused before we get here anyway), no network, values kept
 * as the strings they are: "00123" stays "00123" and "1692.22" never becomes a float. The
 * callbacks get a matcher rather than a path string (`jPath: false`), which the parser builds
 * faster.
 */
const parserOptions = {
  processEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name: string) => repeatingElements.has(name),
  jPath: false,
} as const;

/**
 * The document is parsed without its entries: each `Ntry` is left as its raw XML and parsed on
 * its own when it is read (`parseEntryXml`). A 10,000-payment file as one tree of objects holds
 * some 70 MB of heap at once, on top of the file, all of it long-lived enough to reach the old
 * generation; entry by entry, only one entry's tree (a batch booking of a few dozen
 * transactions) lives at a time and dies young.
 */
const documentParser = new XMLParser({
  ...parserOptions,
  stopNodes: [...skippedElements, '..Ntry'],
});

const entryParser = new XMLParser({ ...parserOptions, stopNodes: skippedElements });

/**
 * The parser's own refusal as the file's: the validator passes a few texts the parser then
 * refuses (a declaration written `<?"xml …?>`: "Pi Tag is not closed"), which were a 500 until
 * the property test found one (issue 31).
 */
function parsedOrRefused<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CamtError('not-xml', `The file is not well-formed XML: ${reason}`);
  }
}

/** The whole document, every `Ntry` left as its raw XML (read with `parseEntryXml`). */
export function parseXmlTree(xml: string): XmlElement {
  return parsedOrRefused(() => documentParser.parse(xml) as XmlElement);
}

/**
 * The raw XML inside an element the document parser left unparsed (a `Ntry`): its text as
 * written, entities not decoded, or '' when it is empty (`<Ntry/>`).
 */
export function rawContentOf(node: XmlNode): string {
  if (typeof node === 'string') return node;
  const text = node['#text'];
  return typeof text === 'string' ? text : '';
}

/**
 * One `Ntry` parsed from its raw XML with the same options as the document (the whole file was
 * checked to be well-formed before, so the fragment is too). The element is put back around
 * its content; any namespace prefix inside is dropped as in the document.
 */
export function parseEntryXml(content: string): XmlNode | undefined {
  const tree = parsedOrRefused(() => entryParser.parse(`<Ntry>${content}</Ntry>`) as XmlElement);
  return childNodes(tree, 'Ntry')[0];
}

function isElement(node: unknown): node is XmlElement {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** The first child element of that name, or undefined (a text-only child is not an element). */
export function childElement(node: XmlNode | undefined, name: string): XmlElement | undefined {
  if (!isElement(node)) return undefined;
  const value = node[name];
  const first = Array.isArray(value) ? value[0] : value;
  return isElement(first) ? first : undefined;
}

/** Every child of that name, elements and text-only ones alike, in document order. */
export function childNodes(node: XmlNode | undefined, name: string): XmlNode[] {
  if (!isElement(node)) return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Every child element of that name, in document order. An empty or text-only one (`<Ntry/>`)
 * counts too, as an element with nothing but its text: it must be refused, not skipped.
 */
export function childElements(node: XmlNode | undefined, name: string): XmlElement[] {
  return childNodes(node, name).map(asElement);
}

/** A node as an element: a text-only or empty one as an element with nothing but its text. */
export function asElement(node: XmlNode | undefined): XmlElement {
  if (node === undefined) return {};
  return isElement(node) ? node : { '#text': node };
}

/** An element reached by a path of child names (first of each), or undefined. */
export function elementAt(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current: XmlNode | undefined = node;
  for (const name of path) {
    if (!isElement(current)) return undefined;
    const value: XmlNode | XmlNode[] | undefined = current[name];
    current = Array.isArray(value) ? value[0] : value;
  }
  return current;
}

/** The text of a node (its own text when it also has attributes), decoded; '' when it has none. */
export function textOf(node: XmlNode | undefined): string {
  if (typeof node === 'string') return decodeXmlText(node);
  if (isElement(node)) {
    const text = node['#text'];
    return typeof text === 'string' ? decodeXmlText(text) : '';
  }
  return '';
}

/** The text at a path of child names, or null when the element is missing or empty. */
export function textAt(node: XmlNode | undefined, ...path: string[]): string | null {
  const text = textOf(elementAt(node, ...path));
  return text === '' ? null : text;
}

/** An attribute of an element (`Ccy` of `<Amt Ccy="CHF">`), or null. */
export function attributeOf(node: XmlNode | undefined, name: string): string | null {
  if (!isElement(node)) return null;
  const value = node[`@_${name}`];
  return typeof value === 'string' ? decodeXmlText(value) : null;
}

const namedEntities: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/**
 * The parser runs without entity processing, so text keeps "&amp;" and "&#233;" as written. Only
 * XML's five predefined entities and character references are decoded here: nothing a document
 * could declare (and declarations are refused before parsing), so nothing can expand.
 */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g,
    (whole, decimal?: string, hex?: string, name?: string) => {
      if (name) return namedEntities[name] ?? whole;
      const codePoint = decimal ? Number(decimal) : Number.parseInt(hex ?? '', 16);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
    },
  );
}
