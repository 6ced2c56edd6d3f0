import {
  firstYearRuleLabels,
  firstYearRules,
  monthName,
  planFirstYear,
  type FirstYearRule,
} from '@ops/contract/first-year-billing';
import type { TMembershipBillingSettings } from '@ops/contract/membership-billing';
import { useState } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { ConflictNotice, formatMoney, isVersionConflict } from '@/components/detail';
import { describeChange, SettingsScreen } from '@/components/settings-form';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { useMembershipBilling, useUpdateMembershipBilling } from '../api/membership-billing';
import { SmallTableHeaderRow } from '@/components/small-table-header-row';
import { SuccessNote } from '@/components/success-note';

/** What each rule means, under its choice. */
const ruleHelp: Record<FirstYearRule, string> = {
  'full-year':
    'The first invoice bills the whole current year in full, whatever the day of approval.',
  'next-year-from-cutoff':
    'Approved from the 1st of the cut-off month, the first invoice bills next year in full and the rest of this year is free; before it, this year in full.',
  'pro-rata-by-month':
    'The first invoice bills the months left in the current year, counting the month of approval, at a twelfth of the yearly fee each.',
};

/** The three examples staff check a rule against: full fee CHF 950.00. */
const exampleDays = ['2026-03-15', '2026-10-01', '2026-12-02'] as const;
const exampleFeeMinor = 95_000;

function Examples({ rule, cutoffMonth }: { rule: FirstYearRule; cutoffMonth: number }) {
  return (
    <table className="w-full max-w-xl text-sm" aria-label="Examples for a fee of CHF 950.00">
      <thead>
        <SmallTableHeaderRow
          columns={['Approved on', 'Billed for', { label: 'First invoice', isNumeric: true }]}
        />
      </thead>
      <tbody>
        {exampleDays.map((day) => {
          const plan = planFirstYear({ rule, cutoffMonth }, day, exampleFeeMinor);
          const [, month, date] = day.split('-').map(Number);
          return (
            <tr key={day} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-3 text-left font-normal">
                {date} {monthName(month ?? 1)}
              </th>
              <td className="py-1 pr-3">
                {plan.months < 12 ? `${plan.months} of 12 months of ${plan.year}` : plan.year}
              </td>
              <td className="py-1 text-right tabular-nums">{formatMoney(plan.feeMinor, 'CHF')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The form of one version of the settings (keyed by it: a save or anyone's change shows the
 * new values); what the last save said is the screen's, so it outlives the version it saved.
 */
function MembershipBillingForm({
  settings,
  canEdit,
  message,
  setMessage,
}: {
  settings: TMembershipBillingSettings;
  canEdit: boolean;
  message: string | null;
  setMessage: (message: string | null) => void;
}) {
  const [rule, setRule] = useState<FirstYearRule>(settings.firstYearRule);
  const [cutoffMonth, setCutoffMonth] = useState(settings.cutoffMonth);
  const update = useUpdateMembershipBilling();
  const error = update.error;

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        update.mutateAsync({ firstYearRule: rule, cutoffMonth, version: settings.version }).then(
          (result) => setMessage(result.message),
          () => undefined,
        );
      }}
    >
      <fieldset className="flex flex-col gap-3" disabled={!canEdit || update.isPending}>
        <legend className="text-sm font-medium text-slate-800">
          A new member’s first invoice bills
        </legend>
        {firstYearRules.map((choice) => (
          <label key={choice} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="first-year-rule"
              value={choice}
              checked={rule === choice}
              onChange={() => setRule(choice)}
              className="mt-1"
            />
            <span>
              <span className="font-medium text-slate-900">{firstYearRuleLabels[choice]}</span>
              <span className="block text-slate-600">{ruleHelp[choice]}</span>
            </span>
          </label>
        ))}
        {rule === 'next-year-from-cutoff' ? (
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-800">Cut-off month</span>
            <select
              value={cutoffMonth}
              onChange={(event) => setCutoffMonth(Number(event.target.value))}
              className={`w-44 rounded-md border border-slate-300 px-2 py-1.5 text-sm ${focusRing}`}
            >
              {Array.from({ length: 12 }, (_, index) => index + 1).map((month) => (
                <option key={month} value={month}>
                  From 1 {monthName(month)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </fieldset>
      <Examples rule={rule} cutoffMonth={cutoffMonth} />
      <p className="text-xs text-slate-600">
        {describeChange(settings)}. Applies to approvals from now on; first invoices already issued
        stay as they are.
      </p>
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" isBusy={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
          {message ? <SuccessNote>{message}</SuccessNote> : null}
          {error && isVersionConflict(error) ? (
            <ConflictNotice message={error.message} onReload={() => update.reset()} />
          ) : error ? (
            <p role="alert" className="text-sm text-red-700">
              {getErrorMessage(error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

/**
 * /settings/membership-billing (issue 32): how an approval bills a new member's first year.
 * The approve dialog shows what the rule gives for the application in front of the reviewer.
 */
export function MembershipBillingRoute() {
  const settings = useMembershipBilling();
  const canEdit = useCan('invoices.edit');
  const [message, setMessage] = useState<string | null>(null);
  return (
    <SettingsScreen
      query={settings}
      headingId="membership-billing"
      title="Membership billing"
      intro={
        <>
          Approving an application issues the new member’s first membership invoice (fee by the
          country’s fee band and the category, in CHF, due in 30 days) and e-mails it with its PDF.
          This rule decides which year it bills and how much of it.
        </>
      }
    >
      {(data) => (
        <>
          <MembershipBillingForm
            key={data.version}
            settings={data}
            canEdit={canEdit}
            message={message}
            setMessage={setMessage}
          />
        </>
      )}
    </SettingsScreen>
  );
}
