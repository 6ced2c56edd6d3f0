import {
  dunningTemplateKinds,
  emailTemplateKindLabels,
  type TDunningSettings,
  type TDunningTemplateKind,
} from '@ops/contract';
import { useEffect, useId } from 'react';
import { useController, useForm, type Control, type FieldPath } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, focusRing } from '@ops/ui/button';
import { formatMoney } from '@/components/detail';
import { UnsavedChangesGuard } from '@/components/detail/use-unsaved-changes';
import {
  describeChange,
  SettingsScreen,
  SaveConflict,
  SaveOutcome,
  useSettingsSave,
} from '@/components/settings-form';
import { paths } from '@/config/paths';
import { isApiError } from '@ops/ui/api-client';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { useDunningSettings } from '../api/get-dunning-settings';
import { useUpdateDunningSettings } from '../api/update-dunning-settings';
import {
  dunningFormPathOf,
  dunningFormValuesOf,
  dunningUpdateOf,
  type DunningFormIssue,
  type DunningFormValues,
} from '../utils/dunning-form';
import { SmallTableHeaderRow } from '@/components/small-table-header-row';

/** The e-mail templates screen, opened on a kind's English text (its three other languages beside). */
function templateHref(kind: TDunningTemplateKind): string {
  return `${paths.emailTemplates.getHref()}?${new URLSearchParams({ kind, language: 'en' }).toString()}`;
}

/** The link from a level to its template's texts. */
function TemplateLink({ kind }: { kind: TDunningTemplateKind }) {
  return (
    <Link
      className={`${linkClass} text-xs`}
      to={templateHref(kind)}
      aria-label={`Texts of ${emailTemplateKindLabels[kind]}`}
    >
      Texts
    </Link>
  );
}
const linkClass = 'text-sky-800 underline hover:text-sky-950';
const inputClass = (hasError: boolean) =>
  [
    'rounded-md border px-2 py-1.5 text-sm',
    focusRing,
    hasError ? 'border-red-600' : 'border-slate-300',
  ].join(' ');

type TextPath = FieldPath<DunningFormValues>;

/**
 * A table cell's field: its react-hook-form binding and, when it has one, its error, the id
 * that describes the input by it and the input's ARIA attributes.
 */
function useCellField(control: Control<DunningFormValues>, name: TextPath) {
  const { field, fieldState } = useController({ control, name });
  const errorId = useId();
  const error = fieldState.error?.message;
  return {
    field,
    error,
    errorId,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
    },
  } as const;
}

/** The error under a cell's input (the input is described by its id). */
function CellError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <span id={id} className="mt-1 block text-xs text-red-700">
      {error}
    </span>
  ) : null;
}

/** A text input of a table cell: labelled by `label`, its error under it and described by it. */
function CellInput({
  control,
  name,
  label,
  width,
  inputMode,
}: {
  control: Control<DunningFormValues>;
  name: TextPath;
  label: string;
  width: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
}) {
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
    error,
    errorId,
    aria,
  } = useCellField(control, name);
  return (
    <>
      <input
        ref={ref}
        name={fieldName}
        aria-label={label}
        {...aria}
        inputMode={inputMode}
        className={`${width} ${inputClass(Boolean(error))} ${inputMode === 'text' ? '' : 'tabular-nums'}`}
        value={String(value ?? '')}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <CellError id={errorId} error={error} />
    </>
  );
}

/** The e-mail template a level sends, chosen among the dunning kinds. */
function TemplateSelect({
  control,
  index,
}: {
  control: Control<DunningFormValues>;
  index: number;
}) {
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
    error,
    errorId,
    aria,
  } = useCellField(control, `levels.${index}.templateKind`);
  const kind = value as TDunningTemplateKind;
  return (
    <>
      <select
        ref={ref}
        name={fieldName}
        aria-label={`Level ${index + 1} e-mail template`}
        {...aria}
        className={inputClass(Boolean(error))}
        value={kind}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        {dunningTemplateKinds.map((choice) => (
          <option key={choice} value={choice}>
            {emailTemplateKindLabels[choice]}
          </option>
        ))}
      </select>{' '}
      <TemplateLink kind={kind} />
      <CellError id={errorId} error={error} />
    </>
  );
}

function CellCheckbox({
  control,
  name,
  label,
}: {
  control: Control<DunningFormValues>;
  name: `levels.${number}.attachPdf` | `levels.${number}.enabled`;
  label: string;
}) {
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
  } = useController({ control, name });
  return (
    <input
      ref={ref}
      type="checkbox"
      name={fieldName}
      aria-label={label}
      className={`size-4 ${focusRing}`}
      checked={Boolean(value)}
      onChange={(event) => onChange(event.target.checked)}
      onBlur={onBlur}
    />
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The levels table: inputs for those who may change them, the values as text for the others. */
function LevelsTable({
  settings,
  control,
}: {
  settings: TDunningSettings;
  control: Control<DunningFormValues> | null;
}) {
  return (
    <table className="w-full text-sm" aria-label="Dunning levels">
      <caption className="caption-bottom pt-2 text-left text-xs text-slate-600">
        Each level’s e-mail is written in the member’s language:{' '}
        <Link className={linkClass} to={paths.emailTemplates.getHref()}>
          edit the texts in E-mail templates
        </Link>
        .
      </caption>
      <thead>
        <SmallTableHeaderRow
          columns={['Level', 'Name', 'Days after due', 'E-mail template', 'Attach PDF', 'Enabled']}
        />
      </thead>
      <tbody>
        {settings.levels.map((level, index) => (
          <tr key={level.level} className="border-b border-slate-100 align-top">
            <th scope="row" className="py-2 pr-3 text-left font-medium tabular-nums">
              {level.level}
              {level.suspends ? (
                <span className="block text-xs font-normal text-slate-600">
                  Suspends the member
                </span>
              ) : null}
            </th>
            <td className="py-2 pr-3">
              {control ? (
                <CellInput
                  control={control}
                  name={`levels.${index}.name`}
                  label={`Level ${level.level} name`}
                  width="w-44"
                  inputMode="text"
                />
              ) : (
                level.name
              )}
            </td>
            <td className="py-2 pr-3">
              {control ? (
                <CellInput
                  control={control}
                  name={`levels.${index}.daysAfterDue`}
                  label={`Level ${level.level} days after due`}
                  width="w-20"
                  inputMode="numeric"
                />
              ) : (
                <span className="tabular-nums">{level.daysAfterDue}</span>
              )}
            </td>
            <td className="py-2 pr-3">
              {control ? (
                <TemplateSelect control={control} index={index} />
              ) : (
                <>
                  {emailTemplateKindLabels[level.templateKind]}{' '}
                  <TemplateLink kind={level.templateKind} />
                </>
              )}
            </td>
            <td className="py-2 pr-3">
              {control ? (
                <CellCheckbox
                  control={control}
                  name={`levels.${index}.attachPdf`}
                  label={`Level ${level.level} attaches the invoice PDF`}
                />
              ) : (
                yesNo(level.attachPdf)
              )}
            </td>
            <td className="py-2">
              {control ? (
                <CellCheckbox
                  control={control}
                  name={`levels.${index}.enabled`}
                  label={`Level ${level.level} enabled`}
                />
              ) : (
                yesNo(level.enabled)
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Minimum open balance per currency and the recent-payment pause. */
function ThresholdFields({
  settings,
  values,
  control,
}: {
  settings: TDunningSettings;
  values: DunningFormValues;
  control: Control<DunningFormValues> | null;
}) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <table className="text-sm" aria-label="Minimum open balance per currency">
        <thead>
          <SmallTableHeaderRow columns={['Currency', 'Minimum open balance']} />
        </thead>
        <tbody>
          {values.minimums.map((row, index) => {
            const minimum = settings.minimums.find((entry) => entry.currency === row.currency);
            return (
              <tr key={row.currency} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {row.currency}
                </th>
                <td className="py-2">
                  {control ? (
                    <CellInput
                      control={control}
                      name={`minimums.${index}.amount`}
                      label={`${row.currency} minimum`}
                      width="w-28"
                      inputMode="decimal"
                    />
                  ) : minimum ? (
                    <span className="tabular-nums">
                      {formatMoney(minimum.minimumMinor, minimum.currency)}
                    </span>
                  ) : (
                    'None'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-slate-800" id="recent-payment-days">
          Pause after a payment (days)
        </span>
        <p className="text-xs text-slate-600">
          An invoice that received part of its amount within these days before the run is not chased
          yet.
        </p>
        {control ? (
          <div>
            <CellInput
              control={control}
              name="recentPaymentDays"
              label="Pause after a payment (days)"
              width="w-20"
              inputMode="numeric"
            />
          </div>
        ) : (
          <span className="tabular-nums">{settings.recentPaymentDays} days</span>
        )}
      </div>
    </div>
  );
}

/** The editing form: checked with the contract's rules, saved with the version read. */
function DunningSettingsForm({
  settings,
  onReload,
}: {
  settings: TDunningSettings;
  /** Fetches the settings again (after a version conflict). */
  onReload: () => Promise<TDunningSettings | undefined>;
}) {
  const update = useUpdateDunningSettings();
  const form = useForm<DunningFormValues>({ defaultValues: dunningFormValuesOf(settings) });
  const { isDirty } = form.formState;
  const saving = useSettingsSave({
    record: settings,
    onReload,
    onFresh: (fresh) => form.reset(dunningFormValuesOf(fresh)),
  });
  const { startFrom, setVersion } = saving;

  // Someone else saved while this form was untouched: show their settings (an edited form
  // keeps the person's edits; saving them answers 409 and offers the reload).
  useEffect(() => {
    if (form.formState.isDirty) return;
    form.reset(dunningFormValuesOf(settings));
    setVersion(settings.version);
  }, [settings, form, setVersion]);

  /** Puts each issue on its field (the first one focused); answers those that have none. */
  const placeIssues = (issues: readonly DunningFormIssue[]): string | null => {
    const unplaced: string[] = [];
    let isFirst = true;
    for (const issue of issues) {
      if (issue.path === null) {
        unplaced.push(issue.message);
        continue;
      }
      form.setError(
        issue.path as FieldPath<DunningFormValues>,
        { type: 'server', message: issue.message },
        { shouldFocus: isFirst },
      );
      isFirst = false;
    }
    return unplaced.length > 0 ? unplaced.join(' ') : null;
  };

  // Checked by dunningUpdateOf (the contract's rules), not by a resolver: the form's values are
  // text until then.
  const save = async (values: DunningFormValues) => {
    form.clearErrors();
    saving.clear();
    const checked = dunningUpdateOf(values, saving.version);
    if (!checked.ok) return saving.setFormError(placeIssues(checked.issues));
    try {
      startFrom(await update.mutateAsync(checked.update));
      saving.succeed('Dunning settings saved.');
    } catch (error) {
      saving.fail(error, (failure) =>
        isApiError(failure) && failure.issues?.length
          ? placeIssues(
              failure.issues.map((issue) => ({
                path: dunningFormPathOf(issue.path, checked.sentMinimumRows),
                message: issue.message,
              })),
            )
          : getErrorMessage(failure),
      );
    }
  };

  return (
    <form
      noValidate
      aria-label="Dunning settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save(form.getValues());
      }}
      className="flex flex-col gap-4"
    >
      <UnsavedChangesGuard isDirty={isDirty && !update.isPending} />
      <SaveConflict save={saving} />
      <LevelsTable settings={settings} control={form.control} />
      <ThresholdFields settings={settings} values={form.getValues()} control={form.control} />
      <SaveOutcome save={saving} isDirty={isDirty} />
      <div className="flex gap-2">
        <Button type="submit" isBusy={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save dunning settings'}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            startFrom(settings);
            saving.setFormError(null);
          }}
        >
          Reset
        </Button>
      </div>
    </form>
  );
}

/**
 * /settings/dunning (issue 17): the levels that chase unpaid invoices (their days after the due
 * date, e-mail template, whether the invoice PDF is attached again), the minimum open balance
 * per currency and the pause after a payment. Operators with `dunning.manage` (finance, admin)
 * edit them; the others read them.
 */
export function DunningSettingsRoute() {
  const settings = useDunningSettings();
  const canEdit = useCan('dunning.manage');
  return (
    <SettingsScreen
      query={settings}
      headingId="dunning-settings"
      title="Dunning"
      intro={
        <>
          An issued invoice with an open balance gets the next enabled level once its due date is
          that many days past, and, after the first level, once the days between the two levels have
          passed since the previous one: one level per invoice per run, never the same level twice.
          The run goes every day at 06:00 (Europe/Zurich), and by hand from the invoices screen with
          a preview. Honorary and exempted members, invoices paid in part recently, those an
          unmatched bank payment could settle and balances under the minimum are skipped.
        </>
      }
    >
      {(data) => (
        <>
          {canEdit ? (
            <DunningSettingsForm
              settings={data}
              onReload={() => settings.refetch().then((result) => result.data)}
            />
          ) : (
            <>
              <LevelsTable settings={data} control={null} />
              <ThresholdFields settings={data} values={dunningFormValuesOf(data)} control={null} />
            </>
          )}
          <p className="text-xs text-slate-600">{describeChange(data)}</p>
        </>
      )}
    </SettingsScreen>
  );
}
