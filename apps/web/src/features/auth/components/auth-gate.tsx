import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@ops/ui/button';
import { ErrorCard } from '@ops/ui/error-card';
import { getErrorMessage } from '@ops/ui/error-message';
import { OperatorRolesContext } from '@/lib/permissions';
import { useMe } from '../api/me';
import { useSignInOnLoad } from '../api/sign-in-on-load';
import { useOperatorStatus } from '../hooks/use-operator-status';
import { SessionContext } from '../hooks/use-session';
import { NotOperatorScreen } from '../routes/not-operator';
import { ResetPasswordScreen } from '../routes/reset-password';
import { SignInScreen } from '../routes/sign-in';
import { getActionLink, isSignInLink, withoutQueryString } from '@ops/ui/sign-in/action-link';
import { rememberEmail } from '@ops/ui/sign-in/storage';
import { AuthLayout, AuthLoading } from './auth-layout';

const passwordChangedNotice = 'Your password has been changed. Sign in with your new password.';

/**
 * Who gets in (spec §1, §6): nobody signed in → the sign-in screen, in place at the address
 * opened; signed in without an operator record → only '{email} is not an operator.' and
 * sign-out; an operator → `children` (the console), with the session in context. While the
 * user or the operator status is not known yet, the progress bar. A password-reset link opens
 * its own screen first.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once, from the address the page was opened at.
  const [resetCode, setResetCode] = useState(() => {
    const link = getActionLink(`${location.pathname}${location.search}`);
    return link?.mode === 'resetPassword' ? link.code : null;
  });
  const [changedPasswordOf, setChangedPasswordOf] = useState<string | null>(null);
  const signInOnLoad = useSignInOnLoad();
  const me = useMe();
  const user = me.data;
  const operator = useOperatorStatus(user?.uid ?? null);
  // The notice about a changed password is for the sign-in right after the reset only.
  if (user && changedPasswordOf !== null) setChangedPasswordOf(null);

  // The page load cleared a used sign-in link from the address bar (history.replaceState);
  // the router's own location still has it until told, and screens read the query string.
  const routerHref = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!signInOnLoad.isSettled || !isSignInLink(routerHref)) return;
    if (isSignInLink(window.location.href)) return; // kept: no e-mail was given
    void navigate(withoutQueryString(window.location.href), { replace: true });
  }, [signInOnLoad.isSettled, routerHref, navigate]);

  function leaveResetLink() {
    setResetCode(null);
    // The code is spent or unwanted: the address keeps its path only.
    void navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
  }

  if (resetCode !== null) {
    return (
      <ResetPasswordScreen
        code={resetCode}
        onCancel={leaveResetLink}
        onDone={(email) => {
          rememberEmail(email);
          setChangedPasswordOf(email);
          leaveResetLink();
        }}
      />
    );
  }

  if (user === undefined && me.isError) {
    return (
      <AuthLayout>
        <ErrorCard message={getErrorMessage(me.error)}>
          <Button variant="secondary" isBusy={me.isFetching} onClick={() => void me.refetch()}>
            {me.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
        </ErrorCard>
      </AuthLayout>
    );
  }

  if (user === undefined || !signInOnLoad.isSettled) return <AuthLoading />;

  if (user === null) {
    return changedPasswordOf === null ? (
      <SignInScreen
        initialError={signInOnLoad.error}
        // A link that could not be used: its address stays in the form (else the remembered
        // one), with a new link beside the error (issue 32).
        initialEmail={signInOnLoad.link?.email ?? undefined}
        offerNewLink={signInOnLoad.link !== undefined}
      />
    ) : (
      <SignInScreen
        key={changedPasswordOf}
        initialEmail={changedPasswordOf}
        notice={passwordChangedNotice}
      />
    );
  }

  if (operator.status === 'unknown') return <AuthLoading />;
  if (operator.status === 'not-operator') return <NotOperatorScreen email={user.email} />;
  return (
    <SessionContext value={{ user, operator: operator.record }}>
      <OperatorRolesContext value={operator.record.roles}>{children}</OperatorRolesContext>
    </SessionContext>
  );
}

/**
 * The router's fallback while the first screen's code loads: the progress bar, and the user
 * and page-load checks already under way so that the gate has its answers sooner.
 */
export function AuthGateFallback() {
  useMe();
  useSignInOnLoad();
  return <AuthLoading />;
}
