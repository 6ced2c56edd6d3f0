import type { TPortalApplication } from '@ops/contract/portal-applications';
import { isApiError } from '@ops/ui/api-client';
import { Button } from '@ops/ui/button';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { AnswerForm } from '../applications/answer-form';
import { applicationsApi } from '../applications/api';
import { DocumentsReview, DocumentsStep } from '../applications/documents-step';
import { FinishLater } from '../applications/finish-later';
import { FieldInput } from '../applications/field-input';
import {
  contactFields,
  contactRoles,
  problemOf,
  stepFields,
  steps,
  type FormValues,
  type Step,
} from '../applications/fields';
import { fieldKeyOfIssue, resumeStep, stepChange, toFormValues } from '../applications/form-values';
import { StatusBadge } from '../applications/status-badge';
import { paths } from '../config/screens';
import { Message, useMessages } from '../i18n/message';
import { useSession } from '../session/session';
import { SignInPanel } from '../components/sign-in-panel';
import type { MessageId } from '../i18n/messages/en';
import { signInErrorMessage } from '../session/sign-in-errors';
import { ErrorAlert, NoticeAlert } from '../components/alert';

type Errors = Record<string, MessageId>;

const stepLabels: Record<Step, MessageId> = {
  company: 'step.company',
  address: 'step.address',
  contacts: 'step.contacts',
  documents: 'documents.step',
  review: 'step.review',
};

const contactLabels: Record<(typeof contactRoles)[number], MessageId> = {
  primary: 'contact.primary',
  billing: 'contact.billing',
  director: 'contact.director',
};

/** The server's field issues as the form's errors; a rule the form cannot word is "check this". */
function serverErrors(error: unknown, values: FormValues): Errors {
  if (!isApiError(error) || !error.issues) return {};
  const errors: Errors = {};
  const fields = Object.values(stepFields).flat();
  for (const issue of error.issues) {
    const key = fieldKeyOfIssue(issue.path, values);
    const field = fields.find((each) => each.key === key);
    errors[key] =
      issue.rule === 'required' ? 'invalid.required' : (field?.invalid ?? 'invalid.other');
  }
  return errors;
}

/**
 * `PORTAL_URL/applications/{aid}`: a draft is the form, one step at a time, each step saved on
 * the server as the person moves on (a reload, another device or a week later resumes at the
 * first step still missing something); a submitted application is its summary, its status and
 * what headquarters said.
 */
export function ApplicationScreen() {
  const { aid = '' } = useParams();
  const { session } = useSession();
  // A link from an e-mail (a request for information, a draft's reminder) may open here signed
  // out: sign in, then come back to this application.
  if (session.state !== 'signed-in') {
    return <SignInPanel continuePath={paths.application.getHref({ aid })} title="signIn.title" />;
  }
  return <OwnApplication key={aid} aid={aid} />;
}

/** The signed-in person's application: the draft's steps, or where a submitted one stands. */
function OwnApplication({ aid }: { aid: string }) {
  const [application, setApplication] = useState<TPortalApplication | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  useEffect(() => {
    let isCurrent = true;
    applicationsApi.get(aid).then(
      (loaded) => {
        if (isCurrent) setApplication(loaded);
      },
      (error: unknown) => {
        if (isCurrent) setLoadError(error);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [aid]);

  if (loadError) {
    const message = isApiError(loadError, 'not-found') ? null : signInErrorMessage(loadError);
    return (
      <ErrorAlert>
        {message ? (
          <Message id={message.id} values={message.values} />
        ) : (
          <Message id="apps.notFound" />
        )}
      </ErrorAlert>
    );
  }
  if (!application)
    return (
      <p role="status">
        <Message id="apps.loading" />
      </p>
    );
  return application.status === 'draft' ? (
    <DraftForm application={application} onChange={setApplication} />
  ) : (
    <ApplicationSummary application={application} onChange={setApplication} />
  );
}

function DraftForm({
  application,
  onChange,
}: {
  application: TPortalApplication;
  onChange: (application: TPortalApplication) => void;
}) {
  const t = useMessages();
  const { session } = useSession();
  const [values, setValues] = useState<FormValues>(() => toFormValues(application));
  const [step, setStep] = useState<Step>(() => resumeStep(toFormValues(application)));
  const [errors, setErrors] = useState<Errors>({});
  const [isBusy, setIsBusy] = useState(false);
  const [notice, setNotice] = useState<MessageId | null>(null);
  const [countries, setCountries] = useState<{ iso2: string; name: string }[]>([]);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void applicationsApi.countries().then((list) => setCountries(list.items));
  }, []);

  const goTo = (next: Step) => {
    setStep(next);
    setNotice(null);
    // The new step's heading takes the focus, so a screen reader hears where it is.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const fieldsOf = (shown: Step) => (shown === 'review' ? [] : stepFields[shown]);

  function setValue(key: string, value: string) {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) {
      const field = Object.values(stepFields)
        .flat()
        .find((each) => each.key === key);
      const problem = field ? problemOf(field, value) : null;
      setErrors(({ [key]: _gone, ...rest }) => (problem ? { ...rest, [key]: problem } : rest));
    }
  }

  function checkOnLeave(key: string) {
    const field = Object.values(stepFields)
      .flat()
      .find((each) => each.key === key);
    const problem = field ? problemOf(field, values[key] ?? '') : null;
    setErrors(({ [key]: _gone, ...rest }) => (problem ? { ...rest, [key]: problem } : rest));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (step === 'review') return;
    const problems: Errors = {};
    for (const field of fieldsOf(step)) {
      const problem = problemOf(field, values[field.key] ?? '');
      if (problem) problems[field.key] = problem;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setIsBusy(true);
    try {
      const saved = await applicationsApi.update(
        application.aid,
        stepChange(step, values, application.version),
      );
      onChange(saved);
      goTo(steps[steps.indexOf(step) + 1] ?? 'review');
    } catch (error) {
      if (isApiError(error, 'conflict') || isApiError(error, 'aborted')) {
        const latest = await applicationsApi.get(application.aid);
        onChange(latest);
        setValues(toFormValues(latest));
        setNotice('form.conflict');
      } else {
        setErrors(serverErrors(error, values));
        if (!isApiError(error)) setNotice('error.network');
      }
    } finally {
      setIsBusy(false);
    }
  }

  async function submit() {
    setIsBusy(true);
    try {
      onChange(await applicationsApi.submit(application.aid, application.version));
    } catch (error) {
      const found = serverErrors(error, values);
      setErrors(found);
      const firstStep = (['company', 'address', 'contacts'] as const).find((each) =>
        stepFields[each].some((field) => found[field.key]),
      );
      if (firstStep) goTo(firstStep);
      else setNotice(isApiError(error) ? 'invalid.other' : 'error.network');
    } finally {
      setIsBusy(false);
    }
  }

  const index = steps.indexOf(step);
  const errorCount = Object.keys(errors).length;
  const renderField = (key: string) => {
    const field = Object.values(stepFields)
      .flat()
      .find((each) => each.key === key);
    if (!field) return null;
    return (
      <FieldInput
        key={key}
        field={field}
        value={values[key] ?? ''}
        error={errors[key] ?? null}
        countries={countries}
        onChange={(value) => setValue(key, value)}
        onBlur={() => checkOnLeave(key)}
      />
    );
  };

  return (
    <div className="space-y-4">
      <Link to={paths.home.getHref()} className="text-sm text-sky-800 underline">
        <Message id="apps.back" />
      </Link>
      <p className="text-sm text-slate-600">
        {t('view.number', { number: application.number })} ·{' '}
        {t('form.stepOf', { step: String(index + 1), total: String(steps.length) })}
      </p>
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold">
        <Message id={stepLabels[step]} />
      </h1>
      {notice ? <NoticeAlert>{t(notice)}</NoticeAlert> : null}
      {errorCount > 0 ? (
        <p role="alert" className="text-sm text-red-800">
          {t('form.errors', { count: String(errorCount) })}
        </p>
      ) : null}
      {step === 'review' ? (
        <>
          <Review values={values} countries={countries} onEdit={goTo} />
          <DocumentsReview application={application} onEdit={() => goTo('documents')} />
        </>
      ) : step === 'documents' ? (
        <DocumentsStep
          application={application}
          onChange={onChange}
          onContinue={() => goTo('review')}
          onBack={() => goTo('contacts')}
        />
      ) : (
        <form noValidate onSubmit={(event) => void save(event)} className="space-y-4">
          {step === 'contacts'
            ? contactRoles.map((role) => (
                <fieldset key={role} className="space-y-3 rounded-md border border-slate-200 p-3">
                  <legend className="px-1 font-medium">
                    <Message id={contactLabels[role]} />
                  </legend>
                  {contactFields(role).map((field) => renderField(field.key))}
                </fieldset>
              ))
            : fieldsOf(step).map((field) => renderField(field.key))}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" isBusy={isBusy} className="min-h-11">
              <Message id={isBusy ? 'form.saving' : 'form.save'} />
            </Button>
            {index > 0 ? (
              <Button
                variant="secondary"
                className="min-h-11"
                onClick={() => goTo(steps[index - 1] ?? 'company')}
              >
                <Message id="form.back" />
              </Button>
            ) : null}
          </div>
        </form>
      )}
      {step === 'review' ? (
        <div className="flex flex-wrap gap-2">
          <Button isBusy={isBusy} className="min-h-11" onClick={() => void submit()}>
            <Message id={isBusy ? 'review.submitting' : 'review.submit'} />
          </Button>
          <Button variant="secondary" className="min-h-11" onClick={() => goTo('documents')}>
            <Message id="form.back" />
          </Button>
        </div>
      ) : null}
      <p className="text-sm text-slate-600">
        <Message id="form.savedAsYouGo" />
      </p>
      {session.state === 'signed-in' ? (
        <FinishLater aid={application.aid} email={session.user.email} />
      ) : null}
    </div>
  );
}

/** The answers of every step, to read over before submitting, each step with its Edit. */
function Review({
  values,
  countries,
  onEdit,
}: {
  values: FormValues;
  countries: { iso2: string; name: string }[];
  onEdit: (step: Step) => void;
}) {
  const t = useMessages();
  const intl = useIntl();
  const names = new Intl.DisplayNames([intl.locale], { type: 'region' });
  const shown = (key: string) => {
    const value = values[key]?.trim() ?? '';
    if (key === 'address.countryIso2' && value) {
      return names.of(value) ?? countries.find((country) => country.iso2 === value)?.name ?? value;
    }
    return value || '—';
  };
  return (
    <div className="space-y-4">
      {(['company', 'address', 'contacts'] as const).map((each) => (
        <section
          key={each}
          aria-labelledby={`review-${each}`}
          className="rounded-md border border-slate-200 bg-white p-3"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id={`review-${each}`} className="font-semibold">
              <Message id={stepLabels[each]} />
            </h2>
            <Button variant="secondary" className="min-h-11" onClick={() => onEdit(each)}>
              {t('review.edit')}
              <span className="sr-only"> {t(stepLabels[each])}</span>
            </Button>
          </div>
          <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
            {stepFields[each]
              .filter((field) => each !== 'contacts' || values[field.key]?.trim())
              .map((field) => (
                <div key={field.key} className="min-w-0">
                  <dt className="text-xs text-slate-600">
                    {each === 'contacts'
                      ? `${t(contactLabels[field.key.split('.')[1] as 'primary'])} · ${t(field.label)}`
                      : t(field.label)}
                  </dt>
                  <dd className="break-words">{shown(field.key)}</dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

/** The applicant's answer to headquarters, as sent (the latest; an earlier one while asked again). */
function SentAnswer({
  answer,
  isPrevious,
}: {
  answer: NonNullable<TPortalApplication['answer']>;
  isPrevious: boolean;
}) {
  const t = useMessages();
  const intl = useIntl();
  return (
    <section
      aria-labelledby="answer-title"
      className="rounded-md border border-slate-200 bg-white p-3"
    >
      <h2 id="answer-title" className="font-semibold">
        <Message id={isPrevious ? 'answers.previousTitle' : 'answers.sentTitle'} />
      </h2>
      <p className="text-sm text-slate-600">
        {t('answers.sentAt', {
          date: intl.formatDate(answer.at, {
            dateStyle: 'long',
            timeStyle: 'short',
            timeZone: 'Europe/Zurich',
          }),
        })}
      </p>
      <p className="mt-1 break-words whitespace-pre-line">{answer.text}</p>
    </section>
  );
}

/** A submitted application: where it stands, what headquarters said, the outcome. */
function ApplicationSummary({
  application,
  onChange,
}: {
  application: TPortalApplication;
  onChange: (application: TPortalApplication) => void;
}) {
  const t = useMessages();
  const intl = useIntl();
  const [isBusy, setIsBusy] = useState(false);
  // What became of the answer just sent: announced, and the focus goes there (the form is gone).
  const [answerOutcome, setAnswerOutcome] = useState<'sent' | 'closed' | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (answerOutcome) outcomeRef.current?.focus();
  }, [answerOutcome]);
  const isAsked = application.status === 'information-requested';
  const canWithdraw = !['approved', 'rejected', 'endorsement-declined', 'withdrawn'].includes(
    application.status,
  );
  async function withdraw() {
    if (!window.confirm(t('view.withdrawConfirm', { number: application.number }))) return;
    setIsBusy(true);
    try {
      onChange(await applicationsApi.withdraw(application.aid, application.version));
    } finally {
      setIsBusy(false);
    }
  }
  return (
    <div className="space-y-4">
      <Link to={paths.home.getHref()} className="text-sm text-sky-800 underline">
        <Message id="apps.back" />
      </Link>
      <h1 className="text-2xl font-semibold">{t('view.number', { number: application.number })}</h1>
      <p className="text-lg">{application.company.legalName}</p>
      <StatusBadge status={application.status} />
      {application.submittedAt ? (
        <p>
          {t('view.submittedAt', {
            date: intl.formatDate(application.submittedAt, {
              dateStyle: 'long',
              timeZone: 'Europe/Zurich',
            }),
          })}
        </p>
      ) : null}
      {application.message ? (
        <section
          aria-labelledby="message-title"
          className="rounded-md border border-amber-200 bg-amber-50 p-3"
        >
          <h2 id="message-title" className="font-semibold">
            <Message id="view.message" />
          </h2>
          <p className="break-words whitespace-pre-line">{application.message}</p>
        </section>
      ) : null}
      {answerOutcome ? (
        <p
          ref={outcomeRef}
          tabIndex={-1}
          role={answerOutcome === 'sent' ? 'status' : 'alert'}
          className={
            answerOutcome === 'sent'
              ? 'rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900'
              : 'rounded-md border border-amber-200 bg-amber-50 p-3'
          }
        >
          <Message id={answerOutcome === 'sent' ? 'answers.sent' : 'answers.error.closed'} />
        </p>
      ) : null}
      {isAsked ? (
        <AnswerForm
          key={application.aid}
          application={application}
          onChange={onChange}
          onDone={(latest, outcome) => {
            onChange(latest);
            setAnswerOutcome(outcome);
          }}
        />
      ) : null}
      {application.answer ? <SentAnswer answer={application.answer} isPrevious={isAsked} /> : null}
      {application.memberNumber ? (
        <p className="font-semibold">
          {t('view.memberNumber', { number: application.memberNumber })}
        </p>
      ) : null}
      {application.invoiceNumber ? (
        <p>{t('view.invoice', { number: application.invoiceNumber })}</p>
      ) : null}
      {canWithdraw ? (
        <Button
          variant="secondary"
          isBusy={isBusy}
          className="min-h-11"
          onClick={() => void withdraw()}
        >
          <Message id="view.withdraw" />
        </Button>
      ) : null}
    </div>
  );
}
