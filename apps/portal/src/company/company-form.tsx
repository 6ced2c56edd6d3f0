import type {
  CompanyField,
  TChangeRequestCreated,
  TFieldChange,
  TPortalChangeRequest,
  TPortalCompany,
} from '@ops/contract/change-requests';
import { isApiError } from '@ops/ui/api-client';
import { Button } from '@ops/ui/button';
import { TextField } from '@ops/ui/text-field';
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { describedByOf, FieldFrame } from '../components/field-frame';
import { languageNames, portalLanguages } from '../i18n/languages';
import {
  documentAccept,
  fileInputClass,
  fileProblemOf,
  uploadable,
  UploadProgressBar,
  type Upload,
} from '../applications/file-upload';
import { useMessages } from '../i18n/message';
import type { MessageId } from '../i18n/messages/en';
import { companyApi } from './api';
import { ChangeList, useShownValue } from './change-list';
import { uploadErrorOf } from './document-upload';
import {
  autoCompletes,
  changeRequestOf,
  fieldGroups,
  fieldLabels,
  fieldOfIssue,
  inputTypes,
  maxNoteLength,
  mergedText,
  noteProblemOf,
  problemOf,
  problemOfServerIssue,
  problemsOf,
  textOf,
  type CompanyMessageId,
  type CompanyText,
} from './fields';
import { ErrorAlert, NoticeAlert } from '../components/alert';

type Country = { iso2: string; name: string };
type FormKey = CompanyField | 'note' | 'document';
type FormProblem = { id: MessageId | CompanyMessageId; values?: Record<string, string | number> };
type Errors = Partial<Record<FormKey, FormProblem>>;

/** The form's controls in the order they show: the first with a problem takes the focus. */
const formOrder: FormKey[] = [...fieldGroups.flatMap((group) => group.fields), 'note', 'document'];

type DocumentOutcome =
  | { fileName: string; state: 'attached' | 'not-needed' }
  | { fileName: string; state: 'failed'; error: MessageId | CompanyMessageId };

/** What saving did: the fields changed at once, what waits for staff, the document's fate. */
type SaveOutcome = {
  applied: TFieldChange[];
  request: TPortalChangeRequest | null;
  document: DocumentOutcome | null;
};

/**
 * The company data's edit form, for owners and admins (issue 35): every field labelled, its hint
 * saying whether a change is made at once or checked by staff first (the federation's setting),
 * an optional note and document for staff. Only the fields changed are sent, each checked first
 * with the contract's rule for it; problems are announced naming the fields, and the focus goes
 * to the first. The document is uploaded right after the request it backs is made. After saving,
 * what changed at once and what waits for staff are announced. Data changed underneath (live)
 * shows in every field the person has not typed in.
 */
export function CompanyForm({
  company,
  countries,
  onSaved,
}: {
  company: TPortalCompany;
  countries: Country[];
  /** The company data or its requests changed (saved, or refused for a role changed meanwhile). */
  onSaved: () => void;
}) {
  const t = useMessages();
  const intl = useIntl();
  const shownValue = useShownValue();
  const id = useId();
  const [seen, setSeen] = useState(company);
  const [shown, setShown] = useState(company);
  const [text, setText] = useState<CompanyText>(() => textOf(company.values));
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<MessageId | CompanyMessageId | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const outcomeRef = useRef<HTMLElement>(null);

  // The company data read again (the live events, or after saving): the fields left untouched
  // follow it, the ones typed in keep what was typed.
  if (seen !== company) {
    setSeen(company);
    setShown(company);
    setText(mergedText(text, shown.values, company.values));
  }

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  /** Shows the problems found; the first control with one takes the focus. True when any. */
  function showProblems(found: Errors): boolean {
    setErrors(found);
    const first = formOrder.find((key) => found[key]);
    if (first) {
      requestAnimationFrame(() => {
        // Each control is named by its key (the field, `note`, `document`).
        const control = formRef.current?.elements.namedItem(first);
        if (control instanceof HTMLElement) control.focus();
      });
    }
    return first !== undefined;
  }

  const isEdited = (field: CompanyField, value: string) =>
    value.trim() !== (shown.values[field] ?? '').trim();

  function setField(field: CompanyField, value: string) {
    setText((current) => ({ ...current, [field]: value }));
    if (errors[field]) {
      const problem = isEdited(field, value) ? problemOf(field, value) : null;
      setErrors(({ [field]: _gone, ...rest }) => (problem ? { ...rest, [field]: problem } : rest));
    }
  }

  function checkOnLeave(field: CompanyField) {
    const value = text[field];
    const problem = isEdited(field, value) ? problemOf(field, value) : null;
    setErrors(({ [field]: _gone, ...rest }) => (problem ? { ...rest, [field]: problem } : rest));
  }

  function chooseFile(chosen: File | null) {
    setFile(chosen);
    const problem = chosen ? fileProblemOf(chosen) : null;
    setErrors(({ document: _gone, ...rest }) =>
      problem && chosen
        ? { ...rest, document: { id: problem, values: { fileName: chosen.name } } }
        : rest,
    );
  }

  /** The server's refusal: the fields it names, else a notice. */
  function refused(error: unknown) {
    if (!isApiError(error)) {
      setNotice('error.network');
      return;
    }
    if (error.code === 'permission-denied') {
      setNotice('company.error.notAllowed');
      onSaved(); // The role changed meanwhile: the screen reads it again.
      return;
    }
    const found: Errors = {};
    for (const issue of error.issues ?? []) {
      const key = fieldOfIssue(issue.path);
      if (key) {
        found[key] = problemOfServerIssue(key, issue.rule, key === 'note' ? note : text[key]);
      }
    }
    if (showProblems(found)) return;
    const isUnchanged = error.issues?.some((issue) => issue.rule === 'unchanged');
    setNotice(isUnchanged ? 'company.error.nothingChanged' : 'company.error.failed');
  }

  async function attach(request: TPortalChangeRequest | null, chosen: File) {
    const fileName = chosen.name;
    if (!request) return { fileName, state: 'not-needed' } as const;
    setUpload({ fileName, loaded: 0, total: chosen.size });
    try {
      await companyApi.attachDocument(request.id, uploadable(chosen), {
        onProgress: (progress) => setUpload({ fileName, ...progress }),
      });
      return { fileName, state: 'attached' } as const;
    } catch (failure) {
      return { fileName, state: 'failed', error: uploadErrorOf(failure) } as const;
    } finally {
      setUpload(null);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setOutcome(null);
    const found: Errors = problemsOf(shown.values, text);
    const noteProblem = noteProblemOf(note);
    if (noteProblem) found.note = noteProblem;
    const fileProblem = file ? fileProblemOf(file) : null;
    if (file && fileProblem) found.document = { id: fileProblem, values: { fileName: file.name } };
    if (showProblems(found)) return;
    const request = changeRequestOf(shown.values, text, note);
    if (Object.keys(request.changes).length === 0) {
      setNotice('company.error.nothingChanged');
      return;
    }
    setIsBusy(true);
    let created: TChangeRequestCreated;
    try {
      created = await companyApi.requestChange(request);
    } catch (error) {
      refused(error);
      setIsBusy(false);
      return;
    }
    const document = file ? await attach(created.request, file) : null;
    setIsBusy(false);
    setShown(created.company);
    setText(textOf(created.company.values));
    setNote('');
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
    setOutcome({ applied: created.applied, request: created.request, document });
    onSaved();
  }

  const direct = new Set(shown.directFields);
  const asked = new Map(
    shown.pending
      .filter((request) => request.kind === 'company-data')
      .flatMap((request) => request.changes.map((change) => [change.field, change.to] as const)),
  );
  const hintOf = (field: CompanyField) => {
    const hint = t(direct.has(field) ? 'company.hint.direct' : 'company.hint.reviewed');
    if (!asked.has(field)) return hint;
    const value = shownValue(field, asked.get(field) ?? null);
    return `${hint} · ${t('company.hint.pending', { value })}`;
  };
  const errorOf = (key: FormKey) => {
    const problem = errors[key];
    return problem ? t(problem.id, problem.values) : null;
  };
  const labelOf = (key: FormKey) =>
    key === 'note'
      ? t('company.note')
      : key === 'document'
        ? t('company.document')
        : t(fieldLabels[key]);
  const errorKeys = formOrder.filter((key) => errors[key]);

  const countryChoices = (() => {
    const names = new Intl.DisplayNames([intl.locale], { type: 'region' });
    const choices = countries.map((country) => ({
      value: country.iso2,
      name: names.of(country.iso2) ?? country.name,
    }));
    // The member's country stays choosable while the list loads, or if it left the list.
    const current = shown.values.countryIso2;
    if (current && !choices.some((choice) => choice.value === current)) {
      choices.push({ value: current, name: shownValue('countryIso2', current) });
    }
    choices.sort((a, b) => a.name.localeCompare(b.name, intl.locale));
    return [{ value: '', name: t('field.chooseCountry') }, ...choices];
  })();
  const languageChoices = portalLanguages.map((code) => ({
    value: code,
    name: languageNames[code],
    lang: code,
  }));

  const renderField = (field: CompanyField) => {
    const common = {
      label: t(fieldLabels[field]),
      name: field,
      value: text[field],
      error: errorOf(field),
      onBlur: () => checkOnLeave(field),
    };
    if (field === 'countryIso2' || field === 'preferredLanguage') {
      return (
        <SelectField
          key={field}
          {...common}
          hint={hintOf(field)}
          options={field === 'countryIso2' ? countryChoices : languageChoices}
          onChange={(value) => setField(field, value)}
        />
      );
    }
    return (
      <TextField
        key={field}
        {...common}
        type={inputTypes[field] ?? 'text'}
        autoComplete={autoCompletes[field] ?? 'off'}
        aria-required={field === 'legalName' ? true : undefined}
        help={hintOf(field)}
        onChange={(event) => setField(field, event.target.value)}
        className="[&_input]:min-h-11"
      />
    );
  };

  const noteId = `${id}-note`;
  const documentId = `${id}-document`;
  return (
    <div className="space-y-4">
      {outcome ? <Outcome outcome={outcome} outcomeRef={outcomeRef} /> : null}
      {notice ? <NoticeAlert>{t(notice)}</NoticeAlert> : null}
      {errorKeys.length > 0 ? (
        <ErrorAlert>
          {t('company.errors', {
            count: errorKeys.length,
            fields: intl.formatList(errorKeys.map(labelOf), { type: 'conjunction' }),
          })}
        </ErrorAlert>
      ) : null}
      <form ref={formRef} noValidate onSubmit={(event) => void save(event)} className="space-y-4">
        {fieldGroups.map((group) => (
          <fieldset
            key={group.legend}
            className="min-w-0 space-y-3 rounded-md border border-slate-200 bg-white p-3"
          >
            <legend className="px-1 font-medium">{t(group.legend)}</legend>
            {group.fields.map(renderField)}
          </fieldset>
        ))}
        <div className="min-w-0 space-y-3 rounded-md border border-slate-200 bg-white p-3">
          <LongTextField
            id={noteId}
            label={t('company.note')}
            help={t('company.noteHelp', { max: maxNoteLength })}
            value={note}
            error={errorOf('note')}
            onChange={(value) => {
              setNote(value);
              if (errors.note) {
                const problem = noteProblemOf(value);
                setErrors(({ note: _gone, ...rest }) =>
                  problem ? { ...rest, note: problem } : rest,
                );
              }
            }}
          />
          <FieldFrame
            id={documentId}
            label={t('company.document')}
            help={t('company.documentHelp')}
            error={errorOf('document')}
          >
            <input
              ref={fileInput}
              id={documentId}
              name="document"
              type="file"
              accept={documentAccept}
              disabled={upload !== null}
              aria-invalid={errors.document ? true : undefined}
              aria-describedby={describedByOf(documentId, {
                help: t('company.documentHelp'),
                error: errors.document,
              })}
              className={fileInputClass}
              onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
            />
          </FieldFrame>
          {upload ? <UploadProgressBar id={`${documentId}-progress`} upload={upload} /> : null}
        </div>
        <Button type="submit" isBusy={isBusy} className="min-h-11">
          {t(isBusy ? 'company.saving' : 'company.save')}
        </Button>
      </form>
    </div>
  );
}

/** What saving did, announced and focused: at once, waiting for staff, the document. */
function Outcome({ outcome, outcomeRef }: { outcome: SaveOutcome; outcomeRef: Ref<HTMLElement> }) {
  const t = useMessages();
  const id = useId();
  const { applied, request, document } = outcome;
  return (
    <section
      ref={outcomeRef}
      tabIndex={-1}
      role="status"
      aria-labelledby={id}
      className="space-y-2 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-950"
    >
      <h2 id={id} className="font-semibold">
        {t('company.result.title')}
      </h2>
      {applied.length > 0 ? (
        <>
          <p className="font-medium">{t('company.result.applied')}</p>
          <ChangeList changes={applied} />
        </>
      ) : null}
      {request && request.changes.length > 0 ? (
        <>
          <p className="font-medium">{t('company.result.waiting')}</p>
          <ChangeList changes={request.changes} />
        </>
      ) : null}
      {document?.state === 'attached' ? (
        <p>{t('company.result.attached', { fileName: document.fileName })}</p>
      ) : null}
      {document?.state === 'not-needed' ? (
        <p>{t('company.result.notNeeded', { fileName: document.fileName })}</p>
      ) : null}
      {document?.state === 'failed' ? (
        <p className="font-medium text-red-800">
          {t(document.error, { fileName: document.fileName })} {t('company.result.notAttached')}
        </p>
      ) : null}
    </section>
  );
}

type Choice = { value: string; name: string; lang?: string };

/** A labelled select with its hint and its error, both read with it (aria-describedby). */
function SelectField({
  label,
  name,
  value,
  hint,
  error,
  options,
  onChange,
  onBlur,
}: {
  label: string;
  name: string;
  value: string;
  hint: string;
  error: string | null;
  options: Choice[];
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} help={hint} error={error}>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, { help: hint, error })}
        className={`min-h-11 w-full min-w-0 rounded-md border bg-white px-3 text-sm ${error ? 'border-red-600' : 'border-slate-300'}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A labelled text area with its help and its error (the note for staff). */
export function LongTextField({
  id,
  label,
  help,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  help: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <FieldFrame id={id} label={label} help={help} error={error}>
      <textarea
        id={id}
        name="note"
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, { help, error })}
        className={[
          'min-h-24 w-full max-w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600',
          error ? 'border-red-600' : 'border-slate-300',
        ].join(' ')}
      />
    </FieldFrame>
  );
}
