import { EmailAddress } from '../components/email-address';
import { SignOutButton } from '../components/sign-out-button';

/** Spec §2/§6: a signed-in user without an operator record sees only this and a sign-out. */
export function NotOperatorScreen({ email }: { email: string }) {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-12 text-slate-900 sm:items-center">
      <div className="flex w-full max-w-sm flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-base font-semibold">
          <EmailAddress email={email} /> is not an operator.
        </h1>
        <SignOutButton />
      </div>
    </main>
  );
}
