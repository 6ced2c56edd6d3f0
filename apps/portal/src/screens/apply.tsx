import { StartApplication } from '../applications/start-application';
import { SignInPanel } from '../components/sign-in-panel';
import { paths } from '../config/screens';
import { Message, useMessages } from '../i18n/message';
import { useSession } from '../session/session';

/**
 * `PORTAL_URL/apply`: who may apply, what it costs, what happens next, in a few lines; then the
 * e-mail address the application will belong to, verified by a link before anything is stored.
 */
export function ApplyScreen() {
  const t = useMessages();
  const { session } = useSession();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">
        <Message id="apply.title" />
      </h1>
      <section aria-labelledby="apply-who" className="space-y-1">
        <h2 id="apply-who" className="text-lg font-semibold">
          <Message id="apply.whoTitle" />
        </h2>
        <p>
          <Message id="apply.whoText" />
        </p>
      </section>
      <section aria-labelledby="apply-cost" className="space-y-1">
        <h2 id="apply-cost" className="text-lg font-semibold">
          <Message id="apply.costTitle" />
        </h2>
        <p>
          <Message id="apply.costText" />
        </p>
      </section>
      <section aria-labelledby="apply-next" className="space-y-1">
        <h2 id="apply-next" className="text-lg font-semibold">
          <Message id="apply.nextTitle" />
        </h2>
        <ol className="list-decimal space-y-1 pl-5">
          <li>
            <Message id="apply.stepEndorsement" />
          </li>
          <li>
            <Message id="apply.stepReview" />
          </li>
          <li>
            <Message id="apply.stepInvoice" />
          </li>
        </ol>
      </section>
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        {session.state === 'signed-in' ? (
          <div className="space-y-4">
            <p>{t('apply.signedIn', { email: session.user.email })}</p>
            <StartApplication />
          </div>
        ) : (
          <>
            <p className="mb-4 text-slate-700">
              <Message id="apply.startText" />
            </p>
            <SignInPanel continuePath={paths.apply.getHref()} title="apply.startTitle" />
          </>
        )}
      </div>
    </div>
  );
}
