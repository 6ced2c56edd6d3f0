import type { TDirectoryEntry } from '@ops/contract/directory';
import { isApiError } from '@ops/ui/api-client';
import { Button } from '@ops/ui/button';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../config/screens';
import { DirectoryListingCard } from '../directory/listing-card';
import {
  directoryFieldValues,
  directoryServiceValues,
  fieldLabels,
  serviceLabels,
} from '../directory/labels';
import type { MemberMessageId } from '../i18n/member-messages';
import { useMessages } from '../i18n/message';
import { directoryEntryApi } from './api';
import {
  choiceOf,
  entryUpdateOf,
  isSameChoice,
  mergedChoice,
  previewGapsOf,
  previewOf,
  toggled,
  type EntryChoice,
} from './choices';
import { NoticeAlert } from '../components/alert';
import { TitledSection } from '../components/titled-section';

type HiddenBecause = NonNullable<TDirectoryEntry['hiddenBecause']>;

/** Why the public does not see the entry, in words. */
export const hiddenLabels: Record<HiddenBecause, MemberMessageId> = {
  'not-listed': 'directoryEntry.hidden.notListed',
  'not-active': 'directoryEntry.hidden.notActive',
  'hidden-by-staff': 'directoryEntry.hidden.hiddenByStaff',
};

type Notice =
  | 'directoryEntry.conflict'
  | 'directoryEntry.notAllowed'
  | 'directoryEntry.failed'
  | 'directoryEntry.nothingChanged'
  | 'error.network';

/**
 * The member's entry in the public directory (issue 35): whether the public sees it now (and
 * why not, in words), and the preview, the directory's own card, drawn from the choices as they
 * are ticked. Owners and admins choose: listed or not (off until turned on), the fields shown
 * besides the name, the services; Save sends every choice with the version read. An entry
 * changed elsewhere meanwhile (409) is said, with a reload. A staff user reads it, and is told
 * who changes it.
 */
export function DirectoryEntryForm({
  entry,
  onSaved,
  onReload,
}: {
  entry: TDirectoryEntry;
  /** The entry changed (saved, or refused for a role changed meanwhile): read it again. */
  onSaved: () => void;
  /** Read the entry again after a 409: the form then shows it as it is. */
  onReload: () => void;
}) {
  const t = useMessages();
  const id = useId();
  const [seen, setSeen] = useState(entry);
  const [shown, setShown] = useState(entry);
  const [choice, setChoice] = useState<EntryChoice>(() => choiceOf(entry));
  const [isReloading, setIsReloading] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [savedListed, setSavedListed] = useState<boolean | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  // The entry read again (live, after saving, or the reload of a 409): the boxes left as they
  // were follow it, those the person changed keep their choice; a reload shows it as it is.
  if (seen !== entry) {
    setSeen(entry);
    setShown(entry);
    if (isReloading) {
      setIsReloading(false);
      setNotice(null);
      setChoice(choiceOf(entry));
    } else {
      setChoice(mergedChoice(choice, choiceOf(shown), choiceOf(entry)));
    }
  }

  const change = (next: EntryChoice) => {
    setChoice(next);
    setSavedListed(null);
    if (notice === 'directoryEntry.nothingChanged') setNotice(null);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setSavedListed(null);
    if (isSameChoice(choice, choiceOf(shown))) {
      setNotice('directoryEntry.nothingChanged');
      return;
    }
    setIsBusy(true);
    try {
      const saved = await directoryEntryApi.save(entryUpdateOf(choice, shown.version));
      setShown(saved);
      setChoice(choiceOf(saved));
      setSavedListed(saved.listed);
      onSaved();
    } catch (error) {
      if (isVersionConflict(error)) {
        setNotice('directoryEntry.conflict');
      } else if (isApiError(error, 'permission-denied')) {
        setNotice('directoryEntry.notAllowed');
        onSaved(); // The role changed meanwhile: the screen reads it again.
      } else {
        setNotice(isApiError(error) ? 'directoryEntry.failed' : 'error.network');
      }
    } finally {
      setIsBusy(false);
    }
  }

  const status = (
    <p
      className={`rounded-md border p-3 ${
        shown.visible
          ? 'border-emerald-200 bg-emerald-50 text-emerald-950'
          : 'border-amber-200 bg-amber-50'
      }`}
    >
      {shown.canEdit
        ? null
        : `${t('directoryEntry.status', { listed: shown.listed ? 'yes' : 'no' })} `}
      {shown.hiddenBecause ? t(hiddenLabels[shown.hiddenBecause]) : t('directoryEntry.visible')}
    </p>
  );

  return (
    <div className="space-y-4">
      {status}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 md:items-start">
        {shown.canEdit ? (
          <form noValidate onSubmit={(event) => void save(event)} className="min-w-0 space-y-4">
            {notice === 'directoryEntry.conflict' ? (
              <div
                role="alert"
                className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3"
              >
                <p>{t(notice)}</p>
                <Button
                  variant="secondary"
                  className="min-h-11"
                  isBusy={isReloading}
                  onClick={() => {
                    setIsReloading(true);
                    onReload();
                  }}
                >
                  {t('directoryEntry.reload')}
                </Button>
              </div>
            ) : notice ? (
              <NoticeAlert>{t(notice)}</NoticeAlert>
            ) : null}
            <Fieldset legend={t('directoryEntry.listing')}>
              <label className="flex min-h-11 items-center gap-3 font-medium">
                <input
                  type="checkbox"
                  role="switch"
                  name="listed"
                  checked={choice.listed}
                  aria-describedby={`${id}-listed-help`}
                  onChange={(event) => change({ ...choice, listed: event.target.checked })}
                  className="h-6 w-6 shrink-0"
                />
                {t('directoryEntry.listed')}
              </label>
              <p id={`${id}-listed-help`} className="text-xs text-slate-500">
                {t('directoryEntry.listedHelp')}
              </p>
            </Fieldset>
            <Fieldset legend={t('directoryEntry.fields')} help={t('directoryEntry.fieldsHelp')}>
              {directoryFieldValues.map((field) => (
                <Checkbox
                  key={field}
                  name="fields"
                  value={field}
                  label={t(fieldLabels[field])}
                  checked={choice.fields.includes(field)}
                  onChange={(on) =>
                    change({
                      ...choice,
                      fields: toggled(directoryFieldValues, choice.fields, field, on),
                    })
                  }
                />
              ))}
            </Fieldset>
            <Fieldset
              legend={t('directoryEntry.services')}
              help={t('directoryEntry.servicesHelp', {
                services: t(fieldLabels.services),
              })}
            >
              <div className="grid grid-cols-1 sm:grid-cols-2 md:grid-cols-1">
                {directoryServiceValues.map((service) => (
                  <Checkbox
                    key={service}
                    name="services"
                    value={service}
                    label={t(serviceLabels[service])}
                    checked={choice.services.includes(service)}
                    onChange={(on) =>
                      change({
                        ...choice,
                        services: toggled(directoryServiceValues, choice.services, service, on),
                      })
                    }
                  />
                ))}
              </div>
            </Fieldset>
            <p role="status" className={savedListed === null ? 'sr-only' : 'text-emerald-900'}>
              {savedListed === null
                ? ''
                : t('directoryEntry.saved', { listed: savedListed ? 'yes' : 'no' })}
            </p>
            <Button type="submit" isBusy={isBusy} className="min-h-11">
              {t(isBusy ? 'directoryEntry.saving' : 'directoryEntry.save')}
            </Button>
          </form>
        ) : (
          <p className="min-w-0 rounded-md border border-slate-200 bg-white p-3">
            {t('directoryEntry.readOnly')}
          </p>
        )}
        <Preview entry={shown} choice={choice} />
      </div>
    </div>
  );
}

/** The entry as the public directory would show it with the choices ticked, and its gaps. */
function Preview({ entry, choice }: { entry: TDirectoryEntry; choice: EntryChoice }) {
  const t = useMessages();
  const intl = useIntl();
  const id = useId();
  const gaps = previewGapsOf(entry, choice);
  const names = (fields: typeof gaps.missing) =>
    intl.formatList(
      fields.map((field) => t(fieldLabels[field])),
      { type: 'conjunction' },
    );
  return (
    <TitledSection
      id={id}
      title={t('directoryEntry.preview')}
      className="min-w-0 space-y-2 md:sticky md:top-4"
    >
      <p className="text-sm text-slate-700">
        {t('directoryEntry.previewIntro', {
          state: entry.visible && choice.listed ? 'shown' : 'other',
        })}
      </p>
      <DirectoryListingCard listing={previewOf(entry, choice)} headingLevel="h3" />
      {gaps.afterSave.length > 0 ? (
        <p className="text-sm text-slate-700">
          {t('directoryEntry.afterSave', { fields: names(gaps.afterSave) })}
        </p>
      ) : null}
      {gaps.noServices ? (
        <p className="text-sm text-slate-700">
          {t('directoryEntry.noServices', { services: t(fieldLabels.services) })}
        </p>
      ) : null}
      {gaps.missing.length > 0 ? (
        <p className="text-sm text-slate-700">
          {t('directoryEntry.missing', { fields: names(gaps.missing) })}{' '}
          <Link
            to={paths.company.getHref()}
            className="inline-flex min-h-11 items-center text-sky-900 underline"
          >
            {t('directoryEntry.companyLink')}
          </Link>
        </p>
      ) : null}
    </TitledSection>
  );
}

/** A framed fieldset with its legend and, read with it, a line of help. */
function Fieldset({
  legend,
  help,
  children,
}: {
  legend: string;
  help?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      aria-describedby={help ? id : undefined}
      className="min-w-0 space-y-1 rounded-md border border-slate-200 bg-white p-3"
    >
      <legend className="px-1 font-medium">{legend}</legend>
      {help ? (
        <p id={id} className="text-xs text-slate-500">
          {help}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}

function Checkbox({
  name,
  value,
  label,
  checked,
  onChange,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-5 w-5 shrink-0"
      />
      <span className="min-w-0 break-words">{label}</span>
    </label>
  );
}
