import type { TDataExport, TDataExportCounts } from '@ops/contract/data-exports';
import type { Language } from '@ops/contract/enumerations';
import { memberLocales } from '@ops/contract/member-formats';
import { isApiError } from '@ops/ui/api-client';
import { Button, focusRing } from '@ops/ui/button';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { useFileSize } from '../applications/file-size';
import { useMessages } from '../i18n/message';
import type { MemberMessageId } from '../i18n/member-messages';
import { useMemberData, type MemberTable } from '../membership/member-events';
import { dataExportApi } from './api';
import { ErrorAlert } from '../components/alert';
import { AccountPanel } from '../components/account-panel';

/**
 * How long a ready archive stays: `dataExportHours` of `@ops/contract/data-exports`, not imported
 * as a value because that module brings zod into the portal's bundle (see `@ops/ui/api-client`).
 */
export const availableHours = 24;

/** The job writes its progress at most once a second, and its end: the stream says so. */
const exportTables: readonly MemberTable[] = ['member_data_exports'];

/** While the archive is made, read again this often too, should the stream be down. */
const pollMs = 2000;

const countIds: Record<keyof TDataExportCounts, MemberMessageId> = {
  users: 'dataExport.count.users',
  invoices: 'dataExport.count.invoices',
  creditNotes: 'dataExport.count.creditNotes',
  payments: 'dataExport.count.payments',
  certificates: 'dataExport.count.certificates',
  changeRequests: 'dataExport.count.changeRequests',
  auditEntries: 'dataExport.count.auditEntries',
  pdfs: 'dataExport.count.pdfs',
};

/**
 * The member side's locale of the person's language (`member-formats.ts`: en-GB, fr-CH, de-CH,
 * es-ES), as the member screens write days and amounts.
 */
function useMemberLocale(): string {
  const { locale } = useIntl();
  return memberLocales[locale as Language] ?? locale;
}

/** A moment in the person's language, in headquarters' time: "3 November 2026 at 10:02". */
function useMoment() {
  const locale = useMemberLocale();
  const format = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Zurich',
  });
  return (iso: string) => format.format(new Date(iso));
}

const isWorking = (item: TDataExport | null | undefined) =>
  item?.state === 'queued' || item?.state === 'running';

/**
 * The export to show: the server's, unless the one the POST just answered is newer (the read
 * that follows it has not come back yet).
 */
export function newestExport(
  read: TDataExport | null,
  posted: TDataExport | null,
): TDataExport | null {
  if (!posted) return read;
  if (!read || read.id === posted.id) return read ?? posted;
  return posted.requestedAt > read.requestedAt ? posted : read;
}

/**
 * "Your data" on the company screen (issue 35): owners and admins ask for a ZIP of everything
 * the federation keeps about the member; everyone follows the job (the live stream, and every two
 * seconds while it runs) and downloads the archive while it is kept.
 */
export function DataExportPanel() {
  const t = useMessages();
  const { data, error, reload } = useMemberData(dataExportApi.get, exportTables);
  const [posted, setPosted] = useState<TDataExport | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const shouldFocusStatus = useRef(false);
  const current = newestExport(data?.export ?? null, posted);
  const working = isWorking(current);

  useEffect(() => {
    if (!working) return;
    const timer = setInterval(reload, pollMs);
    return () => clearInterval(timer);
  }, [working, reload]);

  // The button pressed is gone once the job is queued: the focus goes to what it became.
  useEffect(() => {
    if (!shouldFocusStatus.current || !statusRef.current) return;
    shouldFocusStatus.current = false;
    statusRef.current.focus();
  }, [current]);

  const request = async () => {
    setIsBusy(true);
    setFailure(null);
    try {
      const asked = await dataExportApi.request();
      shouldFocusStatus.current = true;
      setPosted(asked);
      reload();
    } catch (failed) {
      setFailure(
        !isApiError(failed)
          ? t('error.network')
          : failed.code === 'permission-denied'
            ? t('dataExport.keepersOnly')
            : t('dataExport.error.failed'),
      );
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <DataExportView
      item={current}
      canRequest={data?.canRequest ?? false}
      isLoading={data === undefined && error === undefined}
      loadFailed={data === undefined && error !== undefined}
      isBusy={isBusy}
      failure={failure}
      onRequest={() => void request()}
      statusRef={statusRef}
    />
  );
}

/** The section as the state reads: what the panel renders, and what its tests render. */
export function DataExportView({
  item,
  canRequest,
  isLoading = false,
  loadFailed = false,
  isBusy = false,
  failure = null,
  onRequest,
  statusRef,
}: {
  item: TDataExport | null;
  canRequest: boolean;
  isLoading?: boolean;
  loadFailed?: boolean;
  isBusy?: boolean;
  failure?: string | null;
  onRequest: () => void;
  statusRef?: RefObject<HTMLParagraphElement | null>;
}) {
  const t = useMessages();
  const at = useMoment();

  const requestButton = (label: string, variant: 'primary' | 'secondary') => (
    <Button
      type="button"
      variant={variant}
      isBusy={isBusy}
      className="min-h-11"
      onClick={onRequest}
    >
      {isBusy ? t('dataExport.requesting') : label}
    </Button>
  );
  const offer = (label: string, variant: 'primary' | 'secondary') =>
    canRequest ? (
      requestButton(label, variant)
    ) : (
      <p className="text-sm text-slate-700">{t('dataExport.keepersOnly')}</p>
    );

  return (
    <AccountPanel
      title={t('dataExport.title')}
      intro={t('dataExport.intro', { hours: availableHours })}
    >
      <div aria-live="polite">
        {failure ? (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        ) : null}
      </div>
      {isLoading ? (
        <p role="status" className="text-sm text-slate-700">
          {t('apps.loading')}
        </p>
      ) : loadFailed ? (
        <ErrorAlert>{t('dataExport.loadFailed')}</ErrorAlert>
      ) : !item ? (
        offer(t('dataExport.request'), 'primary')
      ) : item.state === 'queued' || item.state === 'running' ? (
        <Working item={item} asked={at} statusRef={statusRef} />
      ) : item.state === 'ready' ? (
        <>
          <Ready item={item} at={at} statusRef={statusRef} />
          {canRequest ? requestButton(t('dataExport.again'), 'secondary') : null}
        </>
      ) : item.state === 'failed' ? (
        <>
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
            <p>{t('dataExport.failed')}</p>
            {item.error ? (
              <p className="text-sm break-words">
                {t('dataExport.failedReason', { reason: item.error })}
              </p>
            ) : null}
          </div>
          {offer(t('dataExport.retry'), 'primary')}
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {t('dataExport.expired', { date: at(item.requestedAt) })}
          </p>
          {offer(t('dataExport.again'), 'primary')}
        </>
      )}
    </AccountPanel>
  );
}

function Asked({ item, at }: { item: TDataExport; at: (iso: string) => string }) {
  const t = useMessages();
  const date = at(item.requestedAt);
  return (
    <p className="text-sm text-slate-700">
      {item.requestedBy
        ? t('dataExport.asked', { date, name: item.requestedBy })
        : t('dataExport.askedOn', { date })}
    </p>
  );
}

/** Queued or running: what the job does, and a labelled bar of the documents written. */
function Working({
  item,
  asked,
  statusRef,
}: {
  item: TDataExport;
  asked: (iso: string) => string;
  statusRef?: RefObject<HTMLParagraphElement | null> | undefined;
}) {
  const t = useMessages();
  const progressId = useId();
  const { done, total } = item.progress;
  return (
    <div className="space-y-2">
      <p ref={statusRef} role="status" tabIndex={-1} className="font-medium">
        {t(item.state === 'queued' ? 'dataExport.status.queued' : 'dataExport.status.running')}
      </p>
      <Asked item={item} at={asked} />
      <div className="space-y-1">
        <label htmlFor={progressId} className="block text-sm">
          {total > 0 ? t('dataExport.progress', { done, total }) : t('dataExport.counting')}
        </label>
        {total > 0 ? (
          <progress
            id={progressId}
            className="h-2 w-full"
            max={total}
            value={Math.min(done, total)}
          />
        ) : (
          <progress id={progressId} className="h-2 w-full" />
        )}
      </div>
    </div>
  );
}

/** Ready: the link to the ZIP with its size, until when it stays, and what it holds. */
function Ready({
  item,
  at,
  statusRef,
}: {
  item: TDataExport;
  at: (iso: string) => string;
  statusRef?: RefObject<HTMLParagraphElement | null> | undefined;
}) {
  const t = useMessages();
  const list = new Intl.ListFormat(useMemberLocale(), { type: 'conjunction' });
  const size = useFileSize();
  const counts = item.counts;
  return (
    <div className="space-y-2">
      <p ref={statusRef} role="status" tabIndex={-1} className="font-medium">
        {t('dataExport.status.ready')}
      </p>
      <Asked item={item} at={at} />
      {item.downloadUrl ? (
        <p>
          <a
            href={item.downloadUrl}
            download
            className={`inline-flex min-h-11 items-center font-medium break-words text-sky-800 underline ${focusRing}`}
          >
            {item.sizeBytes === null
              ? t('dataExport.downloadZip')
              : t('dataExport.download', { size: size(item.sizeBytes) })}
          </a>
        </p>
      ) : null}
      {item.expiresAt ? (
        <p className="text-sm text-slate-700">
          {t('dataExport.until', { date: at(item.expiresAt) })}
        </p>
      ) : null}
      {counts ? (
        <p className="text-sm text-slate-700">
          {t('dataExport.holds', {
            list: list.format(
              (Object.keys(countIds) as (keyof TDataExportCounts)[]).map((key) =>
                t(countIds[key], { count: counts[key] }),
              ),
            ),
          })}
        </p>
      ) : null}
    </div>
  );
}
