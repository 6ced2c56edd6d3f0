import { Button } from '@ops/ui/button';
import { useId, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { describedByOf, FieldFrame } from '../components/field-frame';
import type { DirectoryMessageId } from '../i18n/directory-messages';
import { useMessages } from '../i18n/message';
import { useCountryName } from './country-names';
import { categoryLabels, directoryCategoryValues, regionLabels, regionValues } from './labels';
import { maxWordsLength } from './query';

/** What the form holds: each control's value as it shows it (none chosen: empty). */
export type SearchDraft = Record<'q' | 'country' | 'region' | 'category', string>;

type Choice = { value: string; name: string };

/**
 * The directory's search (issue 35): words of the name, a country, a region, a kind of member;
 * each labelled, one column on a phone. The countries are those of the members the directory
 * shows (`GET /api/directory/countries`, with those found so far): named in the visitor's
 * language.
 */
export function SearchForm({
  draft,
  countries,
  onChange,
  onSubmit,
}: {
  draft: SearchDraft;
  /** ISO codes to offer. */
  countries: readonly string[];
  onChange: (draft: SearchDraft) => void;
  onSubmit: () => void;
}) {
  const t = useMessages();
  const intl = useIntl();
  const countryName = useCountryName();
  const set = (key: keyof SearchDraft) => (value: string) => onChange({ ...draft, [key]: value });
  const labelled = <V extends string>(
    values: readonly V[],
    labels: Record<V, DirectoryMessageId>,
  ) => values.map((value): Choice => ({ value, name: t(labels[value]) }));
  const countryChoices: Choice[] = [...new Set([...countries, draft.country].filter(Boolean))]
    .map((code) => ({ value: code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, intl.locale));
  return (
    <form
      role="search"
      aria-labelledby="directory-search"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      className="space-y-3 rounded-md border border-slate-200 bg-white p-3"
    >
      <h2 id="directory-search" className="text-lg font-semibold">
        {t('directory.searchTitle')}
      </h2>
      <WordsField
        label={t('directory.q')}
        help={t('directory.qHelp')}
        value={draft.q}
        onChange={set('q')}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField
          label={t('directory.country')}
          help={t('directory.countryHelp')}
          name="country"
          value={draft.country}
          anyName={t('directory.anyCountry')}
          options={countryChoices}
          onChange={set('country')}
        />
        <SelectField
          label={t('directory.region')}
          name="region"
          value={draft.region}
          anyName={t('directory.anyRegion')}
          options={labelled(regionValues, regionLabels)}
          onChange={set('region')}
        />
        <SelectField
          label={t('directory.category')}
          name="category"
          value={draft.category}
          anyName={t('directory.anyCategory')}
          options={labelled(directoryCategoryValues, categoryLabels)}
          onChange={set('category')}
        />
      </div>
      <Button type="submit" className="min-h-11 w-full sm:w-auto">
        {t('directory.submit')}
      </Button>
    </form>
  );
}

/**
 * The words of the name: a labelled search input, its help read with it. Its own, not the shared
 * `TextField`, which the sign-in form's chunk carries: the first screen keeps its weight.
 */
function WordsField({
  label,
  help,
  value,
  onChange,
}: {
  label: string;
  help: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} help={help}>
      <input
        id={id}
        type="search"
        name="q"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={maxWordsLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-help`}
        className="min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600"
      />
    </FieldFrame>
  );
}

/**
 * A labelled select, its help under it and read with it (aria-describedby); its first choice,
 * `anyName`, is none (the empty value: any country, region or kind).
 */
function SelectField({
  label,
  help,
  name,
  value,
  anyName,
  options,
  onChange,
}: {
  label: string;
  help?: string;
  name: string;
  value: string;
  anyName: string;
  options: Choice[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    // The help under the select, not under the label: the frame's own help slot stays empty.
    <FieldFrame id={id} label={label} className="flex min-w-0 flex-col gap-1">
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedByOf(id, { help })}
        className="min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base"
      >
        <option value="">{anyName}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.name}
          </option>
        ))}
      </select>
      {help ? (
        <p id={`${id}-help`} className="text-xs text-slate-500">
          {help}
        </p>
      ) : null}
    </FieldFrame>
  );
}
