import { TextField } from '@ops/ui/text-field';
import { useId } from 'react';
import { describedByOf, FieldFrame } from '../components/field-frame';
import { useLanguage } from '../i18n/language-provider';
import { useMessages } from '../i18n/message';
import type { MessageId } from '../i18n/messages/en';
import type { FieldDeclaration } from './fields';

const inputTypes = {
  text: 'text',
  year: 'text',
  count: 'text',
  list: 'text',
  email: 'email',
  tel: 'tel',
  url: 'url',
} as const;

type FieldInputProps = {
  field: FieldDeclaration;
  value: string;
  error: MessageId | null;
  countries: { iso2: string; name: string }[];
  onChange: (value: string) => void;
  onBlur: () => void;
};

/**
 * One field of the application form: labelled, its help and its error read with it
 * (aria-describedby), large enough to tap. A country is chosen from the list, named in the
 * person's language.
 */
export function FieldInput({ field, value, error, countries, onChange, onBlur }: FieldInputProps) {
  const t = useMessages();
  const { language } = useLanguage();
  const id = useId();
  const label = field.isRequired ? `${t(field.label)} *` : t(field.label);
  if (field.kind === 'country') {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const choices = countries
      .map((country) => ({ iso2: country.iso2, name: names.of(country.iso2) ?? country.name }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
    return (
      <FieldFrame id={id} label={label} error={error ? t(error) : null}>
        <select
          id={id}
          name={field.key}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(id, { error })}
          className={`min-h-11 rounded-md border bg-white px-3 text-sm ${error ? 'border-red-600' : 'border-slate-300'}`}
        >
          <option value="">{t('field.chooseCountry')}</option>
          {choices.map((country) => (
            <option key={country.iso2} value={country.iso2}>
              {country.name}
            </option>
          ))}
        </select>
      </FieldFrame>
    );
  }
  return (
    <TextField
      label={label}
      name={field.key}
      type={inputTypes[field.kind]}
      inputMode={field.kind === 'year' || field.kind === 'count' ? 'numeric' : undefined}
      autoComplete={field.autoComplete}
      help={field.help ? t(field.help) : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error ? t(error) : null}
      className="[&_input]:min-h-11"
    />
  );
}
