import type { TSignInMethod } from '@ops/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useReducer, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { TextField } from '@ops/ui/text-field';
import { setSignedInUser } from '../api/me';
import { sendPasswordResetLink } from '../api/send-password-reset-link';
import { getSignInMethods } from '../api/get-sign-in-methods';
import { sendSignInLink } from '../api/send-sign-in-link';
import { signInWithPassword } from '../api/sign-in-with-password';
import { startMicrosoftSignIn } from '../api/start-microsoft-sign-in';
import { AuthErrorBox } from '../components/auth-error-box';
import { AuthLayout } from '../components/auth-layout';
import { MailboxPanel, SentTo } from '../components/mailbox-panel';
import { useTypeToFocus } from '../hooks/use-type-to-focus';
import { getContinueUrl } from '@ops/ui/sign-in/action-link';
import { minimumSignInPasswordLength } from '@ops/ui/sign-in/constants';
import {
  createSignInFormState,
  getVisibleMethods,
  isFirstStep,
  shouldSendLinkAutomatically,
  signInFormReducer,
} from '@ops/ui/sign-in/sign-in-form-state';
import { getRememberedEmail, rememberEmail, setEmailForSignIn } from '@ops/ui/sign-in/storage';
import { normalizeEmail, validateEmail, validatePassword } from '@ops/ui/sign-in/validation';

export type SignInScreenProps = {
  /** An e-mail to start with; by default the one remembered on this browser. */
  initialEmail?: string;
  /** An error to show from the start: a sign-in link or redirect that failed on this load. */
  initialError?: unknown;
  /** That error is a sign-in link's: "Send a new link" beside it (issue 32). */
  offerNewLink?: boolean;
  /** A sentence shown above the form (e.g. that the password was changed). */
  notice?: string;
};

function Divider() {
  return (
    <p className="flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
      or sign in with
    </p>
  );
}

/**
 * Spec §2 "Sign-in screen", steps 1-9, with the states of §4. Shown in place of the console
 * at whatever address was opened, so the person lands there once signed in.
 */
export function SignInScreen({
  initialEmail,
  initialError,
  offerNewLink = false,
  notice,
}: SignInScreenProps) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(signInFormReducer, undefined, () =>
    createSignInFormState({
      email: initialEmail ?? getRememberedEmail() ?? '',
      error: initialError,
      offerNewLink,
    }),
  );
  // Field errors show once the person tried to go on, then follow their typing.
  const [isEmailChecked, setIsEmailChecked] = useState(false);
  const [isPasswordChecked, setIsPasswordChecked] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useTypeToFocus(emailInput);

  const email = normalizeEmail(state.email);
  const emailError = isEmailChecked ? validateEmail(state.email) : null;
  const passwordError = isPasswordChecked ? validatePassword(state.password) : null;
  const isBusy = state.running !== null;
  const visibleMethods = getVisibleMethods(state);

  /** Checks the e-mail before an action; on a problem, shows it and puts the focus there. */
  function isEmailValid(): boolean {
    setIsEmailChecked(true);
    if (validateEmail(state.email) === null) return true;
    emailInput.current?.focus();
    return false;
  }

  async function sendLink(to: string) {
    try {
      await sendSignInLink(to, getContinueUrl(window.location.href));
      setEmailForSignIn(to);
      dispatch({ type: 'link-sent', email: to });
    } catch (error) {
      dispatch({ type: 'failed', error });
    }
  }

  async function lookUpMethods() {
    if (isBusy || !isEmailValid()) return;
    dispatch({ type: 'lookup-started' });
    let methods: TSignInMethod[];
    try {
      ({ methods } = await getSignInMethods(email));
    } catch (error) {
      dispatch({ type: 'failed', error });
      return;
    }
    rememberEmail(email);
    dispatch({ type: 'lookup-succeeded', methods });
    if (shouldSendLinkAutomatically(methods)) await sendLink(email);
  }

  async function signInWithEmailAndPassword() {
    if (isBusy || !isEmailValid()) return;
    setIsPasswordChecked(true);
    if (validatePassword(state.password) !== null) {
      passwordInput.current?.focus();
      return;
    }
    dispatch({ type: 'method-started', method: 'password' });
    try {
      const user = await signInWithPassword(email, state.password);
      rememberEmail(email);
      dispatch({ type: 'signed-in' });
      // The gate moves on to the console (or the not-an-operator message) at once.
      await setSignedInUser(queryClient, user);
    } catch (error) {
      dispatch({ type: 'failed', error });
    }
  }

  async function sendMagicLink() {
    if (isBusy || !isEmailValid()) return;
    dispatch({ type: 'method-started', method: 'emailLink' });
    await sendLink(email);
  }

  /**
   * Issue 32: a spent or expired link's error, and the new link right beside it, to the address
   * in the form (the one the link was completed with, or the remembered one).
   */
  async function sendNewLink() {
    if (isBusy || !isEmailValid()) return;
    dispatch({ type: 'new-link-started' });
    await sendLink(email);
  }

  async function signInWithMicrosoft() {
    if (isBusy) return;
    dispatch({ type: 'method-started', method: 'microsoft' });
    try {
      const { url } = await startMicrosoftSignIn(getContinueUrl(window.location.href));
      // Sign-in by redirect: the button stays busy until the provider's page replaces this one.
      window.location.assign(url);
    } catch (error) {
      dispatch({ type: 'failed', error });
    }
  }

  async function sendPasswordReset() {
    if (isBusy || !isEmailValid()) return;
    dispatch({ type: 'password-reset-started' });
    try {
      await sendPasswordResetLink(email, getContinueUrl(window.location.href));
      dispatch({ type: 'password-reset-link-sent', email });
    } catch (error) {
      dispatch({ type: 'failed', error });
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter in a field: the first step's Continue, else the password form's Sign in, else the
    // only method shown.
    if (isFirstStep(state)) void lookUpMethods();
    else if (visibleMethods.includes('password')) void signInWithEmailAndPassword();
    else if (visibleMethods.length === 1 && visibleMethods[0] === 'emailLink') void sendMagicLink();
    else if (visibleMethods.length === 1 && visibleMethods[0] === 'microsoft') {
      void signInWithMicrosoft();
    }
  }

  function startAgain() {
    setIsEmailChecked(false);
    setIsPasswordChecked(false);
    dispatch({ type: 'dismissed' });
  }

  const methodForms: Record<TSignInMethod, ReactNode> = {
    password: (
      <div className="flex flex-col gap-3">
        <TextField
          ref={passwordInput}
          label="Your password"
          help={`At least ${minimumSignInPasswordLength} characters.`}
          error={passwordError}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          minLength={minimumSignInPasswordLength}
          value={state.password}
          onChange={(event) => dispatch({ type: 'password-edited', password: event.target.value })}
        />
        <a
          // Spec §2 step 3 shows a dead '#' link; this one e-mails a password-reset link.
          href="#"
          aria-disabled={isBusy || undefined}
          onClick={(event) => {
            event.preventDefault();
            void sendPasswordReset();
          }}
          className={`self-start rounded-sm text-sm font-medium text-sky-700 underline underline-offset-2 aria-disabled:cursor-wait ${focusRing}`}
        >
          {state.running === 'passwordReset' ? 'Sending a reset link…' : 'Forgot your password?'}
        </a>
        <Button type="submit" isBusy={state.running === 'password'}>
          {state.running === 'password' ? 'Signing in…' : 'Sign in'}
        </Button>
      </div>
    ),
    emailLink: (
      <Button
        variant={visibleMethods[0] === 'emailLink' ? 'primary' : 'secondary'}
        isBusy={state.running === 'emailLink'}
        onClick={() => void sendMagicLink()}
      >
        {state.running === 'emailLink' ? 'Sending magic link…' : 'Send a magic link by email'}
      </Button>
    ),
    microsoft: (
      <Button
        variant={visibleMethods[0] === 'microsoft' ? 'primary' : 'secondary'}
        isBusy={state.running === 'microsoft'}
        onClick={() => void signInWithMicrosoft()}
      >
        {state.running === 'microsoft' ? 'Signing-in with Microsoft…' : 'Sign in with Microsoft'}
      </Button>
    ),
  };

  let content: ReactNode;
  if (state.linkSentTo !== null) {
    content = (
      <MailboxPanel actionLabel="Dismiss and start again" onAction={startAgain}>
        An email with a sign-in link was sent to <SentTo email={state.linkSentTo} />. Please click
        the link in it to sign in.
      </MailboxPanel>
    );
  } else if (state.resetLinkSentTo !== null) {
    content = (
      <MailboxPanel
        actionLabel="Back to sign-in"
        onAction={() => dispatch({ type: 'password-reset-dismissed' })}
      >
        An email with a link to reset your password was sent to{' '}
        <SentTo email={state.resetLinkSentTo} />. Please click the link in it to choose a new
        password.
      </MailboxPanel>
    );
  } else {
    content = (
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          ref={emailInput}
          label="Your email address"
          help="The address your account is registered with."
          error={emailError}
          type="email"
          name="email"
          autoComplete="username"
          required
          readOnly={isBusy}
          value={state.email}
          onChange={(event) => dispatch({ type: 'email-edited', email: event.target.value })}
        />
        {isFirstStep(state) ? (
          <Button type="submit" isBusy={state.running === 'lookup'}>
            {state.running === 'lookup' ? 'Loading…' : 'Continue'}
          </Button>
        ) : (
          visibleMethods.map((method, index) => (
            <Fragment key={method}>
              {index > 0 ? <Divider /> : null}
              {methodForms[method]}
            </Fragment>
          ))
        )}
      </form>
    );
  }

  return (
    <AuthLayout>
      {notice ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          {notice}
        </p>
      ) : null}
      {content}
      {state.error !== null ? (
        <AuthErrorBox error={state.error}>
          {state.newLinkOffered && state.linkSentTo === null ? (
            <Button
              variant="secondary"
              isBusy={state.running === 'newLink'}
              onClick={() => void sendNewLink()}
            >
              {state.running === 'newLink' ? 'Sending a new link…' : 'Send a new link'}
            </Button>
          ) : null}
        </AuthErrorBox>
      ) : null}
    </AuthLayout>
  );
}
