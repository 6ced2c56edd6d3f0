import { invoicePdfRefusalLabels, type TInvoicePdfRefusalRule } from '@ops/contract';
import type { PdfRefusal, PdfUploadItem } from './pdf-upload-queue';

const otherLabels: Record<Exclude<PdfRefusal, TInvoicePdfRefusalRule>, string> = {
  network: 'Not sent: the connection failed',
  other: 'Refused by the server',
};

function labelOf(refusal: PdfRefusal | null): string {
  if (refusal === null) return 'Refused';
  return refusal in invoicePdfRefusalLabels
    ? invoicePdfRefusalLabels[refusal as TInvoicePdfRefusalRule]
    : otherLabels[refusal as keyof typeof otherLabels];
}

/** What the upload did: attached, replaced, and every refused file grouped by its reason. */
export function PdfUploadReport({ items }: { items: readonly PdfUploadItem[] }) {
  const attached = items.filter((item) => item.state === 'attached').length;
  const replaced = items.filter((item) => item.state === 'replaced').length;
  const notSent = items.filter((item) => item.state === 'ready' || item.state === 'checking');
  const refused = items.filter((item) => item.state === 'refused' || item.state === 'failed');
  const groups = new Map<string, PdfUploadItem[]>();
  for (const item of refused) {
    const label = labelOf(item.refusal);
    groups.set(label, [...(groups.get(label) ?? []), item]);
  }
  const figures = [
    ['Attached', attached],
    ['Replaced', replaced],
    ['Refused', refused.length],
    ['Not sent', notSent.length],
  ] as const;
  return (
    <section aria-label="Upload report" className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-xs uppercase text-slate-500">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums text-slate-900">
              {value.toLocaleString('en')}
            </dd>
          </div>
        ))}
      </dl>
      {groups.size > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Refused files, by reason</h3>
          {[...groups.entries()].map(([label, group]) => (
            <details
              key={label}
              open={group.length <= 10}
              className="rounded-md border border-red-200 bg-red-50/50 p-2"
            >
              <summary className="cursor-pointer text-sm font-medium text-red-900">
                {label}: {group.length.toLocaleString('en')}
              </summary>
              <ul className="mt-1 list-disc pl-6 text-sm text-slate-800">
                {group.map((item) => (
                  <li key={item.key}>{item.reason ?? item.file.name}</li>
                ))}
              </ul>
            </details>
          ))}
        </div>
      ) : null}
    </section>
  );
}
