import type { CompanyField, TFieldChange } from '@ops/contract/change-requests';
import { useIntl } from 'react-intl';
import { isPortalLanguage, languageNames } from '../i18n/languages';
import { useMessages } from '../i18n/message';
import { fieldLabels } from './fields';

/** A field's value as a person reads it: the country and the language by name, none in words. */
export function useShownValue() {
  const t = useMessages();
  const intl = useIntl();
  const regions = new Intl.DisplayNames([intl.locale], { type: 'region' });
  return (field: CompanyField, value: string | null) => {
    if (value === null || value.trim() === '') return t('company.none');
    if (field === 'preferredLanguage' && isPortalLanguage(value)) return languageNames[value];
    if (field === 'countryIso2') {
      try {
        return regions.of(value) ?? value;
      } catch {
        return value; // Not a region code Intl knows: shown as it is.
      }
    }
    return value;
  };
}

/** Field by field, the value before → the value asked (or written); the arrow is read as a word. */
export function ChangeList({ changes }: { changes: TFieldChange[] }) {
  const t = useMessages();
  const shown = useShownValue();
  return (
    <ul className="space-y-1">
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-medium">{t(fieldLabels[change.field])}</span>:{' '}
          {shown(change.field, change.from)} <span aria-hidden="true">→</span>
          <span className="sr-only"> {t('company.change.becomes')}</span>{' '}
          {shown(change.field, change.to)}
        </li>
      ))}
    </ul>
  );
}
