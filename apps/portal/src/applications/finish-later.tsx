import { Button } from '@ops/ui/button';
import { useState } from 'react';
import { useLanguage } from '../i18n/language-provider';
import { Message } from '../i18n/message';
import { authApi } from '../session/auth-api';

type State = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * "Finish later": the person is e-mailed a sign-in link that opens this draft, so a phone
 * started on the train is finished at the office. It is the sign-in link of the portal, with the
 * draft as where it continues: the same single-use, 15-minute code and the same throttles.
 */
export function FinishLater({ aid, email }: { aid: string; email: string }) {
  const { language } = useLanguage();
  const [state, setState] = useState<State>('idle');
  async function send() {
    setState('sending');
    try {
      await authApi.sendLink(email, `${window.location.origin}/applications/${aid}`, language);
      setState('sent');
    } catch {
      setState('failed');
    }
  }
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm text-slate-700">
      <div>
        <Button
          variant="secondary"
          className="min-h-11"
          isBusy={state === 'sending'}
          onClick={() => void send()}
        >
          <Message id={state === 'sending' ? 'drafts.sending' : 'drafts.finishLater'} />
        </Button>
      </div>
      <p role="status" className={state === 'failed' ? 'text-red-800' : undefined}>
        {state === 'sent' ? <Message id="drafts.sent" values={{ email }} /> : null}
        {state === 'failed' ? <Message id="drafts.failed" /> : null}
      </p>
      <p className="text-xs text-slate-600">
        <Message id="drafts.expiry" />
      </p>
    </div>
  );
}
