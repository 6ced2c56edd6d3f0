import { Button } from '@ops/ui/button';
import { ErrorCard } from '@ops/ui/error-card';
import { getErrorMessage } from '@ops/ui/error-message';
import { useSignOut } from '../api/sign-out';

/** 'Sign out' ('Signing out…' while running); a failure shows in the 'An error occured' card. */
export function SignOutButton({ className }: { className?: string }) {
  const signOut = useSignOut();
  return (
    <div className={['flex flex-col gap-2', className].filter(Boolean).join(' ')}>
      <Button variant="secondary" isBusy={signOut.isPending} onClick={() => signOut.mutate()}>
        {signOut.isPending ? 'Signing out…' : 'Sign out'}
      </Button>
      {signOut.isError ? <ErrorCard message={getErrorMessage(signOut.error)} /> : null}
    </div>
  );
}
