import type { TUserDetail } from '@ops/contract';
import { useState, type ReactNode } from 'react';
import { Button } from '@ops/ui/button';
import { ConfirmDialog, type ConfirmDialogProps } from '@ops/ui/confirm-dialog';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { getErrorMessage } from '@ops/ui/error-message';
import { useEndSessions } from '../api/end-user-sessions';
import { useSendSignInLink } from '../api/send-user-sign-in-link';
import { useUserWrite } from '../api/write-user';
import { SuccessNote } from '@/components/success-note';

const confirmedActions = ['disable', 'enable', 'sign-in-link', 'end-sessions'] as const;
type ConfirmedAction = (typeof confirmedActions)[number];
type PendingAction = ConfirmedAction | null;

/**
 * The user's actions, each confirmed: disable (their sessions end at once) or enable, e-mail a
 * sign-in link, end their sessions. Shown only to operators allowed `users.manage`.
 */
export function UserActions({ user }: { user: TUserDetail }) {
  const write = useUserWrite(user.uid);
  const link = useSendSignInLink(user.uid);
  const sessions = useEndSessions(user.uid);
  const [pending, setPending] = useState<PendingAction>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  const close = () => {
    setPending(null);
    write.reset();
    link.reset();
    sessions.reset();
  };
  const open = (action: PendingAction) => {
    setOutcome(null);
    setPending(action);
  };
  const name = user.displayName ?? user.email;

  const confirm = () => {
    if (pending === 'disable' || pending === 'enable') {
      write.mutate(
        { kind: pending, version: user.version },
        {
          onSuccess: () => {
            setOutcome(pending === 'disable' ? `${name} is disabled.` : `${name} is enabled.`);
            close();
          },
        },
      );
    } else if (pending === 'sign-in-link') {
      link.mutate(undefined, {
        onSuccess: (sent) => {
          setOutcome(`A sign-in link is on its way to ${sent.sentTo}.`);
          close();
        },
      });
    } else if (pending === 'end-sessions') {
      sessions.mutate(undefined, {
        onSuccess: (ended) => {
          setOutcome(ended.ended === 1 ? '1 session ended.' : `${ended.ended} sessions ended.`);
          close();
        },
      });
    }
  };

  const failure = write.error ?? link.error ?? sessions.error;
  const error = failure
    ? isVersionConflict(failure)
      ? `${getErrorMessage(failure)} The user has been reloaded: check, then confirm again.`
      : getErrorMessage(failure)
    : null;
  const isBusy = write.isPending || link.isPending || sessions.isPending;

  // Each action's question, in the order of the buttons; they differ only in their words.
  const confirmations: Record<
    ConfirmedAction,
    Pick<ConfirmDialogProps, 'title' | 'confirmLabel' | 'busyLabel' | 'tone'> & { body: ReactNode }
  > = {
    disable: {
      title: `Disable ${name}?`,
      confirmLabel: 'Disable user',
      busyLabel: 'Disabling…',
      tone: 'danger',
      body: (
        <>
          {user.email} can no longer sign in, and every open session ends at once
          {user.sessions.activeCount > 0 ? ` (${user.sessions.activeCount} now)` : ''}.
        </>
      ),
    },
    enable: {
      title: `Enable ${name}?`,
      confirmLabel: 'Enable user',
      busyLabel: 'Enabling…',
      body: <>{user.email} can sign in again.</>,
    },
    'sign-in-link': {
      title: `Send a sign-in link to ${name}?`,
      confirmLabel: 'Send link',
      busyLabel: 'Sending…',
      body: (
        <>
          An e-mail with a single-use link goes to {user.email}. The link works once and expires
          after 15 minutes.
        </>
      ),
    },
    'end-sessions': {
      title: `End every session of ${name}?`,
      confirmLabel: 'End sessions',
      busyLabel: 'Ending…',
      tone: 'danger',
      body: (
        <>
          {user.email} is signed out everywhere at once ({user.sessions.activeCount} active{' '}
          {user.sessions.activeCount === 1 ? 'session' : 'sessions'}) and must sign in again.
        </>
      ),
    },
  };

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        {user.disabled ? (
          <Button variant="secondary" onClick={() => open('enable')}>
            Enable
          </Button>
        ) : (
          <Button variant="secondary" className="text-red-800" onClick={() => open('disable')}>
            Disable
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={user.disabled}
          title={user.disabled ? 'A disabled user cannot sign in' : undefined}
          onClick={() => open('sign-in-link')}
        >
          Send sign-in link
        </Button>
        <Button
          variant="secondary"
          disabled={user.sessions.activeCount === 0}
          onClick={() => open('end-sessions')}
        >
          End sessions
        </Button>
      </div>
      {outcome ? <SuccessNote>{outcome}</SuccessNote> : null}

      {confirmedActions.map((action) => {
        const { body, ...wording } = confirmations[action];
        return (
          <ConfirmDialog
            key={action}
            isOpen={pending === action}
            {...wording}
            isBusy={isBusy}
            error={error}
            onConfirm={confirm}
            onClose={close}
          >
            <p>{body}</p>
          </ConfirmDialog>
        );
      })}
    </>
  );
}
