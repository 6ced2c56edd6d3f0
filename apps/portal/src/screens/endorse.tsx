import {
  maxEndorsementReasonLength,
  type EndorsementDecision,
  type TEndorsement,
} from '@ops/contract/portal-endorsements';
import { isApiError } from '@ops/ui/api-client';
import { Button } from '@ops/ui/button';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { documentTypeLabel } from '../applications/documents-step';
import { SingleFileInput, UploadProgressBar, type Upload } from '../applications/file-upload';
import { endorsementApi } from '../endorsement/api';
import { Message, useMessages } from '../i18n/message';
import type { MessageId } from '../i18n/messages/en';

type Summary = NonNullable<TEndorsement['application']>;

const alertClass = 'rounded-md border border-red-200 bg-red-50 p-3 text-red-800';
const noticeClass = 'rounded-md border border-slate-300 bg-white p-3';

/**
 * One of the page's white cards (the application, its documents, the letter): a region named by
 * its heading; `spaced` puts room between what it holds.
 */
function EndorseCard({
  id,
  title,
  spaced = false,
  children,
}: {
  id: string;
  title: ReactNode;
  spaced?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`${spaced ? 'space-y-2 ' : ''}rounded-md border border-slate-200 bg-white p-3`}
    >
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function useLongDate() {
  const intl = useIntl();
  return (iso: string) => intl.formatDate(iso, { dateStyle: 'long', timeZone: 'Europe/Zurich' });
}

/** Why the page cannot open, in the reader's words (never whether a token ever existed). */
function loadErrorOf(error: unknown): MessageId {
  if (isApiError(error, 'auth/too-many-requests')) return 'endorse.tooMany';
  if (isApiError(error)) return 'endorse.unknown';
  return 'error.network';
}

/**
 * `PORTAL_URL/endorse/{token}`: the national association's page, opened from its e-mail without
 * an account. While the link is open: the application to read (its documents inline), an
 * optional endorsement letter, and the answer (endorse, or decline with a reason). Once used,
 * expired or retired, it says what happened and when, and whom to ask: never just "invalid".
 */
export function EndorseScreen() {
  const { token = '' } = useParams();
  const [endorsement, setEndorsement] = useState<TEndorsement | null>(null);
  const [loadError, setLoadError] = useState<MessageId | null>(null);
  const [justAnswered, setJustAnswered] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    endorsementApi.get(token).then(
      (loaded) => {
        if (isCurrent) setEndorsement(loaded);
      },
      (error: unknown) => {
        if (isCurrent) setLoadError(loadErrorOf(error));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [token]);

  if (loadError) {
    return (
      <p role="alert" className={alertClass}>
        <Message id={loadError} />
      </p>
    );
  }
  if (!endorsement) {
    return (
      <p role="status">
        <Message id="endorse.loading" />
      </p>
    );
  }
  if (endorsement.state === 'open' && endorsement.application) {
    return (
      <OpenEndorsement
        token={token}
        endorsement={endorsement}
        application={endorsement.application}
        onAnswered={(answered) => {
          setJustAnswered(true);
          setEndorsement(answered);
        }}
        onStale={setEndorsement}
      />
    );
  }
  return <ClosedEndorsement endorsement={endorsement} justAnswered={justAnswered} />;
}

/** A link that takes no answer any more: what was answered, or why it stopped and whom to ask. */
function ClosedEndorsement({
  endorsement,
  justAnswered,
}: {
  endorsement: TEndorsement;
  justAnswered: boolean;
}) {
  const t = useMessages();
  const longDate = useLongDate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const number = endorsement.applicationNumber;
  const contact = endorsement.askFor ?? '';
  const answer = endorsement.answer;
  return (
    <section aria-labelledby="endorse-closed" className="space-y-4">
      <h1 id="endorse-closed" ref={headingRef} tabIndex={-1} className="text-2xl font-semibold">
        {t('endorse.number')} {number}
      </h1>
      {justAnswered ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3">
          <Message id="endorse.thanks" />
        </p>
      ) : null}
      {answer ? (
        <div className={noticeClass}>
          <p>
            {t(answer.decision === 'endorse' ? 'endorse.used.endorse' : 'endorse.used.decline', {
              number,
              date: longDate(answer.at),
            })}
          </p>
          {answer.reason ? (
            <p className="mt-2 whitespace-pre-line">
              {t('endorse.usedReason', { reason: answer.reason })}
            </p>
          ) : null}
          {answer.hasLetter ? (
            <p className="mt-2">
              <Message id="endorse.usedLetter" />
            </p>
          ) : null}
        </div>
      ) : endorsement.state === 'expired' ? (
        <p className={noticeClass}>
          {t('endorse.expired', { number, date: longDate(endorsement.expiresAt), contact })}
        </p>
      ) : (
        <p className={noticeClass}>{t('endorse.retired', { number, contact })}</p>
      )}
    </section>
  );
}

function OpenEndorsement({
  token,
  endorsement,
  application,
  onAnswered,
  onStale,
}: {
  token: string;
  endorsement: TEndorsement;
  application: Summary;
  onAnswered: (endorsement: TEndorsement) => void;
  onStale: (endorsement: TEndorsement) => void;
}) {
  const t = useMessages();
  const longDate = useLongDate();
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold break-words">
        {t('endorse.title', { legalName: application.legalName })}
      </h1>
      <p>
        {t('endorse.intro', {
          association: endorsement.associationName,
          date: longDate(endorsement.expiresAt),
        })}
      </p>
      <ApplicationFacts application={application} />
      <Documents token={token} application={application} />
      <Letter token={token} onAttached={onStale} />
      <AnswerForm token={token} onAnswered={onAnswered} onStale={onStale} />
    </div>
  );
}

/** What the association reads of the application, read only. */
function ApplicationFacts({ application }: { application: Summary }) {
  const t = useMessages();
  const intl = useIntl();
  const longDate = useLongDate();
  const regions = new Intl.DisplayNames([intl.locale], { type: 'region' });
  const { address } = application;
  const country = address.countryIso2
    ? (regions.of(address.countryIso2) ?? application.countryName)
    : application.countryName;
  const contactLabels: Record<string, MessageId> = {
    primary: 'contact.primary',
    billing: 'contact.billing',
    director: 'contact.director',
  };
  const rows: [MessageId, string | null][] = [
    ['endorse.number', application.number],
    [
      'endorse.category',
      t(application.category === 'association' ? 'category.association' : 'category.individual'),
    ],
    ['field.legalName', application.legalName],
    ['field.tradeName', application.tradeName],
    ['field.registrationNumber', application.registrationNumber],
    ['field.vatNumber', application.vatNumber],
    ['field.website', application.website],
    [
      'endorse.address',
      [
        address.line1,
        address.line2,
        [address.postalCode, address.city].filter(Boolean).join(' '),
        country,
      ]
        .filter(Boolean)
        .join(', ') || null,
    ],
    [
      'endorse.contacts',
      application.contacts
        .filter((contact) => contact.name)
        .map((contact) => `${t(contactLabels[contact.role] ?? 'contact.primary')}: ${contact.name}`)
        .join('; ') || null,
    ],
    ['endorse.submittedAt', application.submittedAt ? longDate(application.submittedAt) : null],
  ];
  return (
    <EndorseCard id="endorse-application" title={<Message id="endorse.application" />}>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-slate-600">{t(label)}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
      </dl>
    </EndorseCard>
  );
}

function Documents({ token, application }: { token: string; application: Summary }) {
  const t = useMessages();
  return (
    <EndorseCard id="endorse-documents" title={<Message id="endorse.documents" />}>
      {application.documents.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          <Message id="endorse.noDocuments" />
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {application.documents.map((document) => (
            <li key={document.id ?? document.fileName} className="min-w-0">
              <span className="block text-xs text-slate-600">
                {t(documentTypeLabel(application.category, document.type))}
              </span>
              {document.id ? (
                <a
                  href={endorsementApi.documentHref(token, document.id)}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex min-h-11 items-center break-all text-sky-800 underline"
                >
                  {t('endorse.openDocument', { fileName: document.fileName })}
                </a>
              ) : (
                <span className="break-all">{document.fileName}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </EndorseCard>
  );
}

function letterErrorOf(error: unknown): MessageId {
  if (!isApiError(error)) return 'error.network';
  if (error.code === 'payload-too-large') return 'endorse.letterError.tooLarge';
  const rule = error.issues?.[0]?.rule;
  if (rule === 'file-type') return 'endorse.letterError.fileType';
  if (rule === 'too_small') return 'endorse.letterError.empty';
  return 'endorse.letterError.other';
}

/** The optional endorsement letter: a PDF, sent as it is chosen, with its bytes shown going. */
function Letter({
  token,
  onAttached,
}: {
  token: string;
  onAttached: (endorsement: TEndorsement) => void;
}) {
  const t = useMessages();
  const id = useId();
  const [upload, setUpload] = useState<Upload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attached, setAttached] = useState<string | null>(null);
  async function send(file: File) {
    setError(null);
    setAttached(null);
    if (file.size > 10 * 1024 * 1024) {
      setError(t('endorse.letterError.tooLarge', { fileName: file.name }));
      return;
    }
    setUpload({ fileName: file.name, loaded: 0, total: file.size });
    try {
      const updated = await endorsementApi.attachLetter(token, file, (progress) =>
        setUpload({ fileName: file.name, ...progress }),
      );
      setAttached(t('endorse.letterAttached', { fileName: file.name }));
      onAttached(updated);
    } catch (caught) {
      setError(t(letterErrorOf(caught), { fileName: file.name }));
    } finally {
      setUpload(null);
    }
  }
  return (
    <EndorseCard id={`${id}-title`} title={<Message id="endorse.letter" />} spaced>
      <p className="text-sm text-slate-700">
        <Message id="endorse.letterHelp" />
      </p>
      {error ? (
        <p role="alert" className={alertClass}>
          {error}
        </p>
      ) : null}
      <p role="status" className={attached ? 'text-sm text-emerald-800' : 'sr-only'}>
        {attached}
      </p>
      {upload ? (
        <UploadProgressBar
          id={`${id}-progress`}
          upload={upload}
          label={t('endorse.letterUploading', { fileName: upload.fileName })}
          withBytes={false}
        />
      ) : null}
      <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
        <Message id="endorse.letterAdd" />
      </label>
      <SingleFileInput
        id={`${id}-file`}
        accept="application/pdf,.pdf"
        disabled={upload !== null}
        className="block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3"
        onFile={(file) => void send(file)}
      />
    </EndorseCard>
  );
}

/** Endorse, or decline with a reason; a link answered meanwhile shows what was answered. */
function AnswerForm({
  token,
  onAnswered,
  onStale,
}: {
  token: string;
  onAnswered: (endorsement: TEndorsement) => void;
  onStale: (endorsement: TEndorsement) => void;
}) {
  const t = useMessages();
  const id = useId();
  const [decision, setDecision] = useState<EndorsementDecision>('endorse');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<MessageId | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    const problem: MessageId | null =
      decision === 'decline' && !trimmed
        ? 'endorse.reasonRequired'
        : trimmed.length > maxEndorsementReasonLength
          ? 'endorse.reasonTooLong'
          : null;
    setError(problem);
    if (problem) {
      reasonRef.current?.focus();
      return;
    }
    setIsBusy(true);
    try {
      onAnswered(
        await endorsementApi.answer(token, { decision, ...(trimmed ? { reason: trimmed } : {}) }),
      );
    } catch (caught) {
      if (isApiError(caught, 'aborted')) {
        // Answered, expired or retired since the page opened: show where it stands now.
        onStale(await endorsementApi.get(token));
      } else if (isApiError(caught) && caught.issues?.[0]?.path === 'body.reason') {
        setError('endorse.reasonRequired');
        reasonRef.current?.focus();
      } else {
        setError(
          isApiError(caught, 'auth/too-many-requests') ? 'endorse.tooMany' : 'error.network',
        );
      }
    } finally {
      setIsBusy(false);
    }
  }

  const isReasonError = error === 'endorse.reasonRequired' || error === 'endorse.reasonTooLong';
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-3 rounded-md border border-slate-200 bg-white p-3"
    >
      <fieldset className="space-y-2">
        <legend className="font-semibold">
          <Message id="endorse.answer" />
        </legend>
        {(['endorse', 'decline'] as const).map((each) => (
          <label key={each} className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name={`${id}-decision`}
              value={each}
              checked={decision === each}
              onChange={() => {
                setDecision(each);
                setError(null);
              }}
              className="h-5 w-5"
            />
            <Message id={`endorse.decision.${each}`} />
          </label>
        ))}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={`${id}-reason`} className="block font-medium">
          <Message id="endorse.reason" />
        </label>
        <p id={`${id}-reason-help`} className="text-sm text-slate-700">
          <Message
            id={
              decision === 'decline' ? 'endorse.reasonHelp.decline' : 'endorse.reasonHelp.endorse'
            }
          />
        </p>
        <textarea
          id={`${id}-reason`}
          ref={reasonRef}
          value={reason}
          rows={4}
          maxLength={maxEndorsementReasonLength + 100}
          aria-invalid={isReasonError}
          aria-required={decision === 'decline'}
          aria-describedby={`${id}-reason-help${isReasonError ? ` ${id}-reason-error` : ''}`}
          onChange={(event) => setReason(event.target.value)}
          className="block w-full rounded-md border border-slate-400 px-3 py-2"
        />
      </div>
      {error ? (
        <p id={`${id}-reason-error`} role="alert" className={alertClass}>
          <Message id={error} />
        </p>
      ) : null}
      <Button type="submit" isBusy={isBusy} className="min-h-11">
        {t('endorse.send')}
      </Button>
    </form>
  );
}
