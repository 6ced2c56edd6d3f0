import type { TNoCountryFinding } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import type { FindingProps, FindingsProps } from '@/components/fixes/fixes-route';
import { useMemberFixFindings } from '../api/get-member-fix-findings';
import { useMemberFixRepair } from '../api/repair-member-fix';
import {
  FindingField,
  FindingsList,
  inputClass,
  MemberFindingCard,
  RepairForm,
} from './fixes-panel';

type Country = { iso2: string; name: string };

/** Members without a country: choose one (the guess from VAT or e-mail is preselected). */
export function NoCountryFindings({ limit, canEdit, onResult }: FindingsProps) {
  const query = useMemberFixFindings('no-country', limit, true);
  return (
    <FindingsList query={query} keyOf={(finding) => finding.member.mid}>
      {(finding, page) => (
        <NoCountryFinding
          finding={finding}
          countries={page.countries}
          canEdit={canEdit}
          onResult={onResult}
        />
      )}
    </FindingsList>
  );
}

function NoCountryFinding({
  finding,
  countries,
  canEdit,
  onResult,
}: FindingProps<TNoCountryFinding> & { countries: Country[] }) {
  const { member } = finding;
  const [iso2, setIso2] = useState(finding.proposedCountry?.iso2 ?? '');
  const repair = useMemberFixRepair(onResult);
  return (
    <MemberFindingCard
      finding={finding}
      error={repair.error}
      actions={
        canEdit ? (
          <RepairForm
            onSubmit={() => {
              if (!iso2) return;
              repair.mutate({
                check: 'no-country',
                body: { mid: member.mid, version: member.version, countryIso2: iso2 },
              });
            }}
          >
            <FindingField label={`Country of ${member.number}`}>
              {(id) => (
                <select
                  id={id}
                  value={iso2}
                  required
                  onChange={(event) => setIso2(event.target.value)}
                  className={inputClass}
                >
                  <option value="">Choose a country…</option>
                  {countries.map((country) => (
                    <option key={country.iso2} value={country.iso2}>
                      {country.name} ({country.iso2})
                    </option>
                  ))}
                </select>
              )}
            </FindingField>
            <Button type="submit" isBusy={repair.isPending} aria-disabled={!iso2 || undefined}>
              {repair.isPending ? 'Setting…' : 'Set country'}
            </Button>
          </RepairForm>
        ) : null
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-600">
        <dt>VAT number</dt>
        <dd>{member.vatNumber ?? '—'}</dd>
        <dt>E-mail</dt>
        <dd className="break-all">{member.email ?? '—'}</dd>
      </dl>
    </MemberFindingCard>
  );
}
