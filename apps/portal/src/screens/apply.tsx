import type { ReactNode } from 'react';
import { StartApplication } from '../applications/start-application';
import { SignInPanel } from '../components/sign-in-panel';
import { paths } from '../config/screens';
import { Message, useMessages } from '../i18n/message';
import type { MessageId } from '../i18n/messages/en';
import { useSession } from '../session/session';

/** One of the page's short parts (who, cost, next), a region named by its heading. */
function ApplyPart({ id, title, children }: { id: string; title: MessageId; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-1">
      <h2 id={id} className="text-lg font-semibold">
        <Message id={title} />
      </h2>
      {children}
    </section>
  );
}

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
      <ApplyPart id="apply-who" title="apply.whoTitle">
        <p>
          <Message id="apply.whoText" />
        </p>
      </ApplyPart>
      <ApplyPart id="apply-cost" title="apply.costTitle">
        <p>
          <Message id="apply.costText" />
        </p>
      </ApplyPart>
      <ApplyPart id="apply-next" title="apply.nextTitle">
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
      </ApplyPart>
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
