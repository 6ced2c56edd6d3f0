import { useId, useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Button } from '@ops/ui/button';
import { MemberName, MemberPicker, memberLabel } from '@/components/member-picker';
import { FieldErrorText } from '@/components/success-note';

/**
 * The member a user belongs to, chosen by searching (name, number, e-mail, VAT number) with the
 * shared member picker: the form keeps the member's id, the person sees its name. "Remove"
 * leaves the user without a member.
 */
export function UserMemberField<T extends FieldValues & { memberMid: string }>({
  control,
  isDisabled,
}: {
  control: Control<T>;
  isDisabled?: boolean;
}) {
  const { field, fieldState } = useController({ control, name: 'memberMid' as Path<T> });
  // The chosen member's label as the search showed it (before its name is fetched by id).
  const [chosenLabel, setChosenLabel] = useState<{ mid: string; label: string } | null>(null);
  const [isChanging, setIsChanging] = useState(false);
  const errorId = useId();
  const mid = field.value as string;
  const error = fieldState.error?.message;

  if (mid && !isChanging) {
    return (
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-slate-800">Member</span>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-900" data-testid="user-member">
            {chosenLabel?.mid === mid ? chosenLabel.label : <MemberName mid={mid} />}
          </span>
          <Button variant="secondary" disabled={isDisabled} onClick={() => setIsChanging(true)}>
            Change member
          </Button>
          <Button
            variant="secondary"
            disabled={isDisabled}
            onClick={() => {
              field.onChange('');
              setChosenLabel(null);
            }}
          >
            Remove member
          </Button>
        </div>
        {error ? <FieldErrorText id={errorId}>{error}</FieldErrorText> : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <MemberPicker
        label="Member"
        help="Type part of the member's name or its number; leave empty for none"
        isDisabled={isDisabled}
        autoFocus={isChanging}
        onChoose={(member) => {
          setChosenLabel({ mid: member.mid, label: memberLabel(member) });
          setIsChanging(false);
          field.onChange(member.mid);
        }}
      />
      {isChanging ? (
        <Button variant="secondary" onClick={() => setIsChanging(false)}>
          Keep the current member
        </Button>
      ) : null}
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </div>
  );
}
