import {
  emailTemplateKinds,
  type EmailTemplateKind,
  type EmailTemplateRecordType,
  type TEmailTemplate,
  type TEmailTemplateKindSummary,
  type TEmailTemplatePreviewRequest,
} from '@ops/contract/email-templates';
import { languageLabels, languages, type Language } from '@ops/contract/enumerations';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type Ref } from 'react';
import { useSearchParams } from 'react-router';
import { Button, focusRing } from '@ops/ui/button';
import { ConflictNotice, formatDateTime, isVersionConflict } from '@/components/detail';
import { isApiError } from '@ops/ui/api-client';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import {
  emailTemplatePreviewPageUrl,
  useEmailTemplate,
  useEmailTemplateHistory,
  useEmailTemplatePreview,
  useEmailTemplates,
  useRevertEmailTemplate,
  useSaveEmailTemplate,
  useSendTestEmail,
} from '../api/email-templates';
import { FailureText, SuccessNote } from '@/components/success-note';

type Part = 'subject' | 'text' | 'html';
/** The wording being edited; `textSeparate` false: the plain text is made from the HTML. */
type Draft = Record<Part, string> & { textSeparate: boolean };

const recordPrompts: Record<EmailTemplateRecordType, string> = {
  application: 'Application number or id',
  invoice: 'Invoice number or id',
  'credit-note': 'Credit note number or id',
  certificate: 'Certificate number or id',
  member: 'Member number or id',
};

/** How long typing pauses before the preview renders the draft again. */
const previewDelayMs = 400;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** What the server renders for a draft: its text only when it is written separately. */
function previewRequestOf(draft: Draft, recordId: string): TEmailTemplatePreviewRequest {
  const trimmed = recordId.trim();
  return {
    subject: draft.subject,
    html: draft.html,
    textSeparate: draft.textSeparate,
    ...(draft.textSeparate ? { text: draft.text } : {}),
    recordId: trimmed === '' ? null : trimmed,
  };
}

/** The message of a refused part (`body.subject`…), from a save's or a preview's 400. */
function partErrors(error: unknown): Partial<Record<Part | 'recordId', string>> {
  if (!isApiError(error) || !error.issues) return {};
  const found: Partial<Record<Part | 'recordId', string>> = {};
  for (const issue of error.issues) {
    const part = issue.path.replace(/^body\./, '') as Part | 'recordId';
    found[part] ??= issue.message;
  }
  return found;
}

function StatusBadge({ customised }: { customised: boolean }) {
  return (
    <span
      className={[
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
        customised ? 'bg-amber-50 text-amber-800' : 'bg-slate-100 text-slate-600',
      ].join(' ')}
    >
      {customised ? 'Customised' : 'Default'}
    </span>
  );
}

/** The kinds, each with its four languages and whether operators changed them. */
function KindList({
  kinds,
  selected,
  onSelect,
}: {
  kinds: TEmailTemplateKindSummary[];
  selected: { kind: EmailTemplateKind; language: Language } | null;
  onSelect: (kind: EmailTemplateKind, language: Language) => void;
}) {
  return (
    <table className="w-full text-sm" aria-label="E-mail templates">
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-600">
          <th className="py-1 pr-3 font-medium">E-mail</th>
          {languages.map((language) => (
            <th key={language} className="py-1 pr-3 font-medium">
              {languageLabels[language]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {kinds.map((kind) => (
          <tr key={kind.kind} className="border-b border-slate-100 align-top">
            <th scope="row" className="py-2 pr-3 text-left font-medium">
              {kind.label}
              <span className="block text-xs font-normal text-slate-500">{kind.description}</span>
            </th>
            {kind.languages.map((entry) => {
              const isSelected =
                selected?.kind === kind.kind && selected.language === entry.language;
              return (
                <td key={entry.language} className="py-2 pr-3">
                  <button
                    type="button"
                    aria-label={`${kind.label} in ${languageLabels[entry.language]}`}
                    aria-current={isSelected ? 'true' : undefined}
                    onClick={() => onSelect(kind.kind, entry.language)}
                    className={[
                      'flex flex-col items-start gap-1 rounded-md border px-2 py-1 text-left',
                      focusRing,
                      isSelected
                        ? 'border-sky-600 bg-sky-50'
                        : 'border-slate-200 hover:border-slate-400',
                    ].join(' ')}
                  >
                    <span className="font-mono text-xs uppercase">{entry.language}</span>
                    <StatusBadge customised={entry.customised} />
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SourceField({
  label,
  value,
  onChange,
  error,
  readOnly,
  rows,
  hint,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  readOnly: boolean;
  rows: number;
  /** A line under the field saying what it holds (read with the field). */
  hint?: string;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        ref={inputRef}
        id={id}
        value={value}
        rows={rows}
        readOnly={readOnly}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
        className={[
          'rounded-md border bg-white px-3 py-2 font-mono text-xs text-slate-900 read-only:bg-slate-50',
          focusRing,
          error ? 'border-red-600' : 'border-slate-300',
        ].join(' ')}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Variables({ template }: { template: TEmailTemplate }) {
  return (
    <aside aria-label="Variables" className="flex flex-col gap-2 text-sm">
      <h3 className="font-semibold text-slate-800">Variables</h3>
      <p className="text-xs text-slate-500">
        Liquid: {'{{ invoice.number }}'}, {'{% if bankAccount %}…{% endif %}'}. Values are escaped
        in the HTML. Files, includes and unknown variables are refused.
      </p>
      <dl className="flex flex-col gap-2">
        {template.variables.map((variable) => (
          <div key={variable.name}>
            <dt className="font-mono text-xs text-sky-900">{`{{ ${variable.name} }}`}</dt>
            <dd className="text-xs text-slate-600">
              {variable.description}
              {variable.example ? (
                <span className="block truncate text-slate-500" title={variable.example}>
                  e.g. {variable.example}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

function History({
  template,
  onOpen,
}: {
  template: TEmailTemplate;
  onOpen: (draft: Draft) => void;
}) {
  const history = useEmailTemplateHistory(template.kind, template.language, true);
  if (history.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (history.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {getErrorMessage(history.error)}
      </p>
    );
  }
  if (history.data.length === 0) {
    return <p className="text-sm text-slate-600">Never changed: this is the default wording.</p>;
  }
  return (
    <ol aria-label="History" className="flex flex-col gap-1 text-sm">
      {history.data.map((entry) => (
        <li
          key={entry.id}
          className="flex items-center justify-between gap-3 border-b border-slate-100 py-1"
        >
          <span>
            {formatDateTime(entry.at)} · {entry.actor ?? 'system'} ·{' '}
            {entry.action === 'revert'
              ? 'reverted to the default'
              : `saved version ${entry.version}`}
          </span>
          <Button
            variant="secondary"
            onClick={() =>
              onOpen({
                subject: entry.subject,
                text: entry.text,
                html: entry.html,
                textSeparate: entry.textSeparate,
              })
            }
          >
            Open in editor
          </Button>
        </li>
      ))}
    </ol>
  );
}

/**
 * The draft's HTML as members will receive it (issue 32). A frame the console writes itself
 * (`srcdoc`) inherits the console's Content-Security-Policy, which refuses inline styles, and
 * a policy can only be tightened from inside: so the frame is a page of its own. The draft is
 * posted into it as a form (the console's policy allows forms and frames to its own origin),
 * and the server answers with the rendered HTML under the policy e-mails are shown with
 * (inline styles, data: images, nothing else). `sandbox=""`: no script, no same-origin access,
 * no form, no navigation of its own. Each draft gets a new frame, whose first page replaces its
 * empty one, so previews never pile up in the tab's history.
 */
function DeliveredHtml({ action, request }: { action: string; request: string }) {
  const frameName = `email-preview-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const formRef = useRef<HTMLFormElement>(null);
  const fields = useMemo(() => {
    const draft = JSON.parse(request) as TEmailTemplatePreviewRequest;
    return {
      subject: draft.subject,
      html: draft.html,
      textSeparate: String(draft.textSeparate ?? false),
      ...(draft.textSeparate ? { text: draft.text ?? '' } : {}),
      recordId: draft.recordId ?? '',
    };
  }, [request]);
  useEffect(() => {
    formRef.current?.submit();
  }, [fields]);
  return (
    <>
      <form ref={formRef} method="post" action={action} target={frameName} hidden>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      </form>
      <iframe
        key={request}
        name={frameName}
        title="HTML preview"
        sandbox=""
        referrerPolicy="no-referrer"
        className="h-[28rem] w-full rounded-md border border-slate-200 bg-white"
      />
    </>
  );
}

/** What a failed action says beside it: the server's message (a refused part names itself). */
function ActionError({ id, prefix, error }: { id: string; prefix: string; error: unknown }) {
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {prefix} {getErrorMessage(error)}
    </p>
  );
}

/** The editor of one kind in one language: source, variables, live preview and actions. */
function Editor({
  template,
  canEdit,
  message,
  setMessage,
  focusOnOpen,
  onFocused,
}: {
  template: TEmailTemplate;
  canEdit: boolean;
  /** Kept by the parent: a save or revert starts the editor again, and its message stays. */
  message: string | null;
  setMessage: (message: string | null) => void;
  /** Opened by choosing it in the list: bring it into view with the focus on its first field. */
  focusOnOpen: boolean;
  onFocused: () => void;
}) {
  const [draft, setDraft] = useState<Draft>({
    subject: template.subject,
    text: template.text,
    html: template.html,
    textSeparate: template.textSeparate,
  });
  const [recordId, setRecordId] = useState('');
  const [showHistory, setShowHistory] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  const subjectRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const saveErrorId = `${ids}-save-error`;
  const revertErrorId = `${ids}-revert-error`;
  const testErrorId = `${ids}-test-error`;

  // The list is long: the editor opens below it, out of sight (issue 32). Choosing a language
  // brings the editor to the top of the window and puts the focus in its subject.
  useEffect(() => {
    if (!focusOnOpen) return;
    sectionRef.current?.scrollIntoView({ block: 'start' });
    subjectRef.current?.focus({ preventScroll: true });
    onFocused();
  }, [focusOnOpen, onFocused]);

  // Debounced as a string: the same draft is the same request (no render loop, no refetch).
  const requestJson = useDebounced(
    JSON.stringify(previewRequestOf(draft, recordId)),
    previewDelayMs,
  );
  const request = useMemo(
    () => JSON.parse(requestJson) as TEmailTemplatePreviewRequest,
    [requestJson],
  );
  const preview = useEmailTemplatePreview(template.kind, template.language, request, canEdit);
  // The frame shows the last draft the server rendered without refusing it.
  const [frameRequest, setFrameRequest] = useState<string | null>(null);
  if (preview.isSuccess && !preview.isPlaceholderData && frameRequest !== requestJson) {
    setFrameRequest(requestJson);
  }
  const save = useSaveEmailTemplate(template.kind, template.language);
  const revert = useRevertEmailTemplate(template.kind, template.language);
  const test = useSendTestEmail(template.kind, template.language);
  const saveErrors = partErrors(save.error);
  const previewErrors = partErrors(preview.error);
  const errorOf = (part: Part) => saveErrors[part] ?? previewErrors[part];
  const set = (part: Part) => (value: string) => {
    setDraft((current) => ({ ...current, [part]: value }));
    setMessage(null);
    if (save.error) save.reset();
  };
  const setTextSeparate = (textSeparate: boolean) => {
    setDraft((current) => ({
      ...current,
      textSeparate,
      // Written out from the default's text when there is none to start from.
      text: textSeparate && current.text.trim() === '' ? template.defaults.text : current.text,
    }));
    setMessage(null);
    if (save.error) save.reset();
  };
  const changed =
    draft.subject !== template.subject ||
    draft.html !== template.html ||
    draft.textSeparate !== template.textSeparate ||
    (draft.textSeparate && draft.text !== template.text);
  const saveConflict = save.error && isVersionConflict(save.error) ? save.error : null;

  return (
    <section
      ref={sectionRef}
      aria-labelledby="email-template-editor"
      className="flex scroll-mt-16 flex-col gap-4 rounded-lg border border-slate-200 p-4 md:scroll-mt-4"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 id="email-template-editor" className="text-base font-semibold">
          {template.label} — {languageLabels[template.language]}
        </h3>
        <StatusBadge customised={template.customised} />
        {template.customised && template.updatedAt ? (
          <span className="text-xs text-slate-500">
            Version {template.version}, saved {formatDateTime(template.updatedAt)}
            {template.updatedBy ? ` by ${template.updatedBy}` : ''}
          </span>
        ) : null}
      </header>
      <p className="text-sm text-slate-600">{template.description}</p>
      {template.lastFallback ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          On {formatDateTime(template.lastFallback.at)} this wording could not be used for an
          e-mail, and the default wording was sent instead: {template.lastFallback.reason} Saving
          the template again clears this note.
        </p>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="flex flex-col gap-3">
          <SourceField
            label="Subject"
            rows={2}
            value={draft.subject}
            onChange={set('subject')}
            error={errorOf('subject')}
            readOnly={!canEdit}
            inputRef={subjectRef}
          />
          <SourceField
            label="HTML"
            rows={12}
            value={draft.html}
            onChange={set('html')}
            error={errorOf('html')}
            readOnly={!canEdit}
          />
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={draft.textSeparate}
              disabled={!canEdit}
              onChange={(event) => setTextSeparate(event.target.checked)}
              className={`size-4 rounded border-slate-300 ${focusRing}`}
            />
            Edit the plain text separately
          </label>
          <SourceField
            label="Plain text"
            rows={12}
            value={draft.textSeparate ? draft.text : (preview.data?.text ?? '')}
            onChange={set('text')}
            error={draft.textSeparate ? errorOf('text') : undefined}
            readOnly={!canEdit || !draft.textSeparate}
            hint={
              draft.textSeparate
                ? 'Written separately: keep it in step with the HTML.'
                : !canEdit
                  ? // The preview renders for those who edit templates only.
                    'Made from the HTML when each e-mail is sent.'
                  : `Made from the HTML when each e-mail is sent; shown here for ${
                      preview.data?.source === 'record' && preview.data.recordLabel
                        ? preview.data.recordLabel
                        : 'the example'
                    }.`
            }
          />
        </div>
        <Variables template={template} />
      </div>

      {canEdit ? (
        <div role="group" aria-label="Template actions" className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Button
              isBusy={save.isPending}
              aria-describedby={save.error ? saveErrorId : undefined}
              onClick={() => {
                setMessage(null);
                // Not mutate's own onSuccess: the saved version remounts this editor (its key),
                // often before that callback would run, and TanStack Query skips the callbacks
                // of an unmounted caller. The promise settles anyway; the message is the parent's.
                save
                  .mutateAsync({
                    subject: draft.subject,
                    html: draft.html,
                    textSeparate: draft.textSeparate,
                    ...(draft.textSeparate ? { text: draft.text } : {}),
                    version: template.version,
                  })
                  .then((result) => setMessage(result.message))
                  .catch(() => undefined);
              }}
            >
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
            <Button
              variant="secondary"
              isBusy={revert.isPending}
              aria-disabled={!template.customised || undefined}
              aria-describedby={revert.error ? revertErrorId : undefined}
              onClick={() => {
                if (!template.customised) return;
                setMessage(null);
                revert
                  .mutateAsync(undefined)
                  .then((result) => setMessage(result.message))
                  .catch(() => undefined);
              }}
            >
              {revert.isPending ? 'Reverting…' : 'Revert to default'}
            </Button>
            <Button
              variant="secondary"
              isBusy={test.isPending}
              aria-describedby={test.error ? testErrorId : undefined}
              onClick={() => {
                setMessage(null);
                test.mutate(request, { onSuccess: (result) => setMessage(result.message) });
              }}
            >
              {test.isPending ? 'Sending…' : 'Send me a test'}
            </Button>
            <Button variant="secondary" onClick={() => setShowHistory((shown) => !shown)}>
              {showHistory ? 'Hide history' : 'History'}
            </Button>
            {changed ? <span className="text-xs text-slate-500">Unsaved changes</span> : null}
          </div>
          {/* Beside the buttons, not at the top of the screen (issue 32): what failed, and a
              refused part also on its field. */}
          {saveConflict ? (
            <div id={saveErrorId}>
              <ConflictNotice message={saveConflict.message} onReload={() => save.reset()} />
            </div>
          ) : save.error ? (
            <ActionError id={saveErrorId} prefix="Not saved:" error={save.error} />
          ) : null}
          {revert.error ? (
            <ActionError id={revertErrorId} prefix="Not reverted:" error={revert.error} />
          ) : null}
          {test.error ? (
            <ActionError id={testErrorId} prefix="No test sent:" error={test.error} />
          ) : null}
          {message ? <SuccessNote>{message}</SuccessNote> : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          Your roles let you read the templates; admin, finance and membership operators edit them.
        </p>
      )}

      {showHistory ? (
        <section aria-label="Template history" className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold text-slate-800">History</h4>
          <p className="text-xs text-slate-500">
            Every save and revert, from the audit trail. Open a version in the editor, then save it
            to bring it back.
          </p>
          <History template={template} onOpen={(version) => setDraft(version)} />
        </section>
      ) : null}

      {canEdit ? (
        <section aria-label="Preview" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-end gap-3">
            <h4 className="text-sm font-semibold text-slate-800">Preview</h4>
            {template.recordType ? (
              <label className="flex flex-col gap-1 text-xs text-slate-600">
                {recordPrompts[template.recordType]} (empty: the example)
                <input
                  value={recordId}
                  onChange={(event) => setRecordId(event.target.value)}
                  aria-invalid={previewErrors.recordId ? true : undefined}
                  className={`w-64 rounded-md border border-slate-300 px-2 py-1 text-sm ${focusRing}`}
                />
              </label>
            ) : null}
            <span className="text-xs text-slate-500" aria-live="polite">
              {preview.isFetching
                ? 'Rendering…'
                : preview.data
                  ? preview.data.source === 'record'
                    ? `Rendered for ${preview.data.recordLabel}`
                    : 'Rendered with the example variables'
                  : ''}
            </span>
          </div>
          {previewErrors.recordId ? <FailureText>{previewErrors.recordId}</FailureText> : null}
          {preview.data ? (
            <>
              <p className="text-sm">
                <span className="text-slate-500">Subject: </span>
                <span data-testid="preview-subject">{preview.data.subject}</span>
              </p>
              <div className="grid gap-3 lg:grid-cols-2">
                <pre
                  aria-label="Plain-text preview"
                  // Scrollable: reachable by keyboard to scroll a long e-mail.
                  tabIndex={0}
                  className={`max-h-[28rem] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap text-slate-800 ${focusRing}`}
                >
                  {preview.data.text}
                </pre>
                {frameRequest ? (
                  <DeliveredHtml
                    action={emailTemplatePreviewPageUrl(template.kind, template.language)}
                    request={frameRequest}
                  />
                ) : null}
              </div>
            </>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}

function SelectedTemplate({
  kind,
  language,
  canEdit,
  focusOnOpen,
  onFocused,
}: {
  kind: EmailTemplateKind;
  language: Language;
  canEdit: boolean;
  focusOnOpen: boolean;
  onFocused: () => void;
}) {
  const template = useEmailTemplate(kind, language);
  const [message, setMessage] = useState<string | null>(null);
  if (template.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (template.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {getErrorMessage(template.error)}
      </p>
    );
  }
  // A save or a revert gives a new version: the editor starts again from what is stored.
  return (
    <Editor
      key={`${kind}:${language}:${template.data.version ?? 'default'}:${template.data.updatedAt ?? ''}`}
      template={template.data}
      canEdit={canEdit}
      message={message}
      setMessage={setMessage}
      focusOnOpen={focusOnOpen}
      onFocused={onFocused}
    />
  );
}

const isKind = (value: string | null): value is EmailTemplateKind =>
  (emailTemplateKinds as readonly (string | null)[]).includes(value);
const isLanguage = (value: string | null): value is Language =>
  (languages as readonly (string | null)[]).includes(value);

/**
 * /settings/email-templates (issue 17): every e-mail the console sends, in English, French,
 * German and Spanish, each customised or the default; the editor with its variables, a live
 * preview (against the example or a real record), save, revert, a test to oneself and history.
 */
export function EmailTemplatesRoute() {
  const templates = useEmailTemplates();
  const canEdit = useCan('email-templates.edit');
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind');
  const language = params.get('language');
  const selected = isKind(kind) && isLanguage(language) ? { kind, language } : null;
  // Set by a choice in the list and cleared once the editor took the focus: a deep link, or
  // the editor opening again after a save, leaves the focus where it is.
  const [focusRequest, setFocusRequest] = useState<string | null>(null);
  const focusDone = useCallback(() => setFocusRequest(null), []);

  if (templates.isPending) return <p className="pt-4 text-sm text-slate-600">Loading…</p>;
  if (templates.isError) {
    return (
      <p role="alert" className="pt-4 text-sm text-red-700">
        {getErrorMessage(templates.error)}
      </p>
    );
  }
  return (
    <section aria-labelledby="email-templates" className="flex flex-col gap-4 pt-4">
      <h2 id="email-templates" className="text-base font-semibold">
        E-mail templates
      </h2>
      <p className="text-sm text-slate-600">
        Every e-mail goes out in its recipient’s language; a language without a template uses the
        English one. A template is checked when it is saved — it must render against examples of its
        e-mail, with the line and reason when it does not — so e-mails never fail for their wording.
        Every save is kept in the history.
      </p>
      <KindList
        kinds={templates.data}
        selected={selected}
        onSelect={(nextKind, nextLanguage) => {
          setFocusRequest(`${nextKind}:${nextLanguage}`);
          setParams({ kind: nextKind, language: nextLanguage }, { replace: true });
        }}
      />
      {selected ? (
        <SelectedTemplate
          key={`${selected.kind}:${selected.language}`}
          kind={selected.kind}
          language={selected.language}
          canEdit={canEdit}
          focusOnOpen={focusRequest === `${selected.kind}:${selected.language}`}
          onFocused={focusDone}
        />
      ) : (
        <p className="text-sm text-slate-600">Choose an e-mail and a language to edit it.</p>
      )}
    </section>
  );
}
