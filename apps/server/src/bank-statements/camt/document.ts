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
