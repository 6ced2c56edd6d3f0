import {
  lineAmountMinor,
  lineVatMinor,
  type TInvoiceKind,
  type TInvoicePaymentMethod,
  type TInvoiceStatus,
} from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import type { Data as QrBillData, Debtor as QrBillDebtor } from 'swissqrbill/types';
import {
  isIBANValid,
  isQRIBAN,
  isQRReferenceValid,
  isSCORReferenceValid,
  formatReference,
} from 'swissqrbill/utils';
import { federationName } from '../certificates/pdf';
import {
  fontPicker,
  standardFonts,
  toWinAnsi,
  winAnsiOutside,
  type Weight,
} from '../lib/pdf-fonts';
import type { Database, InvoiceLine } from '../db/schema';
import { AppError } from '../errors';
import { longDay } from '../lib/dates';

/**
 * The federation's Swiss VAT (UID-MWST) number. It is not registered: membership fees and
 * donations of a non-profit association are outside the scope of Swiss VAT (domain.md). Should
 * it register, this is the one place to set it; every invoice then names it.
 */
export const federationVatNumber: string | null = null;

/** The supplier's address when an invoice has no bank account (and so no holder address). */
export const headquartersAddress = 'Seefeldstrasse 45, 8008 Zürich, Switzerland';

/** The file name an invoice's PDF is served and attached as. */
export function invoicePdfFileName(number: string): string {
  return `invoice-${number.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`;
}

/** Everything an invoice PDF states, read from the invoice, its member and its bank account. */
export type InvoicePdfData = {
  iid: string;
  number: string;
  kind: TInvoiceKind;
  status: TInvoiceStatus;
  year: number;
  issueDate: string | null;
  dueDate: string | null;
  currency: string;
  lines: InvoiceLine[];
  subtotalMinor: number;
  vatMinor: number;
  donationMinor: number;
  totalMinor: number;
  paymentReference: string | null;
  paidAt: Date | null;
  paidAmountMinor: number | null;
  paidMethod: TInvoicePaymentMethod | null;
  updatedAt: Date;
  member: {
    number: string;
    legalName: string;
    tradeName: string | null;
    addressLine1: string | null;
    addressLine2: string | null;
    postalCode: string | null;
    city: string | null;
    state: string | null;
    countryIso2: string | null;
    countryName: string | null;
    vatNumber: string | null;
  } | null;
  account: {
    bankName: string;
    holderName: string;
    holderAddress: string;
    iban: string;
    qrIban: string | null;
    bic: string | null;
  } | null;
};

type Db = Kysely<Database> | Transaction<Database>;

/** Reads what the PDF of an invoice shows; 404 when there is no such invoice. */
export async function loadInvoicePdfData(db: Db, iid: string): Promise<InvoicePdfData> {
  const row = await db
    .selectFrom('invoices as i')
    .leftJoin('members as m', 'm.mid', 'i.member_mid')
    .leftJoin('countries as c', 'c.iso2', 'm.country_iso2')
    .leftJoin('bank_accounts as b', 'b.id', 'i.bank_account_id')
    .select([
      'i.iid',
      'i.number',
      'i.kind',
      'i.status',
      'i.year',
      'i.issue_date',
      'i.due_date',
      'i.currency',
      'i.lines',
      'i.subtotal_minor',
      'i.vat_minor',
      'i.donation_minor',
      'i.total_minor',
      'i.payment_reference',
      'i.paid_at',
      'i.paid_amount_minor',
      'i.paid_method',
      'i.updated_at',
      'm.number as member_number',
      'm.legal_name',
      'm.trade_name',
      'm.address_line1',
      'm.address_line2',
      'm.postal_code',
      'm.city',
      'm.state',
      'm.country_iso2',
      'm.vat_number',
      'c.name as country_name',
      'b.bank_name',
      'b.holder_name',
      'b.holder_address',
      'b.iban',
      'b.qr_iban',
      'b.bic',
    ])
    .where('i.iid', '=', iid)
    .executeTakeFirst();
  if (!row) throw new AppError('not-found', `There is no invoice ${iid}.`);

  let account: InvoicePdfData['account'] =
    row.iban !== null
      ? {
          bankName: row.bank_name ?? '',
          holderName: row.holder_name ?? federationName,
          holderAddress: row.holder_address ?? headquartersAddress,
          iban: row.iban,
          qrIban: row.qr_iban,
          bic: row.bic,
        }
      : null;
  if (!account) {
    // An invoice without an account (a draft, an old import) is paid to the currency's default.
    const fallback = await db
      .selectFrom('bank_accounts')
      .select(['bank_name', 'holder_name', 'holder_address', 'iban', 'qr_iban', 'bic'])
      .where('currency', '=', row.currency)
      .where('active', '=', true)
      .orderBy('is_default', 'desc')
      .orderBy('created_at')
      .executeTakeFirst();
    if (fallback) {
      account = {
        bankName: fallback.bank_name,
        holderName: fallback.holder_name,
        holderAddress: fallback.holder_address,
        iban: fallback.iban,
        qrIban: fallback.qr_iban,
        bic: fallback.bic,
      };
    }
  }

  return {
    iid: row.iid,
    number: row.number,
    kind: row.kind,
    status: row.status,
    year: row.year,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    currency: row.currency.trim(),
    lines: normalizeLines(row.lines),
    subtotalMinor: Number(row.subtotal_minor),
    vatMinor: Number(row.vat_minor),
    donationMinor: Number(row.donation_minor),
    totalMinor: Number(row.total_minor),
    paymentReference: row.payment_reference,
    paidAt: row.paid_at,
    paidAmountMinor: row.paid_amount_minor === null ? null : Number(row.paid_amount_minor),
    paidMethod: row.paid_method,
    updatedAt: row.updated_at,
    member:
      row.member_number !== null && row.legal_name !== null
        ? {
            number: row.member_number,
            legalName: row.legal_name,
            tradeName: row.trade_name,
            addressLine1: row.address_line1,
            addressLine2: row.address_line2,
            postalCode: row.postal_code,
            city: row.city,
            state: row.state,
            countryIso2: row.country_iso2?.trim() ?? null,
            countryName: row.country_name,
            vatNumber: row.vat_number,
          }
        : null,
    account,
  };
}

/**
 * The stored lines as the PDF prints them. Lines come from forms, imports and fixes; a missing or
 * odd value prints as 0 or empty rather than failing the document.
 */
function normalizeLines(value: unknown): InvoiceLine[] {
  if (!Array.isArray(value)) return [];
  const whole = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : 0);
  return value.map((raw: Partial<InvoiceLine> | null) => {
    const line = raw ?? {};
    const vatRate =
      typeof line.vatRate === 'number' && Number.isFinite(line.vatRate) ? line.vatRate : null;
    return {
      description: typeof line.description === 'string' ? line.description : '',
      quantity: whole(line.quantity),
      unitAmountMinor: whole(line.unitAmountMinor),
      vatRate,
      vatExemption: typeof line.vatExemption === 'string' ? line.vatExemption : null,
      ...(line.isDonation ? { isDonation: true } : {}),
    };
  });
}

/** Renders the PDF of an invoice from the database (see `renderInvoicePdfFromData`). */
export async function renderInvoicePdf(db: Db, iid: string): Promise<Buffer> {
  return renderInvoicePdfFromData(await loadInvoicePdfData(db, iid));
}

// --- Text and fonts ---------------------------------------------------------------------------

/** A text the QR-bill can carry and print (its fonts are WinAnsi), or null when it cannot. */
function qrText(value: string | null | undefined, maxLength: number): string | null {
  const trimmed = (value ?? '').replace(/\s+/g, ' ').trim();
  if (trimmed === '') return null;
  const latin = winAnsiOutside.test(trimmed) ? toWinAnsi(trimmed) : trimmed;
  if (latin.includes('?') && !trimmed.includes('?')) return null;
  return latin.length <= maxLength ? latin : null;
}

// --- Formatting -------------------------------------------------------------------------------

/** Minor units as "1'250.50": the Swiss grouping, exact (string arithmetic, no float). */
export function formatAmount(minor: number): string {
  const negative = minor < 0;
  const absolute = BigInt(Math.abs(Math.round(minor)) || 0);
  const whole = (absolute / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '’');
  const text = `${whole}.${String(absolute % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

function formatRate(rate: number): string {
  return `${rate.toFixed(2).replace(/\.?0+$/, '')} %`;
}

const paymentMethodLabels: Record<TInvoicePaymentMethod, string> = {
  'bank-transfer': 'bank transfer',
  card: 'card',
  cash: 'cash',
  other: 'other means',
};

const kindTitles: Record<TInvoiceKind, string> = {
  membership: 'Membership fee',
  licence: 'Document licence fee',
  application: 'Application fee',
  other: 'Invoice',
};

const timeDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' });

function periodOfSupply(data: InvoicePdfData): string {
  if (data.kind === 'membership') {
    return `Membership year ${data.year} (1 January – 31 December ${data.year})`;
  }
  if (data.kind === 'licence')
    return `Licence year ${data.year} (1 January – 31 December ${data.year})`;
  return data.issueDate ? longDay(data.issueDate) : `Year ${data.year}`;
}

/** An IBAN in groups of four, as people read and type it. */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

// --- Supplier address and the QR-bill ---------------------------------------------------------

type StructuredAddress = {
  address: string;
  buildingNumber?: string;
  zip: string;
  city: string;
  country: string;
};

const countryCodes: Record<string, string> = {
  switzerland: 'CH',
  schweiz: 'CH',
  suisse: 'CH',
  svizzera: 'CH',
  svizra: 'CH',
  ch: 'CH',
  liechtenstein: 'LI',
  li: 'LI',
  fl: 'LI',
};

/**
 * A one-line holder address ("Seefeldstrasse 45, 8008 Zürich, Switzerland") as the QR-bill's
 * structured address: the part before the postal code is the street (with its number), the
 * postal code and town follow, then the country (Switzerland when none is written). Null when
 * the text does not have that shape; the bill is then left out rather than guessed.
 */
export function parseHolderAddress(text: string): StructuredAddress | null {
  const parts = text
    .split(/\s*[,\n;]\s*/)
    .map((part) => part.trim())
    .filter(Boolean);
  const townAt = parts.findIndex((part) => /^(?:(?:CH|LI|FL)[- ])?\d{4,5}\s+\S/.test(part));
  if (townAt < 1) return null;
  const town = /^(?:(CH|LI|FL)[- ])?(\d{4,5})\s+(.+)$/.exec(parts[townAt] ?? '');
  if (!town) return null;
  const street = parts[townAt - 1] ?? '';
  const rest = parts.slice(townAt + 1);
  let country = town[1] ? (countryCodes[town[1].toLowerCase()] ?? null) : null;
  for (const part of rest) {
    const code = countryCodes[part.toLowerCase()];
    if (code) country = code;
    else return null;
  }
  const numbered = /^(.*\S)\s+(\d+[a-zA-Z]?)$/.exec(street);
  return {
    address: numbered?.[1] ?? street,
    ...(numbered?.[2] ? { buildingNumber: numbered[2] } : {}),
    zip: town[2] ?? '',
    city: town[3] ?? '',
    country: country ?? 'CH',
  };
}

/** What the payment part of a QR-bill will say, or why an invoice has none. */
export type QrBillPlan =
  | { kind: 'qr-bill'; data: QrBillData; referenceType: 'QRR' | 'SCOR' | 'NON'; hasDebtor: boolean }
  | { kind: 'none'; reason: string };

/**
 * Rule 4 of the domain: a QR-bill only for CHF or EUR from a Swiss or Liechtenstein account;
 * with the QR-IBAN the invoice's QR reference (QRR), with the plain IBAN its creditor reference
 * (SCOR) or none. Paid, void and uncollectible invoices get none (nothing is to be paid). The
 * member is the debtor when its address is complete and printable; otherwise the payer writes
 * it in. Never throws: a bill the library would refuse is left out, with the reason.
 */
export function planQrBill(data: InvoicePdfData): QrBillPlan {
  if (data.currency !== 'CHF' && data.currency !== 'EUR') {
    return { kind: 'none', reason: `QR-bills are paid in CHF or EUR, not ${data.currency}.` };
  }
  if (data.status !== 'issued' && data.status !== 'draft') {
    return { kind: 'none', reason: `The invoice is ${data.status}: nothing is to be paid.` };
  }
  const account = data.account;
  if (!account) return { kind: 'none', reason: 'The invoice has no bank account.' };
  const creditorAddress = parseHolderAddress(account.holderAddress);
  const creditorName = qrText(account.holderName, 70);
  if (!creditorAddress || !creditorName) {
    return {
      kind: 'none',
      reason: 'The account holder’s address cannot be read as street, postal code and town.',
    };
  }
  const reference = (data.paymentReference ?? '').replace(/\s+/g, '').toUpperCase();
  const isSwiss = (iban: string | null): iban is string =>
    iban !== null && /^(CH|LI)/.test(iban) && isIBANValid(iban);
  let creditorAccount: string;
  let qrReference: string | undefined;
  let referenceType: 'QRR' | 'SCOR' | 'NON';
  if (isSwiss(account.qrIban) && isQRIBAN(account.qrIban) && isQRReferenceValid(reference)) {
    creditorAccount = account.qrIban;
    qrReference = reference;
    referenceType = 'QRR';
  } else if (isSwiss(account.iban) && !isQRIBAN(account.iban)) {
    creditorAccount = account.iban;
    qrReference = isSCORReferenceValid(reference) ? reference : undefined;
    referenceType = qrReference ? 'SCOR' : 'NON';
  } else {
    return {
      kind: 'none',
      reason: 'QR-bills need a Swiss or Liechtenstein account (a QR-IBAN needs a QR reference).',
    };
  }
  const message = qrText(
    `Invoice ${data.number}${data.member ? ` · member ${data.member.number}` : ''}`,
    140,
  );
  const qrData: QrBillData = {
    creditor: { ...creditorAddress, name: creditorName, account: creditorAccount },
    currency: data.currency,
    amount: data.totalMinor / 100,
    ...(qrReference ? { reference: qrReference } : {}),
    ...(message ? { message } : {}),
  };
  const debtor = debtorOf(data);
  for (const candidate of debtor ? [{ ...qrData, debtor }, qrData] : [qrData]) {
    try {
      new SwissQRBill(candidate);
      return { kind: 'qr-bill', data: candidate, referenceType, hasDebtor: 'debtor' in candidate };
    } catch {
      // The library refused this data (a field too long, an odd character): try without the
      // debtor, then give up on the bill. The invoice itself is still rendered.
    }
  }
  return { kind: 'none', reason: 'The payment details do not make a valid QR-bill.' };
}

/** The member as the QR-bill's debtor: only with a complete, printable address. */
function debtorOf(data: InvoicePdfData): QrBillDebtor | null {
  const member = data.member;
  if (!member) return null;
  const name = qrText(member.legalName, 70);
  const street = qrText(member.addressLine1, 70);
  const zip = qrText(member.postalCode, 16);
  const city = qrText(member.city, 35);
  const country = member.countryIso2;
  if (!name || !street || !zip || !city || !country || !/^[A-Z]{2}$/.test(country)) return null;
  const numbered = /^(.*\S)\s+(\d+[a-zA-Z]?)$/.exec(street);
  return {
    name,
    address: numbered?.[1] ?? street,
    ...(numbered?.[2] ? { buildingNumber: numbered[2] } : {}),
    zip,
    city,
    country,
  };
}

// --- The document -----------------------------------------------------------------------------

const page = { width: 595.28, height: 841.89 }; // A4 portrait
const margin = 50;
const contentWidth = page.width - 2 * margin;
const ink = '#1f2937';
const accent = '#1e3a8a';
const muted = '#6b7280';
const rule = '#d1d5db';

const statusStamps: Partial<Record<TInvoiceStatus, { text: string; color: string }>> = {
  draft: { text: 'DRAFT', color: '#b45309' },
  paid: { text: 'PAID', color: '#15803d' },
  void: { text: 'VOID', color: '#b91c1c' },
  uncollectible: { text: 'UNCOLLECTIBLE', color: '#6b7280' },
};

export type RenderOptions = {
  /** Deflate the content streams (default). Tests read the text of uncompressed ones. */
  compress?: boolean;
};

/**
 * Renders an invoice as a PDF (A4 portrait): supplier and recipient, the invoice's dates and
 * period of supply, the lines with quantity, unit price, amount and VAT rate or exemption, the
 * VAT per rate, the totals, the payment details, and the Swiss QR-bill (payment part and
 * receipt) at the bottom of the page or on a page of its own. Everything Swiss VAT law
 * (MWSTG Art. 26) asks of an invoice. Deterministic: the same invoice gives the same bytes.
 */
export function renderInvoicePdfFromData(
  data: InvoicePdfData,
  options: RenderOptions = {},
): Promise<Buffer> {
  const qrBill = planQrBill(data);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      Title: `Invoice ${data.number}`,
      Author: federationName,
      Subject: `${kindTitles[data.kind]} ${data.year}${data.member ? ` – ${data.member.legalName}` : ''}`,
      Keywords: `invoice ${data.number}${data.member ? ` ${data.member.number}` : ''}`,
      Creator: 'Operations',
      Producer: 'Operations (PDFKit)',
      CreationDate: data.updatedAt,
      ModDate: data.updatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const useFont = fontPicker(doc);
  const write = (
    value: string,
    x: number,
    y: number,
    style: {
      weight?: Weight;
      size?: number;
      color?: string;
      width?: number;
      align?: 'left' | 'right' | 'center';
    } = {},
  ): number => {
    const text = useFont(style.weight ?? 'regular', value);
    doc
      .fontSize(style.size ?? 9)
      .fillColor(style.color ?? ink)
      .text(text, x, y, {
        width: style.width ?? contentWidth - (x - margin),
        align: style.align ?? 'left',
        lineGap: 0.5,
      });
    return doc.y;
  };

  // Supplier (top left).
  const supplierName = data.account?.holderName ?? federationName;
  const supplierAddress = (data.account?.holderAddress ?? headquartersAddress)
    .split(/\s*[,\n]\s*/)
    .filter(Boolean);
  let y = margin;
  y = write(supplierName, margin, y, { weight: 'bold', size: 11, color: accent, width: 280 });
  for (const line of supplierAddress) y = write(line, margin, y, { color: muted, width: 280 });
  y = write(
    federationVatNumber
      ? `VAT number: ${federationVatNumber}`
      : 'Not registered for Swiss VAT (UID-MWST)',
    margin,
    y + 2,
    { color: muted, width: 280 },
  );

  // Title and status (top right).
  write('INVOICE', margin + 300, margin, {
    weight: 'bold',
    size: 20,
    color: ink,
    width: contentWidth - 300,
    align: 'right',
  });
  const stamp = statusStamps[data.status];
  if (stamp) {
    write(stamp.text, margin + 300, margin + 26, {
      weight: 'bold',
      size: 12,
      color: stamp.color,
      width: contentWidth - 300,
      align: 'right',
    });
  }

  // Recipient (left, at the height of a C5/DL envelope window) and the invoice's facts (right).
  const blockTop = Math.max(y + 18, 130);
  let left = write('Bill to', margin, blockTop, { color: muted, size: 8 });
  const member = data.member;
  if (member) {
    left = write(member.legalName, margin, left + 1, { weight: 'bold', size: 10, width: 250 });
    const addressLines = [
      member.tradeName && member.tradeName !== member.legalName ? member.tradeName : null,
      member.addressLine1,
      member.addressLine2,
      [member.postalCode, member.city].filter(Boolean).join(' ') || null,
      member.state,
      member.countryName ?? member.countryIso2,
    ].filter((line): line is string => Boolean(line && line.trim()));
    for (const line of addressLines) left = write(line, margin, left, { size: 10, width: 250 });
    if (member.vatNumber) {
      left = write(`VAT/UID: ${member.vatNumber}`, margin, left + 2, { color: muted, width: 250 });
    }
  } else {
    left = write('No member is linked to this invoice.', margin, left + 1, { color: muted });
  }

  const facts: [string, string][] = [
    ['Invoice number', data.number],
    ['Member number', member?.number ?? '—'],
    ['Invoice date', data.issueDate ? longDay(data.issueDate) : 'Not issued yet (draft)'],
    ['Period of supply', periodOfSupply(data)],
    ['Due date', data.dueDate ? longDay(data.dueDate) : '—'],
    ['Currency', data.currency],
  ];
  if (data.paymentReference) {
    facts.push(['Payment reference', formatPaymentReference(data.paymentReference)]);
  }
  const factsX = margin + 255;
  const factValueX = factsX + 80;
  let right = blockTop;
  for (const [label, value] of facts) {
    write(label, factsX, right, { color: muted, width: 78 });
    right = write(value, factValueX, right, { width: page.width - margin - factValueX });
    right += 0.5;
  }

  // Lines.
  y = Math.max(left, right) + 16;
  const columns = {
    description: margin,
    quantity: margin + 250,
    unit: margin + 285,
    vat: margin + 360,
    amount: margin + 425,
  };
  const header = (top: number) => {
    const style = { weight: 'bold' as const, size: 8, color: muted };
    write('Description', columns.description, top, { ...style, width: 245 });
    write('Qty', columns.quantity, top, { ...style, width: 30, align: 'right' });
    write(`Unit price`, columns.unit, top, { ...style, width: 70, align: 'right' });
    write('VAT', columns.vat, top, { ...style, width: 60, align: 'right' });
    write(`Amount ${data.currency}`, columns.amount, top, { ...style, width: 70, align: 'right' });
    doc
      .moveTo(margin, top + 12)
      .lineTo(page.width - margin, top + 12)
      .lineWidth(0.75)
      .strokeColor(rule)
      .stroke();
    return top + 17;
  };
  const contentBottom = page.height - margin;
  y = header(y);
  for (const line of data.lines) {
    const descriptionHeight =
      doc.font(standardFonts.regular).fontSize(9).heightOfString(toWinAnsi(line.description), {
        width: 245,
      }) + (line.vatRate === null ? 12 : 0);
    if (y + descriptionHeight + 6 > contentBottom) {
      doc.addPage({ size: 'A4', margin: 0 });
      y = header(margin);
    }
    const top = y;
    let bottom = write(line.description, columns.description, top, { width: 245 });
    if (line.vatRate === null && line.vatExemption) {
      bottom = write(line.vatExemption, columns.description, bottom, {
        size: 7.5,
        color: muted,
        width: 245,
      });
    }
    write(String(line.quantity), columns.quantity, top, { width: 30, align: 'right' });
    write(formatAmount(line.unitAmountMinor), columns.unit, top, { width: 70, align: 'right' });
    write(line.vatRate === null ? 'outside VAT' : formatRate(line.vatRate), columns.vat, top, {
      width: 60,
      align: 'right',
      ...(line.vatRate === null ? { color: muted, size: 8 } : {}),
    });
    write(formatAmount(lineAmountMinor(line)), columns.amount, top, { width: 70, align: 'right' });
    y = bottom + 6;
  }
  if (data.lines.length === 0) {
    y = write('This invoice has no lines.', margin, y, { color: muted }) + 6;
  }

  // Totals: the taxable subtotal, VAT per rate, the donation apart, the total.
  const vatByRate = new Map<number, { base: number; vat: number }>();
  for (const line of data.lines) {
    if (line.vatRate === null || line.isDonation) continue;
    const entry = vatByRate.get(line.vatRate) ?? { base: 0, vat: 0 };
    entry.base += lineAmountMinor(line);
    entry.vat += lineVatMinor(line);
    vatByRate.set(line.vatRate, entry);
  }
  const totals: [string, string, boolean][] = [
    ['Subtotal', formatAmount(data.subtotalMinor), false],
  ];
  for (const [rate, entry] of [...vatByRate.entries()].sort((a, b) => a[0] - b[0])) {
    totals.push([
      `VAT ${formatRate(rate)} on ${formatAmount(entry.base)}`,
      formatAmount(entry.vat),
      false,
    ]);
  }
  totals.push([
    vatByRate.size ? 'VAT total' : 'VAT (outside the scope of VAT)',
    formatAmount(data.vatMinor),
    false,
  ]);
  if (data.donationMinor > 0) {
    totals.push(['Donation (outside the scope of VAT)', formatAmount(data.donationMinor), false]);
  }
  totals.push([`Total ${data.currency}`, formatAmount(data.totalMinor), true]);
  if (data.status === 'paid' && data.paidAt) {
    totals.push([
      `Paid on ${longDay(timeDay.format(data.paidAt))}${data.paidMethod ? ` (${paymentMethodLabels[data.paidMethod]})` : ''}`,
      formatAmount(-(data.paidAmountMinor ?? data.totalMinor)),
      false,
    ]);
    totals.push([
      `Amount due ${data.currency}`,
      formatAmount(Math.max(0, data.totalMinor - (data.paidAmountMinor ?? data.totalMinor))),
      true,
    ]);
  }
  const totalsHeight = totals.length * 15 + 8;
  if (y + totalsHeight > contentBottom) {
    doc.addPage({ size: 'A4', margin: 0 });
    y = margin;
  }
  doc
    .moveTo(columns.vat - 100, y)
    .lineTo(page.width - margin, y)
    .lineWidth(0.75)
    .strokeColor(rule)
    .stroke();
  y += 6;
  for (const [label, value, isStrong] of totals) {
    const style = isStrong
      ? { weight: 'bold' as const, size: 10.5 }
      : { weight: 'regular' as const, size: 9 };
    write(label, columns.vat - 100, y, { ...style, width: 185, align: 'right' });
    write(value, columns.amount, y, { ...style, width: 70, align: 'right' });
    y += isStrong ? 16 : 13;
  }

  // Notes and payment details.
  const notes: string[] = [];
  const exemptions = [...new Set(data.lines.map((line) => line.vatExemption).filter(Boolean))];
  if (exemptions.length && !vatByRate.size) {
    notes.push(
      'Membership fees and donations to the federation, a non-profit association, are outside the scope of Swiss VAT; no VAT is charged.',
    );
  }
  const payment = paymentLines(data, qrBill);
  const notesHeight = 14 + notes.length * 24 + payment.length * 12 + 20;
  if (y + notesHeight > contentBottom) {
    doc.addPage({ size: 'A4', margin: 0 });
    y = margin;
  } else {
    y += 8;
  }
  for (const note of notes) y = write(note, margin, y, { color: muted, size: 8 }) + 4;
  if (payment.length) {
    const heading =
      qrBill.kind === 'qr-bill'
        ? 'Payment: with the QR-bill below, or by bank transfer with the reference'
        : 'Payment by bank transfer';
    y = write(heading, margin, y + 2, { weight: 'bold', size: 9.5 }) + 2;
    for (const [label, value] of payment) {
      write(label, margin, y, { color: muted, width: 110 });
      y = write(value, margin + 115, y, { width: contentWidth - 115 });
    }
  }

  // The QR-bill: payment part and receipt at the bottom, or on a page of its own.
  if (qrBill.kind === 'qr-bill') {
    // attachTo starts a page of the bill's size when the content reaches below its top edge.
    doc.y = y;
    new SwissQRBill(qrBill.data, { language: 'EN', scissors: true }).attachTo(doc);
  }

  // Watermark and page numbers on every page.
  const range = doc.bufferedPageRange();
  // A QR-bill on a page of its own is a slip (105 mm high), not a page of the invoice.
  let pageCount = 0;
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    if (doc.page.height >= page.height - 1) pageCount++;
  }
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const isSlipPage = doc.page.height < page.height - 1;
    if (stamp && data.status !== 'uncollectible' && !isSlipPage) {
      doc.save();
      doc.rotate(-30, { origin: [page.width / 2, 360] });
      doc
        .font('Helvetica-Bold')
        .fontSize(110)
        .fillColor(stamp.color)
        .fillOpacity(0.1)
        .text(stamp.text, 0, 300, { width: page.width, align: 'center', lineBreak: false });
      doc.restore();
    }
    if (pageCount > 1 && !isSlipPage) {
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(muted)
        .fillOpacity(1)
        .text(
          `Invoice ${data.number} · page ${index - range.start + 1} of ${pageCount}`,
          margin,
          20,
          {
            width: contentWidth,
            align: 'right',
            lineBreak: false,
          },
        );
    }
  }
  doc.flushPages();
  doc.end();
  return done;
}

/** A QR reference in groups of five from the right, a creditor reference in groups of four. */
export function formatPaymentReference(reference: string): string {
  const compact = reference.replace(/\s+/g, '');
  if (/^\d{27}$/.test(compact) || /^RF\d{2}[A-Z0-9]{1,21}$/i.test(compact)) {
    return formatReference(compact);
  }
  return reference;
}

function paymentLines(data: InvoicePdfData, qrBill: QrBillPlan): [string, string][] {
  if (data.status === 'paid') return [];
  if (data.status === 'void') return [['', 'This invoice is void: do not pay it.']];
  if (data.status === 'uncollectible') return [];
  const account = data.account;
  if (!account) {
    return [['', 'Bank details will be sent separately.']];
  }
  const lines: [string, string][] = [
    [
      'Amount',
      `${data.currency} ${formatAmount(data.totalMinor)}${data.dueDate ? `, by ${longDay(data.dueDate)}` : ''}`,
    ],
    ['Account holder', account.holderName],
    ['Bank', account.bankName],
    ['IBAN', formatIban(account.iban)],
  ];
  if (account.bic) lines.push(['BIC / SWIFT', account.bic]);
  if (qrBill.kind === 'qr-bill' && qrBill.referenceType === 'QRR' && account.qrIban) {
    lines.push(['QR-IBAN (QR-bill)', formatIban(account.qrIban)]);
  }
  lines.push([
    'Reference',
    data.paymentReference
      ? formatPaymentReference(data.paymentReference)
      : `Invoice ${data.number}`,
  ]);
  return lines;
}
