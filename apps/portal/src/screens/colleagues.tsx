import type { TPortalColleague, TPortalColleagues } from '@ops/contract/portal-colleagues';
import { formatMemberDay } from '@ops/contract/member-formats';
import { portalMemberRoles, type TPortalMemberRole } from '@ops/contract/portal-membership';
import { isApiError } from '@ops/ui/api-client';
import { Button } from '@ops/ui/button';
import { TextField } from '@ops/ui/text-field';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SignInPanel } from '../components/sign-in-panel';
import { paths } from '../config/screens';
import { useLanguage } from '../i18n/language-provider';
import { MemberMessages } from '../i18n/member-messages-provider';
import { useMessages } from '../i18n/message';
import { colleaguesApi } from '../membership/api';
import { useSession } from '../session/session';
import { FieldFrame } from '../components/field-frame';
import { TitledSection } from '../components/titled-section';

/**
 * `PORTAL_URL/colleagues` (issue 35): the member's users and their roles; owners and admins
 * invite by e-mail, change roles and remove (the server keeps the last owner and says why).
 */
export function ColleaguesScreen() {
  const { session } = useSession();
  if (session.state !== 'signed-in') {
    return <SignInPanel continuePath={paths.colleagues.getHref()} title="signIn.title" />;
  }
  return (
    <MemberMessages>
      <Colleagues />
    </MemberMessages>
  );
}

type Said = { tone: 'done' | 'problem'; text: string } | null;

/** A refused change in the reader's words, by the rule the server named. */
function useRefusal() {
  const t = useMessages();
  return (error: unknown, email: string) => {
    const rule = isApiError(error) ? error.issues?.[0]?.rule : undefined;
    if (rule === 'duplicate') return t('colleagues.duplicate', { email });
    if (rule === 'last-owner') return t('colleagues.lastOwner');
    if (rule === 'format' || rule === 'email') return t('colleagues.badEmail');
    if (isApiError(error, 'permission-denied')) return t('colleagues.notAllowed');
    return t('colleagues.failed');
  };
}

function Colleagues() {
  const t = useMessages();
  const [data, setData] = useState<TPortalColleagues | null>(null);
  const [said, setSaid] = useState<Said>(null);
  useEffect(() => {
    let isCurrent = true;
    void colleaguesApi.list().then((list) => {
      if (isCurrent) setData(list);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  const reload = () => void colleaguesApi.list().then(setData);
  return (
    <div className="space-y-4">
      <Link to={paths.home.getHref()} className="text-sm text-sky-800 underline">
        {t('invoices.back')}
      </Link>
      <h1 className="text-2xl font-semibold">{t('colleagues.title')}</h1>
      <p
        role="status"
        className={said?.tone === 'problem' ? 'font-medium text-red-800' : 'text-green-900'}
      >
        {said?.text ?? ''}
      </p>
      {data === null ? (
        <p role="status">{t('apps.loading')}</p>
      ) : (
        <>
          <ul className="space-y-2">
            {data.colleagues.map((colleague) => (
              <ColleagueItem
                key={colleague.uid}
                colleague={colleague}
                canManage={data.canManage}
                onChanged={(next, text) => {
                  setData(next);
                  setSaid({ tone: 'done', text });
                }}
                onRefused={(text) => setSaid({ tone: 'problem', text })}
              />
            ))}
          </ul>
          {data.invitations.length > 0 ? <SentInvitations data={data} /> : null}
          {data.canManage ? (
            <InviteForm
              onSent={(email) => {
                setSaid({ tone: 'done', text: t('colleagues.sent', { email }) });
                reload();
              }}
            />
          ) : (
            <p className="text-sm text-slate-700">{t('colleagues.onlyManagers')}</p>
          )}
        </>
      )}
    </div>
  );
}

function ColleagueItem({
  colleague,
  canManage,
  onChanged,
  onRefused,
}: {
  colleague: TPortalColleague;
  canManage: boolean;
  onChanged: (next: TPortalColleagues, said: string) => void;
  onRefused: (said: string) => void;
}) {
  const t = useMessages();
  const { language } = useLanguage();
  const refusal = useRefusal();
  const [role, setRole] = useState<TPortalMemberRole>(colleague.role);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const run = async (work: () => Promise<TPortalColleagues>, said: string) => {
    setIsBusy(true);
    try {
      onChanged(await work(), said);
    } catch (error) {
      onRefused(refusal(error, colleague.email));
    } finally {
      setIsBusy(false);
      setIsConfirming(false);
    }
  };
  return (
    <li className="space-y-2 rounded-md border border-slate-200 bg-white p-3">
      <p className="font-medium break-words">
        {colleague.displayName ? `${colleague.displayName} · ` : ''}
        {colleague.email} {colleague.isYou ? t('colleagues.you') : ''}
      </p>
      <p className="text-sm text-slate-700">
        {t('colleagues.role', { role: colleague.role })} ·{' '}
        {colleague.lastSignInAt
          ? t('colleagues.lastSignIn', {
              date: formatMemberDay(colleague.lastSignInAt.slice(0, 10), language),
            })
          : t('colleagues.neverSignedIn')}
      </p>
      {canManage ? (
        <div className="flex flex-wrap items-end gap-2">
          <RoleSelect
            label={t('colleagues.roleOf', { email: colleague.email })}
            value={role}
            onChange={setRole}
          />
          <Button
            variant="secondary"
            className="min-h-11"
            isBusy={isBusy}
            onClick={() =>
              void run(() => colleaguesApi.changeRole(colleague.uid, role), t('colleagues.saved'))
            }
          >
            {t('colleagues.save')}
          </Button>
          {isConfirming ? (
            <div className="flex w-full flex-wrap items-center gap-2">
              <p>{t('colleagues.confirmRemove', { email: colleague.email })}</p>
              <Button
                className="min-h-11"
                isBusy={isBusy}
                onClick={() =>
                  void run(
                    () => colleaguesApi.remove(colleague.uid),
                    t('colleagues.removed', { email: colleague.email }),
                  )
                }
              >
                {t('colleagues.confirm')}
              </Button>
              <Button
                variant="secondary"
                className="min-h-11"
                onClick={() => setIsConfirming(false)}
              >
                {t('colleagues.keep')}
              </Button>
            </div>
          ) : (
            <Button variant="secondary" className="min-h-11" onClick={() => setIsConfirming(true)}>
              {t('colleagues.remove', { email: colleague.email })}
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** A role to pick, labelled, in the person's words. */
function RoleSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: TPortalMemberRole;
  onChange: (role: TPortalMemberRole) => void;
}) {
  const t = useMessages();
  const id = useId();
  return (
    <FieldFrame id={id} label={label} labelClassName="text-sm font-medium">
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as TPortalMemberRole)}
        className="min-h-11 rounded-md border border-slate-400 bg-white px-2"
      >
        {portalMemberRoles.map((role) => (
          <option key={role} value={role}>
            {t('colleagues.role', { role })}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

function SentInvitations({ data }: { data: TPortalColleagues }) {
  const t = useMessages();
  const { language } = useLanguage();
  const id = useId();
  return (
    <TitledSection id={id} title={t('colleagues.invitations')} className="space-y-2">
      <ul className="space-y-1">
        {data.invitations.map((invitation) => (
          <li key={invitation.id} className="break-words">
            {t('colleagues.invited', {
              email: invitation.email,
              role: invitation.role,
              date: formatMemberDay(invitation.expiresAt.slice(0, 10), language),
            })}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

function InviteForm({ onSent }: { onSent: (email: string) => void }) {
  const t = useMessages();
  const refusal = useRefusal();
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TPortalMemberRole>('staff');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setError(t('colleagues.badEmail'));
      return;
    }
    setIsBusy(true);
    try {
      await colleaguesApi.invite({ email: address, role });
      setError(null);
      setEmail('');
      onSent(address);
    } catch (refused) {
      setError(refusal(refused, address));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <TitledSection id={id} title={t('colleagues.invite')} className="space-y-2">
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
        <TextField
          label={t('colleagues.email')}
          type="email"
          autoComplete="off"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        <RoleSelect label={t('colleagues.inviteRole')} value={role} onChange={setRole} />
        <Button type="submit" className="min-h-11" isBusy={isBusy}>
          {isBusy ? t('colleagues.sending') : t('colleagues.send')}
        </Button>
      </form>
    </TitledSection>
  );
}
