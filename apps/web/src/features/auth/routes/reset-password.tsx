import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@ops/ui/button';
import { ProgressBar } from '@/components/progress-bar';
import { TextField } from '@ops/ui/text-field';
import { isApiError } from '@ops/ui/api-client';
import { usePasswordResetCode } from '../api/check-password-reset-code';
import { useCompletePasswordReset } from '../api/complete-password-reset';
import { AuthErrorBox } from '../components/auth-error-box';
import { EmailAddress } from '../components/email-address';
import { AuthLayout } from '../components/auth-layout';
import { minimumNewPasswordLength } from '@ops/ui/sign-in/constants';
import { validateNewPassword, validatePasswordConfirmation } from '@ops/ui/sign-in/validation';

export type ResetPasswordScreenProps = {
  /** The oobCode of the e-mailed link. */
  code: string;
  /** The password was changed for the account `email`. */
  onDone: (email: string) => void;
  /** Back to the sign-in screen without changing anything. */
  onCancel: () => void;
};

/**
 * Opened from an e-mailed `mode=resetPassword` link: shows whose password it is, asks for the
 * new one twice, and reports the server's refusal (too short, too common) under the field.
 */
export function ResetPasswordScreen({ code, onDone, onCancel }: ResetPasswordScreenProps) {
  const check = usePasswordResetCode(code);
  const change = useCompletePasswordReset(code);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isChecked, setIsChecked] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  const confirmationInput = useRef<HTMLInputElement>(null);

  const email = check.data?.email;
  // The server's reason for refusing the password belongs to the field, not to the error box.
  const refusal = isApiError(change.error, 'auth/weak-password') ? change.error.message : null;
  const passwordError = (isChecked ? validateNewPassword(password) : null) ?? refusal;
  const confirmationError = isChecked ? validatePasswordConfirmation(password, confirmation) : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending || email === undefined) return;
    setIsChecked(true);
    if (validateNewPassword(password) !== null) {
      passwordInput.current?.focus();
      return;
    }
    if (validatePasswordConfirmation(password, confirmation) !== null) {
      confirmationInput.current?.focus();
      return;
    }
    change.mutate(password, {
      onSuccess: () => onDone(email),
      onError: (error) => {
        if (isApiError(error, 'auth/weak-password')) passwordInput.current?.focus();
      },
    });
  }

  const backButton = (
    <Button variant="secondary" onClick={onCancel}>
      Back to sign-in
    </Button>
  );

  if (check.isPending) {
    return (
      <AuthLayout>
        <div role="status" className="flex flex-col gap-2 text-sm text-slate-600">
          <ProgressBar label="Checking the link" />
          Checking your password-reset link…
        </div>
      </AuthLayout>
    );
  }

  if (check.isError) {
    return (
      <AuthLayout>
        <h2 className="text-base font-semibold">Reset your password</h2>
        <p className="text-sm text-slate-600">
          This password-reset link cannot be used. Ask for a new one with &lsquo;Forgot your
          password?&rsquo; on the sign-in screen.
        </p>
        <AuthErrorBox error={check.error} />
        {backButton}
      </AuthLayout>
    );
  }

  const otherError = change.isError && refusal === null ? change.error : null;
  return (
    <AuthLayout>
      <div>
        <h2 className="text-base font-semibold">Reset your password</h2>
        <p className="mt-1 text-sm break-words text-slate-600">
          Choose a new password for{' '}
          <strong className="font-semibold">
            <EmailAddress email={email ?? ''} />
          </strong>
          .
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {/* Lets a password manager store the new password under the right account. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <TextField
          ref={passwordInput}
          label="New password"
          help={`At least ${minimumNewPasswordLength} characters; common passwords are refused.`}
          error={passwordError}
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          minLength={minimumNewPasswordLength}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (change.isError) change.reset();
          }}
        />
        <TextField
          ref={confirmationInput}
          label="Confirm new password"
          help="Type the new password once more."
          error={confirmationError}
          type="password"
          name="new-password-confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <Button type="submit" isBusy={change.isPending}>
          {change.isPending ? 'Changing password…' : 'Change password'}
        </Button>
        {backButton}
      </form>
      {otherError ? <AuthErrorBox error={otherError} /> : null}
    </AuthLayout>
  );
}
