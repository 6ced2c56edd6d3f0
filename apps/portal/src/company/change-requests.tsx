import type { TFieldChange, TPortalChangeRequest } from '@ops/contract/change-requests';
import { useId, useState } from 'react';
import { Button } from '@ops/ui/button';
import { useIntl } from 'react-intl';
import {
  documentAccept,
  SingleFileInput,
  uploadable,
  UploadProgressBar,
  useUploadState,
} from '../applications/file-upload';
import { useMessages } from '../i18n/message';
import { selectKey } from '../membership/api';
import { companyApi } from './api';
import { ChangeList } from './change-list';
import { uploadErrorOf } from './document-upload';
import { ErrorAlert } from '../components/alert';
import { FieldFrame } from '../components/field-frame';
import { TitledSection } from '../components/titled-section';

const statusStyles: Record<TPortalChangeRequest['status'], string> = {
  pending: 'bg-amber-100 text-amber-950',
  approved: 'bg-green-100 text-green-950',
  declined: 'bg-red-100 text-red-950',
  withdrawn: 'bg-slate-100 text-slate-900',
};

/** A day in headquarters' calendar, in the person's language ("3 November 2026"). */
function useDay() {
  const intl = useIntl();
  return (at: string) => intl.formatDate(at, { dateStyle: 'long', timeZone: 'Europe/Zurich' });
}

/** Staff wrote something else than asked (they may edit a value before approving). */
const differs = (asked: TFieldChange[], written: TFieldChange[]) =>
  written.some((change) => asked.find((each) => each.field === change.field)?.to !== change.to);

/**
 * "Your requests" (issue 35): the member's change requests, newest first, each with its status in
 * words, field by field what was asked (old → new), the dates, staff's reason for a decline, the
 * document; owners and admins attach or replace the document of a pending one.
 */
export function ChangeRequests({
  items,
  canAttach,
  onChanged,
}: {
  items: TPortalChangeRequest[];
  canAttach: boolean;
  onChanged: () => void;
}) {
  const t = useMessages();
  const id = useId();
  return (
    <TitledSection id={id} title={t('company.requests.title')} className="space-y-2">
      {items.length === 0 ? (
        <p>{t('company.requests.none')}</p>
      ) : (
        <ul className="space-y-2">
          {items.map((request) => (
            <RequestItem
              key={request.id}
              request={request}
              canAttach={canAttach && request.status === 'pending'}
              onChanged={onChanged}
            />
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

function RequestItem({
  request,
  canAttach,
  onChanged,
}: {
  request: TPortalChangeRequest;
  canAttach: boolean;
  onChanged: () => void;
}) {
  const t = useMessages();
  const day = useDay();
  const { status } = request;
  return (
    <li className="min-w-0 space-y-2 rounded-md border border-slate-200 bg-white p-3">
      <h3 className="font-medium">
        {t('company.requests.kind', { kind: selectKey(request.kind) })}
      </h3>
      <p className="text-sm">
        <span className={`rounded px-2 py-0.5 font-medium ${statusStyles[status]}`}>
          {t('company.requests.status', { status })}
        </span>
      </p>
      <p className="text-sm break-words text-slate-700">
        {request.requestedBy
          ? t('company.requests.asked', {
              date: day(request.requestedAt),
              email: request.requestedBy,
            })
          : t('company.requests.askedOn', { date: day(request.requestedAt) })}
      </p>
      {request.changes.length > 0 ? <ChangeList changes={request.changes} /> : null}
      {request.note ? (
        <p className="text-sm break-words whitespace-pre-line">
          {t('company.requests.yourNote', { note: request.note })}
        </p>
      ) : null}
      {request.decidedAt && status !== 'pending' ? (
        <p className="text-sm text-slate-700">
          {t('company.requests.decided', { status, date: day(request.decidedAt) })}
        </p>
      ) : null}
      {request.decisionReason ? (
        <p
          className={`break-words whitespace-pre-line ${status === 'declined' ? 'font-medium' : 'text-sm'}`}
        >
          {status === 'declined'
            ? t('company.requests.reason', { reason: request.decisionReason })
            : t('company.requests.staffNote', { note: request.decisionReason })}
        </p>
      ) : null}
      {status === 'approved' && request.applied && differs(request.changes, request.applied) ? (
        <>
          <p className="text-sm font-medium">{t('company.requests.applied')}</p>
          <ChangeList changes={request.applied} />
        </>
      ) : null}
      {request.document ? (
        <a
          href={companyApi.documentHref(request.id)}
          className="inline-flex min-h-11 items-center break-all text-sky-900 underline"
        >
          {t('company.requests.document', { fileName: request.document.fileName })}
        </a>
      ) : null}
      {canAttach ? <AttachDocument request={request} onAttached={onChanged} /> : null}
      {canAttach ? <WithdrawRequest request={request} onWithdrawn={onChanged} /> : null}
    </li>
  );
}

/** Takes back a pending request: staff's queue no longer holds it. */
function WithdrawRequest({
  request,
  onWithdrawn,
}: {
  request: TPortalChangeRequest;
  onWithdrawn: () => void;
}) {
  const t = useMessages();
  const [isWithdrawing, setIsWithdrawing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function withdraw() {
    setError(null);
    setIsWithdrawing(true);
    try {
      await companyApi.withdraw(request.id);
      onWithdrawn();
    } catch {
      setError(t('company.requests.withdrawFailed'));
    } finally {
      setIsWithdrawing(false);
    }
  }
  return (
    <div className="space-y-2">
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <Button variant="secondary" onClick={() => void withdraw()} disabled={isWithdrawing}>
        {t(isWithdrawing ? 'company.requests.withdrawing' : 'company.requests.withdraw')}
      </Button>
    </div>
  );
}

/** A file input that uploads at once to the pending request: its progress, then what became of it. */
function AttachDocument({
  request,
  onAttached,
}: {
  request: TPortalChangeRequest;
  onAttached: () => void;
}) {
  const t = useMessages();
  const id = useId();
  const { upload, setUpload, error, setError, status, setStatus, start } = useUploadState();

  async function send(file: File) {
    if (!start(file)) return;
    const fileName = file.name;
    setUpload({ fileName, loaded: 0, total: file.size });
    try {
      await companyApi.attachDocument(request.id, uploadable(file), {
        onProgress: (progress) => setUpload({ fileName, ...progress }),
      });
      setStatus(t('company.result.attached', { fileName }));
      onAttached();
    } catch (failure) {
      setError(t(uploadErrorOf(failure), { fileName }));
    } finally {
      setUpload(null);
    }
  }

  return (
    <div className="space-y-2">
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <p role="status" className={status ? 'text-sm text-emerald-800' : 'sr-only'}>
        {status}
      </p>
      <FieldFrame
        id={id}
        label={t(request.document ? 'company.requests.replace' : 'company.requests.attach')}
        help={t('company.documentHelp')}
      >
        <SingleFileInput
          id={id}
          aria-describedby={`${id}-help`}
          accept={documentAccept}
          disabled={upload !== null}
          onFile={(file) => void send(file)}
        />
      </FieldFrame>
      {upload ? <UploadProgressBar id={`${id}-progress`} upload={upload} /> : null}
    </div>
  );
}
