import { federationName } from '../../certificates';
import { federationVatNumber, headquartersAddress, type InvoicePdfData } from './data';
import { accent, contentWidth, ink, margin, muted, statusStamps, type Canvas } from './layout';

/**
 * The supplier (top left: name, address, VAT registration) and the title with the status stamp
 * (top right). Returns the y below the supplier block.
 */
export function drawHeader(
  { write }: Canvas,
  data: InvoicePdfData,
  /** The document's title: a credit note reuses this header (issue 16). */
  title = 'INVOICE',
): number {
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
  write(title, margin + 300, margin, {
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
  return y;
}
