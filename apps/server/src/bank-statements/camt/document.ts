import { XMLValidator } from 'fast-xml-parser';
import { CamtError } from './camt-error';
import { camtVersions, type CamtMessageKind, type CamtVersion } from './types';
import { childElement, parseXmlTree, type XmlElement } from './xml-tree';

/** The message element under `Document` of each kind. */
const messageElementOf: Record<CamtMessageKind, string> = {
  'camt.053': 'BkToCstmrStmt',
  'camt.054': 'BkToCstmrDbtCdtNtfctn',
};

export type CamtDocument = {
  kind: CamtMessageKind;
  version: CamtVersion;
  /** BkToCstmrStmt or BkToCstmrDbtCdtNtfctn; each `Ntry` in it is raw XML (`parseEntryXml`). */
  message: XmlElement;
};

/**
 * Checks what a bank file is before anything is read from it: text, no DOCTYPE or entity
 * declarations, well-formed, a `Document` in a camt.053/054 namespace of a version we know.
 */
export function readCamtDocument(input: string | Buffer): CamtDocument {
  const xml = (typeof input === 'string' ? input : decodeBytes(input)).replace(/^\uFEFF/, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    throw new CamtError(
      'doctype',
      'Bank files with a DOCTYPE or entity declarations are refused (they are never needed and can be abused).',
    );
  }
  if (xml.trim() === '') throw new CamtError('not-xml', 'The file is empty: it is not XML.');
  // Before any tree is built: the validator and the parser recurse per level, and 200,000
  // nested elements in 2 MB overflowed the stack (a 500) until this check (issue 31).
  checkNestingDepth(xml);
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    const where = col === undefined ? `line ${line}` : `line ${line}, column ${col}`;
    throw new CamtError('not-xml', `The file is not well-formed XML (${where}): ${msg}`);
  }
  const { kind, version } = identifyMessage(xml);
  const tree = parseXmlTree(xml);
  const message = childElement(childElement(tree, 'Document'), messageElementOf[kind]);
  if (!message) {
    throw new CamtError(
      'structure',
      `A ${kind} document must hold ${messageElementOf[kind]}, and this one does not.`,
    );
  }
  return { kind, version, message };
}

/** No camt.053/054 element is nested deeper than about 15; 64 leaves banks room to spare. */
export const maxXmlDepth = 64;

/**
 * Counts how deep elements nest, in one pass over the text without building anything: start
 * tags open a level, end tags close one; self-closing tags, comments, CDATA, processing
 * instructions and quoted attribute values (which may hold `>`) are skipped.
 */
function checkNestingDepth(xml: string): void {
  let depth = 0;
  let at = xml.indexOf('<');
  while (at !== -1) {
    const next = xml.charAt(at + 1);
    let end: number;
    if (xml.startsWith('<!--', at)) end = closing(xml, '-->', at + 4);
    else if (xml.startsWith('<![CDATA[', at)) end = closing(xml, ']]>', at + 9);
    else if (next === '?' || next === '!') end = xml.indexOf('>', at + 2);
    else {
      end = tagEnd(xml, at + 1);
      if (next === '/') depth -= 1;
      else if (end !== -1 && xml.charAt(end - 1) !== '/') {
        depth += 1;
        if (depth > maxXmlDepth) {
          throw new CamtError(
            'xml-depth',
            `The file nests elements more than ${maxXmlDepth} deep: no bank file does; it is refused unread.`,
          );
        }
      }
    }
    if (end < 0) return; // unterminated: the validator names the place
    at = xml.indexOf('<', end + 1);
  }
}

/** The index of the last character of `marker` found from `from`; -1 when it never comes. */
function closing(xml: string, marker: string, from: number): number {
  const found = xml.indexOf(marker, from);
  return found === -1 ? -1 : found + marker.length - 1;
}

/** The `>` closing the tag that starts at `from`, past quoted attribute values; -1 if none. */
function tagEnd(xml: string, from: number): number {
  let quote = '';
  for (let index = from; index < xml.length; index++) {
    const char = xml.charAt(index);
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return index;
  }
  return -1;
}

/**
 * Bytes are UTF-8 unless the XML declaration names a single-byte encoding (ISO 20022 files are
 * UTF-8; a few banks' exports say ISO-8859-1 or windows-1252). A byte-order mark is dropped.
 */
function decodeBytes(bytes: Buffer): string {
  const head = bytes.subarray(0, 200).toString('latin1');
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  const encoding = declared?.toLowerCase();
  const singleByte = ['iso-8859-1', 'latin1', 'iso-8859-15', 'windows-1252'];
  const label = encoding && singleByte.includes(encoding) ? encoding : 'utf-8';
  return new TextDecoder(label).decode(bytes);
}

/** The root element's start tag, after the declaration, comments and processing instructions. */
const rootStartTag =
  /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)([^>]*)>/;

const camtNamespace = /^urn:iso:std:iso:20022:tech:xsd:(camt\.05[34])\.(\d{3}\.\d{2})$/;

/** camt.053 or camt.054, and the version, from the namespace of the root `Document`. */
function identifyMessage(xml: string): { kind: CamtMessageKind; version: CamtVersion } {
  const match = rootStartTag.exec(xml);
  const prefix = match?.[1]?.slice(0, -1);
  const localName = match?.[2] ?? '';
  const attributes = match?.[3] ?? '';
  const namespaceAttribute = prefix ? `xmlns:${prefix}` : 'xmlns';
  const namespace =
    new RegExp(`\\s${escapeRegExp(namespaceAttribute)}\\s*=\\s*(["'])(.*?)\\1`).exec(
      attributes,
    )?.[2] ?? null;
  const known = namespace ? camtNamespace.exec(namespace) : null;
  const version = known?.[2];
  if (localName !== 'Document' || !known || !isKnownVersion(version)) {
    const found = namespace ? `namespace "${namespace}"` : 'no namespace';
    throw new CamtError(
      'unknown-namespace',
      `The file is not a camt.053 or camt.054 message of version 001.04 to 001.08: its root element is "${localName || '?'}" with ${found}.`,
    );
  }
  return { kind: known[1] as CamtMessageKind, version };
}

function isKnownVersion(version: string | undefined): version is CamtVersion {
  return (camtVersions as readonly string[]).includes(version ?? '');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}
