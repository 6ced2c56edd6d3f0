import { useState } from 'react';
import { Link } from 'react-router';
import { focusRing } from '@ops/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '../hooks/use-session';
import { getInitials } from '../utils/initials';
import { SignOutButton } from './sign-out-button';

function UserPhoto({ photoURL, initials }: { photoURL: string | null; initials: string }) {
  // A photo that fails to load (moved, offline) gives way to the initials.
  const [failedURL, setFailedURL] = useState<string | null>(null);
  const className = 'size-9 shrink-0 rounded-full';
  if (photoURL && photoURL !== failedURL) {
    return (
      <img
        src={photoURL}
        alt=""
        width={36}
        height={36}
        referrerPolicy="no-referrer"
        onError={() => setFailedURL(photoURL)}
        className={`${className} bg-slate-200 object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${className} flex items-center justify-center bg-sky-100 text-xs font-semibold text-sky-800`}
    >
      {initials}
    </span>
  );
}

/** Spec §2 "Shell" footer: who is signed in, their profile, the operator marker, sign-out. */
export function UserFooter() {
  const { user, operator } = useSession();
  const name = user.displayName?.trim() || null;
  return (
    <section aria-label="Signed-in user" className="flex flex-col gap-3 p-3">
      <div className="flex min-w-0 items-start gap-3">
        <UserPhoto photoURL={user.photoURL} initials={getInitials(user.displayName, user.email)} />
        <div className="flex min-w-0 flex-col text-sm">
          {/* Without a display name the e-mail takes its place, shown once. */}
          {name ? (
            <p className="truncate font-medium text-slate-900" title={name}>
              {name}
            </p>
          ) : null}
          <p
            className={`truncate ${name ? 'text-xs text-slate-600' : 'font-medium text-slate-900'}`}
            title={user.email}
          >
            {user.email}
          </p>
          <Link
            to={paths.user.getHref({ uid: user.uid })}
            className={`mt-0.5 self-start rounded-sm text-xs font-medium text-sky-700 underline-offset-2 hover:underline ${focusRing}`}
          >
            View profile
          </Link>
          {operator ? (
            <p className="mt-1 self-start rounded-sm bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-600/20 ring-inset">
              Operator
            </p>
          ) : null}
        </div>
      </div>
      <SignOutButton />
    </section>
  );
}
