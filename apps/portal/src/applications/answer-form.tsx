import {
  maxApplicantAnswerLength,
  type TPortalApplication,
} from '@ops/contract/portal-applications';
import { isApiError } from '@ops/ui/api-client';
import { Button } from '@ops/ui/button';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useMessages } from '../i18n/message';
import type { MessageId } from '../i18n/messages/en';
import { applicationsApi } from './api';
import { DocumentsStep } from './documents-step';
import { NoticeAlert } from '../components/alert';

type Problem = { id: MessageId; values?: Record<string, number> };

/** What is wrong with the answer as typed, in the server's rules (trimmed, 1–4000 characters). */
function problemOf(text: string): Problem | null {
  const trimmed = text.trim();
  if (trimmed === '') return { id: 'answers.error.required' };
  if (trimmed.length > maxApplicantAnswerLength) {
    return {
      id: 'answers.error.tooLong',
      values: { max: maxApplicantAnswerLength, count: trimmed.length },
    };
  }
  return null;
}

/**
 * The applicant's answer to headquarters' request for information (issue 34): a labelled text
 * area with its Send, and the documents step behind "Add documents" for a document asked for
 * (uploaded at once, before the answer is sent). Errors are announced and name the field; a
 * version changed meanwhile (another device) shows the latest and keeps the text typed.
 */
export function AnswerForm({
  application,
  onChange,
  onDone,
}: {
  application: TPortalApplication;
  onChange: (application: TPortalApplication) => void;
  /** The answer went (`sent`), or headquarters no longer waits for one (`closed`). */
  onDone: (application: TPortalApplication, outcome: 'sent' | 'closed') => void;
}) {
  const t = useMessages();
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<MessageId | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [showsDocuments, setShowsDocuments] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const toggleId = `${id}-documents-toggle`;
  const panelId = `${id}-documents`;

  const closeDocuments = (focus: 'answer' | 'toggle') => {
    setShowsDocuments(false);
    requestAnimationFrame(() =>
      focus === 'answer' ? textRef.current?.focus() : document.getElementById(toggleId)?.focus(),
    );
  };

  /** The latest of the application, after a 409: closed meanwhile, or changed on another device. */
  async function reload(isClosed: boolean) {
    try {
      const latest = await applicationsApi.get(application.aid);
      if (isClosed || latest.status !== 'information-requested') onDone(latest, 'closed');
      else {
        onChange(latest);
        setNotice('answers.error.conflict');
      }
    } catch {
      setNotice(isClosed ? 'answers.error.closed' : 'answers.error.conflict');
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const found = problemOf(text);
    setProblem(found);
    if (found) {
      textRef.current?.focus();
      return;
    }
    setIsBusy(true);
    try {
      const sent = await applicationsApi.answer(application.aid, {
        text: text.trim(),
        version: application.version,
      });
      onDone(sent, 'sent');
    } catch (error) {
      const issue = isApiError(error) ? error.issues?.[0] : undefined;
      if (issue?.rule === 'too_small') setProblem({ id: 'answers.error.required' });
      else if (issue?.rule === 'too_big') setProblem(problemOf(text));
      else if (isApiError(error, 'aborted')) await reload(issue?.rule === 'status');
      else setNotice(isApiError(error) ? 'answers.error.other' : 'answers.error.network');
    } finally {
      setIsBusy(false);
    }
  }

  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  return (
    <section aria-labelledby={`${id}-label`} className="space-y-3">
      {notice ? <NoticeAlert>{t(notice)}</NoticeAlert> : null}
      <form noValidate onSubmit={(event) => void send(event)} className="space-y-3">
        <div className="flex flex-col gap-1">
          <label id={`${id}-label`} htmlFor={id} className="font-semibold text-slate-900">
            {t('answers.label')}
          </label>
          <p id={helpId} className="text-sm text-slate-600">
            {t('answers.help', { max: maxApplicantAnswerLength })}
          </p>
          <textarea
            ref={textRef}
            id={id}
            name="text"
            rows={6}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (problem) setProblem(problemOf(event.target.value));
            }}
            onBlur={() => {
              // Left with too much: said now; an empty answer only when it is sent.
              if (text.trim() !== '') setProblem(problemOf(text));
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${helpId} ${errorId}` : helpId}
            className={[
              'min-h-32 w-full max-w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600',
              problem ? 'border-red-600' : 'border-slate-300',
            ].join(' ')}
          />
          {problem ? (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {t(problem.id, problem.values)}
            </p>
          ) : null}
        </div>
        <Button type="submit" isBusy={isBusy} className="min-h-11 min-w-11">
          {t(isBusy ? 'answers.sending' : 'answers.send')}
        </Button>
      </form>
      <div className="space-y-3 rounded-md border border-slate-200 bg-white p-3">
        <p className="text-sm text-slate-700">{t('answers.documentsHint')}</p>
        <Button
          id={toggleId}
          variant="secondary"
          className="min-h-11"
          aria-expanded={showsDocuments}
          aria-controls={panelId}
          onClick={() => (showsDocuments ? closeDocuments('toggle') : setShowsDocuments(true))}
        >
          {t(showsDocuments ? 'answers.hideDocuments' : 'answers.addDocuments')}
        </Button>
        <div id={panelId} hidden={!showsDocuments}>
          {showsDocuments ? (
            <DocumentsStep
              application={application}
              onChange={onChange}
              onContinue={() => closeDocuments('answer')}
              onBack={() => closeDocuments('toggle')}
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}
