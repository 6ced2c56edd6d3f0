import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@ops/ui/api-client';
import { ConfirmDialog } from './confirm-dialog';
import { ConflictNotice, isVersionConflict } from './conflict-notice';
import { FormCheckboxField, FormSelectField, FormTextField, setServerErrors } from './form-field';

type Values = { name: string; country: string; listed: boolean };

function Form({ errors }: { errors?: Partial<Record<keyof Values, string>> }) {
  const form = useForm<Values>({
    defaultValues: { name: 'Acme', country: 'CH', listed: true },
    errors: Object.fromEntries(
      Object.entries(errors ?? {}).map(([name, message]) => [name, { type: 'x', message }]),
    ),
  });
  return (
    <form>
      <FormTextField control={form.control} name="name" label="Legal name" help="As registered" />
      <FormSelectField
        control={form.control}
        name="country"
        label="Country"
        emptyLabel="No country"
        options={[{ value: 'CH', label: 'Switzerland' }]}
      />
      <FormCheckboxField control={form.control} name="listed" label="Listed" />
    </form>
  );
}

describe('form fields', () => {
  it('tie label, help and value to the control', () => {
    const html = renderToString(<Form />);
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Legal name<\/label><p id="\1-help"/);
    expect(html).toMatch(/<input[^>]*aria-describedby="[^"]+-help"[^>]*value="Acme"/);
    expect(html).not.toContain('aria-invalid');
    expect(html).toMatch(/<option value="CH" selected="">Switzerland<\/option>/);
    expect(html).toMatch(/type="checkbox"[^>]*checked=""/);
  });

  it('show the first error under the field, in red, read with the field', () => {
    const html = renderToString(<Form errors={{ name: 'Enter the legal name' }} />);
    const errorId =
      /<p id="([^"]+-error)" class="text-sm text-red-700">Enter the legal name<\/p>/.exec(
        html,
      )?.[1];
    expect(errorId).toBeDefined();
    expect(html).toMatch(
      new RegExp(`aria-invalid="true" aria-describedby="[^"]+-help ${errorId}"`),
    );
  });

  it('place the server’s field issues on the fields and return the others', () => {
    const placed: [string, string | undefined][] = [];
    const error = new ApiError('invalid-argument', 'Bad input', 400, [
      { path: 'body.name', rule: 'too_small', message: 'Enter the legal name' },
      { path: 'params.mid', rule: 'unpaid-invoices', message: 'It owes money' },
    ]);
    const unplaced = setServerErrors<Values>(
      error,
      (name, value) => placed.push([name, value.message]),
      ['name', 'country', 'listed'],
    );
    expect(placed).toEqual([['name', 'Enter the legal name']]);
    expect(unplaced).toEqual(['It owes money']);
  });
});

describe('conflict and confirmation', () => {
  it('recognizes the 409 of a version conflict and offers a reload', () => {
    expect(isVersionConflict(new ApiError('aborted', 'changed', 409))).toBe(true);
    expect(isVersionConflict(new ApiError('invalid-argument', 'bad', 400))).toBe(false);
    const html = renderToString(
      <ConflictNotice message="Member M-1 was changed by bob@example.org" onReload={() => {}} />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('was changed by bob@example.org');
    expect(html).toContain('>Reload<');
  });

  it('renders a dialog with its reason box only while open', () => {
    const props = {
      title: 'Delete Acme?',
      confirmLabel: 'Delete member',
      reason: { label: 'Reason', isRequired: true },
      onConfirm: () => {},
      onClose: () => {},
    };
    expect(renderToString(<ConfirmDialog {...props} isOpen={false} />)).not.toContain('textarea');
    const open = renderToString(<ConfirmDialog {...props} isOpen tone="danger" />);
    expect(open).toContain('Delete Acme?');
    expect(open).toMatch(/<textarea[^>]*required=""/);
    expect(open).toContain('>Delete member<');
    expect(open).toContain('>Cancel<');
  });
});
