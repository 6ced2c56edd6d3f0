import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineList, listExportColumns } from './list-definition';
import { listItemFields } from './lists';
import { languages, memberCategories, memberStatuses } from './enumerations';
import { ZMemberListItem } from './members';

const demoList = defineList({
  name: 'demo',
  columns: {
    name: { type: 'text', sort: true, header: 'Name', item: { description: 'The name' } },
    country: {
      type: 'text',
      filter: true,
      description: 'ISO codes, e.g. "CH,DE"',
      header: 'Country code',
      item: { key: 'countryIso2', nullable: true },
    },
    status: { type: 'text', filter: true, values: ['open', 'closed'], item: {} },
    year: { type: 'integer', sort: true, item: { nullable: true } },
    startsOn: { type: 'date', sort: true, header: 'Starts', item: {} },
    createdAt: { type: 'date', sort: true, item: { type: 'time' } },
    active: { type: 'text', filter: true, values: ['true', 'false'], item: { type: 'boolean' } },
    amount: { item: { type: 'money' } },
    shownOnly: { header: 'Shown only' },
  },
  defaultSort: 'name',
});

describe('item fields declared with their columns', () => {
  const ZDemoItem = z.object({ id: z.string(), ...listItemFields(demoList) });

  it('derive each field from the column: its key, what it holds, null or not', () => {
    expect(Object.keys(ZDemoItem.shape)).toEqual([
      'id',
      'name',
      'countryIso2',
      'status',
      'year',
      'startsOn',
      'createdAt',
      'active',
      'amount',
    ]);
    const item = {
      id: 'd1',
      name: 'A',
      countryIso2: null,
      status: 'open',
      year: 2026,
      startsOn: '2026-01-31',
      createdAt: '2026-01-31T10:00:00.000Z',
      active: true,
      amount: 1250,
    } as const;
    expect(ZDemoItem.parse(item)).toEqual(item);
    expect(ZDemoItem.safeParse({ ...item, status: 'other' }).success).toBe(false);
    expect(ZDemoItem.safeParse({ ...item, year: 2026.5 }).success).toBe(false);
    expect(ZDemoItem.safeParse({ ...item, name: null }).success).toBe(false);
    expect(ZDemoItem.safeParse({ ...item, amount: 12.5 }).success).toBe(false);
  });

  it('type the item as the server must build it', () => {
    expectTypeOf<z.infer<typeof ZDemoItem>>().toEqualTypeOf<{
      id: string;
      name: string;
      countryIso2: string | null;
      status: 'open' | 'closed';
      year: number | null;
      startsOn: string;
      createdAt: string;
      active: boolean;
      amount: number;
    }>();
  });

  it("describe fields as the API docs show them (not with the filter's description)", () => {
    const schema = z.toJSONSchema(ZDemoItem) as {
      properties: Record<string, { description?: string }>;
    };
    expect(schema.properties.name?.description).toBe('The name');
    expect(schema.properties.countryIso2?.description).toBeUndefined();
    expect(schema.properties.startsOn?.description).toBe('YYYY-MM-DD');
    expect(schema.properties.createdAt?.description).toBe('ISO 8601 time (UTC)');
  });

  it('name the field the export writes', () => {
    expect(listExportColumns(demoList)).toEqual([
      { key: 'name', header: 'Name' },
      { key: 'countryIso2', header: 'Country code' },
      { key: 'startsOn', header: 'Starts' },
      { key: 'shownOnly', header: 'Shown only' },
    ]);
  });

  it('give the members list the item it had when written by hand', () => {
    const byHand = z
      .object({
        mid: z.string(),
        number: z.string().describe('Membership number'),
        legalName: z.string(),
        tradeName: z.string().nullable(),
        countryIso2: z.string().nullable(),
        countryName: z.string().nullable(),
        category: z.enum(memberCategories),
        status: z.enum(memberStatuses),
        joinedOn: z.string().nullable().describe('YYYY-MM-DD'),
        paidThroughYear: z.number().int().nullable(),
        // Issue 17: the preferred language, a column of its own since.
        preferredLanguage: z.enum(languages),
      })
      .describe('A row of the members list');
    expect(z.toJSONSchema(ZMemberListItem)).toEqual(z.toJSONSchema(byHand));
    expectTypeOf<z.infer<typeof ZMemberListItem>>().toEqualTypeOf<z.infer<typeof byHand>>();
  });
});
