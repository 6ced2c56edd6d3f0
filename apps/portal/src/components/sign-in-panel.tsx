import { Button } from '@ops/ui/button';
import { getRememberedEmail, rememberEmail, setEmailForSignIn } from '@ops/ui/sign-in/storage';
import { validateEmail } from '@ops/ui/sign-in/validation';
import { TextField } from '@ops/ui/text-field';
import { useState, type FormEvent } from 'react';
import { useLanguage } from '../i18n/language-provider';
import { Message, useMessages } from '../i18n/message';
import type { MessageId } from '../i18n/messages/en';
import { authApi } from '../session/auth-api';
import { useSession } from '../session/session';
import { signInErrorMessage } from '../session/sign-in-errors';
import { ErrorAlert } from './alert';
import { TitledSection } from './titled-section';

/** The address's problem as a message id, or null: the server's rule, checked before sending. */
function emailProblem(email: string): MessageId | null {
  if (email.trim() === '') return 'error.emailRequired';
  return validateEmail(email.trim()) === null ? null : 'error.emailInvalid';
}

/**
 * Sign-in by e-mailed link, the portal's way in: an address, then "check your inbox". The link
 * comes back to `continuePath`. Opened where this browser did not ask for it, the link's address
 * is asked for first (the session's `confirm` state). Errors are announced (role="alert") and
 * name the field.
 */
export function SignInPanel({ continuePath, title }: { continuePath: string; title: MessageId }) {
  const t = useMessages();
  const { session, completeLink } = useSession();
  const { language } = useLanguage();
  const [email, setEmail] = useState(() => getRememberedEmail() ?? '');
  const [fieldError, setFieldError] = useState<MessageId | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [requestError, setRequestError] = useState<unknown>(null);

  const isConfirming = session.state === 'confirm';
  const shownError =
    requestError ??
    (session.state === 'confirm' ? session.error : null) ??
    (session.state === 'signed-out' ? session.linkError : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    setFieldError(problem);
    if (problem) return;
    const address = email.trim();
    setIsBusy(true);
    setRequestError(null);
    try {
      if (session.state === 'confirm') {
        await completeLink(address, session.code);
        return;
      }
      const continueUrl = new URL(continuePath, window.location.origin).href;
      await authApi.sendLink(address, continueUrl, language);
      setEmailForSignIn(address);
      rememberEmail(address);
      setSentTo(address);
    } catch (error) {
      setRequestError(error);
    } finally {
      setIsBusy(false);
    }
  }

  if (sentTo !== null) {
    return (
      <TitledSection id="sign-in-title" title={<Message id={title} />} className="space-y-4">
        <p role="status" className="rounded-md border border-sky-200 bg-sky-50 p-3 break-words">
          {t('signIn.sent', { email: sentTo })}
        </p>
        <Button variant="secondary" className="min-h-11" onClick={() => setSentTo(null)}>
          <Message id="signIn.useAnother" />
        </Button>
      </TitledSection>
    );
  }

  const error = shownError ? signInErrorMessage(shownError) : null;
  return (
    <TitledSection
      id="sign-in-title"
      title={<Message id={isConfirming ? 'signIn.confirmTitle' : title} />}
      className="space-y-4"
    >
      <p className="text-slate-700">
        <Message id={isConfirming ? 'signIn.confirmIntro' : 'signIn.intro'} />
      </p>
      {error ? <ErrorAlert>{t(error.id, error.values)}</ErrorAlert> : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <TextField
          label={t('signIn.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            // An error shown goes as soon as the address is right, not when the field is left:
            // on a phone the button would move under the finger that taps it.
            if (fieldError) setFieldError(emailProblem(event.target.value));
          }}
          onBlur={() => setFieldError(email === '' ? null : emailProblem(email))}
          error={fieldError ? t(fieldError) : null}
          required
        />
        <Button type="submit" isBusy={isBusy} className="min-h-11 w-full sm:w-auto">
          {isConfirming ? (
            <Message id={isBusy ? 'signIn.signingIn' : 'signIn.confirm'} />
          ) : (
            <Message id={isBusy ? 'signIn.sending' : 'signIn.send'} />
          )}
        </Button>
      </form>
    </TitledSection>
  );
}
