import { zodResolver } from '@hookform/resolvers/zod';
import { ZIssueCertificateRequest, type TMemberListItem } from '@ops/contract';
import { useId, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@ops/ui/button';
import { FormTextField, describeSaveError } from '@/components/detail';
import { useIssueCertificate } from '../api/issue-certificate';
import { MemberChoices } from '@/components/member-picker';
import { UnsavedChangesGuard } from '@/components/detail/use-unsaved-changes';
import { memberStatusLabel } from '@/lib/labels';
import { yearAtHeadquarters } from '@/lib/clock';
import { FormSubmitRow } from '@/components/form-submit-row';
import { FieldErrorText } from '@/components/success-note';

type IssueFormInput = z.input<typeof ZIssueCertificateRequest>;
type IssueFormOutput = z.output<typeof ZIssueCertificateRequest>;

const fieldNames = ['memberMid', 'year'];

/** What the picker shows of the chosen member (the form itself only keeps the id). */
type ChosenMember = Pick<
  TMemberListItem,
  'mid' | 'number' | 'legalName' | 'countryName' | 'status' | 'paidThroughYear'
>;

export type IssueCertificateFormProps = {
  onIssued: (cid: string) => void;
  onCancel: () => void;
};

const submitLabels = { submit: 'Issue certificate', busy: 'Issuing…' };

/**
 * Issues a membership certificate: a member (searched by name or number) and a year. The
 * server checks that the year is paid and names the field when it is not.
 */
export function IssueCertificateForm({ onIssued, onCancel }: IssueCertificateFormProps) {
  const issue = useIssueCertificate();
  const [chosen, setChosen] = useState<ChosenMember | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, formState } = useForm<
    IssueFormInput,
    unknown,
    IssueFormOutput
  >({
    resolver: zodResolver(ZIssueCertificateRequest),
    defaultValues: { memberMid: '', year: yearAtHeadquarters() },
  });

  const submit = handleSubmit((values) => {
    setFormError(null);
    issue.mutate(values, {
      onSuccess: (certificate) => onIssued(certificate.cid),
      onError: (error) => setFormError(describeSaveError(error, setError, fieldNames)),
    });
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Issue a membership certificate"
      className="flex flex-col gap-4 rounded-lg border border-sky-200 bg-sky-50/40 p-4"
    >
      <UnsavedChangesGuard
        isDirty={(formState.isDirty || chosen !== null) && !issue.isPending && !issue.isSuccess}
      />
      <div>
        <h3 className="text-base font-semibold text-slate-900">Issue a membership certificate</h3>
        <p className="text-sm text-slate-600">
          Only for a paid year: a paid membership invoice of that year, or paid through it. An
          issued certificate of the same member and year is replaced.
        </p>
      </div>
      <MemberPicker
        control={control}
        chosen={chosen}
        onChoose={(member) => {
          setChosen(member);
          setValue('memberMid', member?.mid ?? '', { shouldValidate: member !== null });
        }}
        isDisabled={issue.isPending}
      />
      <FormTextField
        control={control}
        name="year"
        label="Year"
        type="number"
        inputMode="numeric"
        help="The membership year the certificate covers (valid 1 January to 31 December)."
        isDisabled={issue.isPending}
        className="max-w-48"
      />
      <FormSubmitRow error={formError} write={issue} labels={submitLabels} onCancel={onCancel} />
    </form>
  );
}

/** The member field: a search box over the members list and the matches to choose from. */
function MemberPicker({
  control,
  chosen,
  onChoose,
  isDisabled,
}: {
  control: ReturnType<typeof useForm<IssueFormInput, unknown, IssueFormOutput>>['control'];
  chosen: ChosenMember | null;
  onChoose: (member: ChosenMember | null) => void;
  isDisabled: boolean;
}) {
  const id = useId();
  const { fieldState } = useController({ control, name: 'memberMid' });
  const error = fieldState.error?.message;
  const [q, setQ] = useState('');

  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">Member</legend>
      {chosen ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-900" data-testid="chosen-member">
            {chosen.legalName}{' '}
            <span className="font-mono text-xs text-slate-500">{chosen.number}</span>
            {chosen.countryName ? ` · ${chosen.countryName}` : ''} ·{' '}
            {memberStatusLabel(chosen.status)} · paid through {chosen.paidThroughYear ?? 'no year'}
          </span>
          <Button variant="secondary" onClick={() => onChoose(null)} disabled={isDisabled}>
            Change member
          </Button>
        </div>
      ) : (
        <>
          <label htmlFor={`${id}-search`} className="text-sm text-slate-700">
            Find the member by name or membership number
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={q}
            disabled={isDisabled}
            autoComplete="off"
            onChange={(event) => setQ(event.target.value)}
            placeholder="Name or membership number"
            className={[
              'rounded-md border bg-white px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600',
              error ? 'border-red-600' : 'border-slate-300',
            ].join(' ')}
          />
          <MemberChoices q={q}>
            {(member) => (
              <button
                type="button"
                disabled={isDisabled}
                onClick={() => onChoose(member)}
                className="w-full rounded-md border border-slate-200 bg-white px-3 py-1.5 text-left text-sm hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600"
              >
                {member.legalName}{' '}
                <span className="font-mono text-xs text-slate-500">{member.number}</span>
                <span className="text-xs text-slate-500">
                  {' '}
                  · {member.countryName ?? member.countryIso2 ?? 'no country'} ·{' '}
                  {memberStatusLabel(member.status)} · paid through {member.paidThroughYear ?? '—'}
                </span>
              </button>
            )}
          </MemberChoices>
        </>
      )}
      {error ? <FieldErrorText id={`${id}-error`}>{error}</FieldErrorText> : null}
    </fieldset>
  );
}
