import { regionLabels } from '@ops/contract/countries';
import { invoiceCurrencies, memberCategories, regions } from '@ops/contract/enumerations';
import { memberCategoryLabels } from '@ops/contract/labels';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@ops/ui/button';
import { TextField } from '@ops/ui/text-field';
import type { ReportFilterSupport } from '../utils/report-catalogue';
import type { ReportFilterName, ReportFilterValues } from '../utils/report-query';
import { StackedField } from '@/components/stacked-field';

type Option = { value: string; label: string };

const selectClass =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600';

/**
 * One choice of a list filter: "All" or one value. A URL naming several (`region=europe,americas`,
 * a shared link) keeps them as one more option, so the form never drops what the URL says.
 */
function SelectFilter({
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly Option[];
  allLabel?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const known = value === '' || options.some((option) => option.value === value);
  const labelOf = (code: string) => options.find((option) => option.value === code)?.label ?? code;
  return (
    <StackedField controlId={id} label={label}>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {allLabel ? <option value="">{allLabel}</option> : null}
        {known ? null : <option value={value}>{value.split(',').map(labelOf).join(', ')}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </StackedField>
  );
}

export type ReportFiltersProps = {
  support: ReportFilterSupport;
  /** The filters in the URL. */
  values: ReportFilterValues;
  /** The period the report ran with (defaults resolved), shown when the URL names none. */
  applied: { from: string | null; to: string; by: string | null };
  onApply: (values: ReportFilterValues) => void;
};

/**
 * The report's filters: period, region, country, member category, currency and grouping, as
 * the report takes them. Applied together (Apply): a date typed digit by digit must not reload
 * the report at every keystroke. Keyed by the URL by its parent, so Back shows the URL's values.
 */
export function ReportFilters({ support, values, applied, onApply }: ReportFiltersProps) {
  const [draft, setDraft] = useState<ReportFilterValues>(values);
  const set = (name: ReportFilterName) => (value: string) =>
    setDraft((before) => ({ ...before, [name]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const country = (draft.country ?? '')
      .split(/[\s,]+/)
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean)
      .join(',');
    // The period as the form shows it goes into the URL, whether it was typed or is today's
    // default: a range someone applies and bookmarks must not change meaning next month (issue 30:
    // 1 January typed into a From that already showed 1 January was dropped from the link).
    const period: ReportFilterValues = {};
    if (support.period === 'range') period.from = draft.from ?? applied.from ?? '';
    if (support.period !== 'today') period.to = draft.to ?? applied.to;
    if (support.by) period.by = draft.by ?? applied.by ?? support.by.default;
    onApply({ ...draft, ...period, country });
  }

  const fields: ReactNode[] = [];
  if (support.period === 'range')
    fields.push(
      <TextField
        key="from"
        label="From"
        type="date"
        value={draft.from ?? applied.from ?? ''}
        onChange={(e) => set('from')(e.target.value)}
      />,
    );
  if (support.period !== 'today')
    fields.push(
      <TextField
        key="to"
        label={support.period === 'until' ? 'Up to' : 'To'}
        type="date"
        value={draft.to ?? applied.to}
        onChange={(e) => set('to')(e.target.value)}
      />,
    );
  if (support.by)
    fields.push(
      <SelectFilter
        key="by"
        label={support.by.label}
        value={draft.by ?? applied.by ?? support.by.default}
        options={support.by.options}
        onChange={set('by')}
      />,
    );
  if (support.hasMemberFilters)
    fields.push(
      <SelectFilter
        key="region"
        label="Region"
        allLabel="All regions"
        value={draft.region ?? ''}
        options={regions.map((region) => ({ value: region, label: regionLabels[region] }))}
        onChange={set('region')}
      />,
      <TextField
        key="country"
        label="Countries"
        placeholder="e.g. CH, DE"
        value={draft.country ?? ''}
        onChange={(e) => set('country')(e.target.value)}
      />,
      <SelectFilter
        key="category"
        label="Member category"
        allLabel="All categories"
        value={draft.category ?? ''}
        options={memberCategories.map((category) => ({
          value: category,
          label: memberCategoryLabels[category],
        }))}
        onChange={set('category')}
      />,
    );
  if (support.hasCurrencyFilter)
    fields.push(
      <SelectFilter
        key="currency"
        label="Currency"
        allLabel="All currencies"
        value={draft.currency ?? ''}
        options={invoiceCurrencies.map((currency) => ({ value: currency, label: currency }))}
        onChange={set('currency')}
      />,
    );

  if (fields.length === 0) return null;
  return (
    <form
      onSubmit={submit}
      aria-label="Report filters"
      className="flex flex-wrap items-end gap-3 print:hidden"
    >
      {fields}
      <div className="flex gap-2">
        <Button type="submit">Apply</Button>
        <Button type="button" variant="secondary" onClick={() => onApply({})}>
          Reset
        </Button>
      </div>
    </form>
  );
}
