import type { TCompanyValues } from '@ops/contract/change-requests';
import { useMessages } from '../i18n/message';
import { useShownValue } from './change-list';
import { fieldGroups, fieldLabels } from './fields';

/** The company data to read (a staff user's view): each fieldset's fields, label and value. */
export function CompanyDetails({ values }: { values: TCompanyValues }) {
  const t = useMessages();
  const shown = useShownValue();
  return (
    <div className="space-y-3">
      {fieldGroups.map((group) => (
        <section
          key={group.legend}
          aria-labelledby={`company-${group.legend}`}
          className="min-w-0 rounded-md border border-slate-200 bg-white p-3"
        >
          <h2 id={`company-${group.legend}`} className="font-semibold">
            {t(group.legend)}
          </h2>
          <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
            {group.fields.map((field) => (
              <div key={field} className="min-w-0">
                <dt className="text-xs text-slate-600">{t(fieldLabels[field])}</dt>
                <dd className="break-words">{shown(field, values[field])}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
