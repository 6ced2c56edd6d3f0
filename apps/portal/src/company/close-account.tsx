import type { TPortalChangeRequest } from '@ops/contract/change-requests';
import { apiRequest, isApiError } from '@ops/ui/api-client';
import { Button } from '@ops/ui/button';
import { useId, useState } from 'react';
import { useMessages } from '../i18n/message';
import { LongTextField } from './company-form';
import { AccountPanel } from '../components/account-panel';

const maxNote = 2000;

/**
 * "Ask to close our account" (issue 35): an owner sends staff a request, with a note; nothing
 * ends by itself. While one waits, it shows in "Your requests" and this offers nothing more.
 */
export function CloseAccount({
  canClose,
  pending,
  onSent,
}: {
  canClose: boolean;
  pending: boolean;
  onSent: () => void;
}) {
  const t = useMessages();
  const noteId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [note, setNote] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const send = async () => {
    setIsBusy(true);
    setOutcome(null);
    try {
      await apiRequest<TPortalChangeRequest>('/api/change-requests/close-account', {
        body: note.trim() ? { note: note.trim() } : {},
      });
      setIsOpen(false);
      setOutcome({ ok: true, text: t('company.close.sent') });
      onSent();
    } catch (error) {
      const text = !isApiError(error)
        ? t('error.network')
        : error.code === 'aborted'
          ? t('company.close.already')
          : error.code === 'permission-denied'
            ? t('company.close.ownersOnly')
            : t('company.close.failed');
      setOutcome({ ok: false, text });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AccountPanel title={t('company.close.title')} intro={t('company.close.intro')}>
      <div aria-live="polite">
        {outcome ? (
          <p
            role={outcome.ok ? 'status' : 'alert'}
            className={outcome.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}
          >
            {outcome.text}
          </p>
        ) : null}
      </div>
      {!canClose ? (
        <p className="text-sm text-slate-700">{t('company.close.ownersOnly')}</p>
      ) : pending ? (
        <p className="text-sm text-slate-700">{t('company.close.already')}</p>
      ) : isOpen ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <LongTextField
            id={noteId}
            label={t('company.close.note')}
            help={t('company.close.noteHelp', { max: maxNote })}
            value={note}
            error={note.length > maxNote ? t('company.error.tooLong', { max: maxNote }) : null}
            onChange={setNote}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              isBusy={isBusy}
              disabled={note.length > maxNote}
              className="min-h-11"
            >
              {t('company.close.send')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              className="min-h-11"
              onClick={() => setIsOpen(false)}
            >
              {t('company.close.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button
          type="button"
          variant="secondary"
          className="min-h-11"
          onClick={() => setIsOpen(true)}
        >
          {t('company.close.start')}
        </Button>
      )}
    </AccountPanel>
  );
}
