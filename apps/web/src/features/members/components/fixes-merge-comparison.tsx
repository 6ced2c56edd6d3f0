import type { TDuplicateFinding } from '@ops/contract';

export type DuplicateMember = TDuplicateFinding['members'][number];

/** The fields shown side by side, as a person compares two records. */
const rows: { label: string; value: (member: DuplicateMember) => string | null }[] = [
  { label: 'Number', value: (m) => m.number },
  { label: 'Legal name', value: (m) => m.legalName },
  { label: 'Trade name', value: (m) => m.tradeName },
  { label: 'Category', value: (m) => m.category },
  { label: 'Status', value: (m) => m.status },
  {
    label: 'Country',
    value: (m) => (m.countryName ? `${m.countryName} (${m.countryIso2})` : null),
  },
  { label: 'City', value: (m) => m.city },
  { label: 'VAT number', value: (m) => m.vatNumber },
  { label: 'E-mail', value: (m) => m.email },
  { label: 'Phone', value: (m) => m.phone },
  { label: 'Website', value: (m) => m.website },
  { label: 'Joined', value: (m) => m.joinedOn },
  {
    label: 'Paid through',
    value: (m) => (m.paidThroughYear === null ? null : String(m.paidThroughYear)),
  },
  {
    label: 'Invoices',
    value: (m) => `${m.related.invoices} (${m.related.paidInvoices} paid)`,
  },
  { label: 'Users', value: (m) => String(m.related.users) },
  { label: 'Certificates', value: (m) => String(m.related.certificates) },
  { label: 'Applications', value: (m) => String(m.related.applications) },
  { label: 'E-mails', value: (m) => String(m.related.emails) },
  { label: 'Association links', value: (m) => String(m.related.associationLinks) },
];

type MergeComparisonProps = {
  /** The two records compared, in the order of their columns. */
  pair: DuplicateMember[];
  survivor: DuplicateMember;
  merged: DuplicateMember;
  proposedSurvivorMid: string;
  onChooseSurvivor: (mid: string) => void;
};

/**
 * The two records side by side, a radio button over each column to choose the survivor; the
 * survivor's empty fields say that the merged record fills them.
 */
export function MergeComparison({
  pair,
  survivor,
  merged,
  proposedSurvivorMid,
  onChooseSurvivor,
}: MergeComparisonProps) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">Which record survives?</legend>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr>
              <th scope="col" className="w-32 p-1 text-left font-normal text-slate-500">
                <span className="sr-only">Field</span>
              </th>
              {pair.map((member) => (
                <th
                  key={member.mid}
                  scope="col"
                  className={[
                    'rounded-t-md p-2 text-left',
                    member.mid === survivor.mid ? 'bg-sky-50' : 'bg-slate-50',
                  ].join(' ')}
                >
                  <label className="flex items-center gap-2 font-semibold">
                    <input
                      type="radio"
                      name="survivor"
                      value={member.mid}
                      checked={member.mid === survivor.mid}
                      onChange={() => onChooseSurvivor(member.mid)}
                    />
                    Keep {member.number}
                  </label>
                  <span className="text-xs font-normal text-slate-600">
                    {member.mid === survivor.mid ? 'survives' : 'merged, then deleted'}
                    {member.mid === proposedSurvivorMid ? ' · proposed' : ''}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const values = pair.map((member) => row.value(member));
              const differs = values[0] !== values[1];
              return (
                <tr key={row.label} className="border-t border-slate-100">
                  <th scope="row" className="p-1 text-left font-normal text-slate-500">
                    {row.label}
                  </th>
                  {pair.map((member, i) => {
                    const value = values[i];
                    const isFilled =
                      member.mid === survivor.mid &&
                      (value === null || value === '') &&
                      row.value(merged) !== null;
                    return (
                      <td
                        key={member.mid}
                        className={[
                          'p-1 break-all',
                          member.mid === survivor.mid ? 'bg-sky-50/60' : '',
                          differs ? 'font-medium' : 'text-slate-600',
                        ].join(' ')}
                      >
                        {value ?? <span className="text-slate-400">—</span>}
                        {isFilled ? (
                          <span className="block text-xs text-sky-800">
                            filled from {merged.number}
                          </span>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
