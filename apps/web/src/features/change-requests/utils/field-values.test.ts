import { describe, expect, it } from 'vitest';
import { clearedTradeNameRow, legalNameRow } from '../components/change-request-fixtures';
import {
  approveFormDefaults,
  approveFormSchema,
  fieldLabelsOf,
  formatFieldValue,
} from './field-values';

describe('the values of a change request as staff read them', () => {
  it('names the fields with the console’s labels, comma separated', () => {
    expect(fieldLabelsOf(['legalName', 'city', 'billingEmail'])).toBe(
      'Legal name, City, Billing e-mail',
    );
    expect(fieldLabelsOf([])).toBe('');
  });

  it('says an empty value in words and a language by its name', () => {
    expect(formatFieldValue('tradeName', null)).toBe('Empty');
    expect(formatFieldValue('tradeName', '  ')).toBe('Empty');
    expect(formatFieldValue('preferredLanguage', 'fr')).toBe('French');
    expect(formatFieldValue('city', 'Zürich')).toBe('Zürich');
  });
});

describe('Edit then approve', () => {
  const request = {
    fields: [legalNameRow, clearedTradeNameRow],
  };

  it('starts from what the member asked for, an empty ask as an empty input', () => {
    expect(approveFormDefaults(request)).toEqual({
      legalName: 'Acme Logistics AG',
      tradeName: '',
    });
  });

  it('checks only the asked fields, by the member edit’s rules', () => {
    const schema = approveFormSchema(['legalName', 'billingEmail']);
    expect(schema.safeParse({ legalName: ' Acme Logistics AG ', billingEmail: '' }).data).toEqual({
      legalName: 'Acme Logistics AG',
      billingEmail: null,
    });
    const refused = schema.safeParse({ legalName: '', billingEmail: 'not an address' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['legalName', 'Enter the legal name'],
      ['billingEmail', 'Enter a valid e-mail address'],
    ]);
    // A field the request does not ask for is not part of the form.
    expect(Object.keys(schema.shape)).toEqual(['legalName', 'billingEmail']);
  });
});
