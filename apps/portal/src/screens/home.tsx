import { Link } from 'react-router';
import { SignInPanel } from '../components/sign-in-panel';
import { paths } from '../config/screens';
import { Message } from '../i18n/message';
import { useSession } from '../session/session';

/** `PORTAL_URL/`: the signed-in person's home (their applications), else the way to sign in. */
export function HomeScreen() {
  const { session } = useSession();
  if (session.state !== 'signed-in') {
    return <SignInPanel continuePath={paths.home.getHref()} title="signIn.title" />;
  }
  return (
    <section aria-labelledby="home-title" className="space-y-4">
      <h1 id="home-title" className="text-2xl font-semibold">
        <Message id="home.title" />
      </h1>
      <Link
        to={paths.apply.getHref()}
        className="inline-flex min-h-11 items-center rounded-md bg-sky-700 px-4 font-medium text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
      >
        <Message id="home.apply" />
      </Link>
    </section>
  );
}
