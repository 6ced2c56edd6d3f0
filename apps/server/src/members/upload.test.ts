import type { TMemberUpload, TMemberUploadInvalidRows, TMemberUploadMapping } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { loadCountries } from '../seed/countries';
import { searchIndexingSettled } from './upload-service';

type ErrorBody = {
  error: { code: string; message: string; issues?: { path: string; rule: string }[] };
};

describe('member CSV upload', () => {
  let t: TestApp;
  let cookie: string;
  let readOnlyCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'uploader@example.org', ['membership']);
    readOnlyCookie = await signInAsNewOperator(t, 'reader@example.org', ['read-only']);
    await loadCountries(t.database.pool);
  });
  afterAll(() => t.close());

  const upload = async (content: Buffer | string, filename = 'members.csv', who = cookie) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/members/uploads?filename=${encodeURIComponent(filename)}`,
      headers: { cookie: who, 'content-type': 'application/octet-stream' },
      payload: typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    });
    return { status: response.statusCode, body: response.json<TMemberUpload & ErrorBody>() };
  };
  const validate = async (id: string, mapping: TMemberUploadMapping, who = cookie) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/members/uploads/${id}/validate`,
      headers: { cookie: who },
      payload: { mapping },
    });
    return { status: response.statusCode, body: response.json<TMemberUpload & ErrorBody>() };
  };
  const commit = async (id: string, mode: string, who = cookie) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/members/uploads/${id}/commit`,
      headers: { cookie: who },
      payload: { mode },
    });
    return { status: response.statusCode, body: response.json<TMemberUpload & ErrorBody>() };
  };
  const invalidRows = async (id: string) => {
    const response = await t.app.inject({
      url: `/api/members/uploads/${id}/invalid-rows?limit=500`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<TMemberUploadInvalidRows>().data;
  };
  /** Upload, validate with the guessed mapping, commit. */
  const uploadAndCommit = async (content: Buffer | string, mode = 'all-or-nothing') => {
    const uploaded = await upload(content);
    expect(uploaded.status).toBe(201);
    const validated = await validate(uploaded.body.id, uploaded.body.mapping);
    expect(validated.status).toBe(200);
    const committed = await commit(uploaded.body.id, mode);
    expect(committed.status).toBe(200);
    return { uploaded: uploaded.body, validated: validated.body, committed: committed.body };
  };
  const member = (number: string) =>
    t.database.db.selectFrom('members').selectAll().where('number', '=', number).executeTakeFirst();

  it('reads UTF-8 with commas, guesses the mapping, and commits all rows', async () => {
    const file = [
      'Membership number,Legal name,Category,Status,Country,E-mail,Joined,Paid through',
      'U-0001,Alpine Freight AG,individual,active,CH,info@alpine.example,2015-03-01,2025',
      'U-0002,Baltic Cargo Ltd,Association,Pending payment,Latvia,,01.02.2020,',
    ].join('\r\n');
    const uploaded = await upload(`${file}\r\n`);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({
      encoding: 'utf-8',
      hasBom: false,
      separator: ',',
      status: 'uploaded',
      header: [
        'Membership number',
        'Legal name',
        'Category',
        'Status',
        'Country',
        'E-mail',
        'Joined',
        'Paid through',
      ],
      mapping: {
        number: 0,
        legalName: 1,
        category: 2,
        status: 3,
        country: 4,
        email: 5,
        joinedOn: 6,
        paidThroughYear: 7,
      },
    });
    expect(uploaded.body.sample).toHaveLength(2);

    const validated = await validate(uploaded.body.id, uploaded.body.mapping);
    expect(validated.status).toBe(200);
    expect(validated.body.validation).toEqual({
      rows: 2,
      valid: 2,
      invalid: 0,
      toInsert: 2,
      toUpdate: 0,
      unchanged: 0,
    });
    const committed = await commit(uploaded.body.id, 'all-or-nothing');
    expect(committed.status).toBe(200);
    expect(committed.body.result).toMatchObject({
      inserted: 2,
      updated: 0,
      unchanged: 0,
      rejected: 0,
    });
    expect(committed.body.status).toBe('committed');

    const baltic = await member('U-0002');
    expect(baltic).toMatchObject({
      legal_name: 'Baltic Cargo Ltd',
      category: 'association',
      status: 'pending-payment',
      country_iso2: 'LV',
      email: null,
      joined_on: '2020-02-01',
      paid_through_year: null,
      billing_currency: 'CHF',
      version: 1,
    });
    expect(baltic?.mid).toMatch(/^[A-Za-z0-9]{20}$/);
    // Audited, with the upload named as the reason; and in the search index (small uploads
    // are indexed inside the commit).
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('record_id', '=', baltic?.mid ?? '')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'create',
      actor_kind: 'operator',
      table_name: 'members',
    });
    expect(audit[0]?.after).toMatchObject({
      legal_name: 'Baltic Cargo Ltd',
      _reason: 'CSV upload members.csv',
    });
    const indexed = await t.database.db
      .selectFrom('search_documents')
      .select('name')
      .where('record_id', '=', baltic?.mid ?? '')
      .executeTakeFirst();
    expect(indexed?.name).toBe('Baltic Cargo Ltd');
  });

  it('reads UTF-8 with a BOM and semicolons, quoted separators and line breaks', async () => {
    const file =
      '\uFEFFNumber;Company;Type;Status;City;Address\r\n' +
      'U-0101;"Société Générale de Transport; Lyon";individual;active;Lyon;"Quai 1\r\nBâtiment B"\r\n' +
      'U-0102;"Müller ""Express"" GmbH";individual;active;Köln;Ring 5\r\n';
    const uploaded = await upload(file);
    expect(uploaded.body).toMatchObject({ encoding: 'utf-8', hasBom: true, separator: ';' });
    expect(uploaded.body.header[0]).toBe('Number');
    expect(uploaded.body.mapping).toMatchObject({
      number: 0,
      legalName: 1,
      category: 2,
      status: 3,
      city: 4,
      addressLine1: 5,
    });
    await validate(uploaded.body.id, uploaded.body.mapping);
    const committed = await commit(uploaded.body.id, 'all-or-nothing');
    expect(committed.body.result).toMatchObject({ inserted: 2 });
    expect(await member('U-0101')).toMatchObject({
      legal_name: 'Société Générale de Transport; Lyon',
      address_line1: 'Quai 1\r\nBâtiment B',
      city: 'Lyon',
    });
    expect((await member('U-0102'))?.legal_name).toBe('Müller "Express" GmbH');
  });

  it('reads Windows-1252 (what Excel writes) with accents', async () => {
    const text =
      'Member no;Legal name;Category;Status;Country\r\n' +
      'U-0201;Transports Frères Zürich Sàrl;individual;active;Switzerland\r\n' +
      'U-0202;Española de Logística S.A.;individual;active;ES\r\n';
    const bytes = latin1(text);
    const uploaded = await upload(bytes, 'excel.csv');
    expect(uploaded.body).toMatchObject({ encoding: 'windows-1252', separator: ';' });
    await validate(uploaded.body.id, uploaded.body.mapping);
    await commit(uploaded.body.id, 'all-or-nothing');
    expect(await member('U-0201')).toMatchObject({
      legal_name: 'Transports Frères Zürich Sàrl',
      country_iso2: 'CH',
    });
    expect((await member('U-0202'))?.legal_name).toBe('Española de Logística S.A.');
  });

  it('gives a field the file lacks a fixed value, checked like a cell, for every row', async () => {
    const file = [
      'Membership number,Legal name,Category',
      'U-0901,Fixed Status One,individual',
      'U-0902,Fixed Status Two,group',
    ].join('\n');
    const uploaded = await upload(file);
    expect(uploaded.body.mapping).toEqual({ number: 0, legalName: 1, category: 2 });

    // A fixed value a cell could not hold is refused up front, naming the field.
    const bad = await validate(uploaded.body.id, {
      ...uploaded.body.mapping,
      status: { value: 'sleeping' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: {
        issues: [
          {
            path: 'body.mapping.status',
            rule: 'mapping',
            message: expect.stringMatching(
              /The fixed value of Status is not valid: Status "sleeping" is not one of/,
            ) as unknown,
          },
        ],
      },
    });

    // Any spelling a cell may use is accepted: "Active" is the status active.
    const validated = await validate(uploaded.body.id, {
      ...uploaded.body.mapping,
      status: { value: 'Active' },
      country: { value: 'CH' },
    });
    expect(validated.status).toBe(200);
    expect(validated.body.validation).toMatchObject({ rows: 2, valid: 2, invalid: 0 });
    expect(validated.body.mapping).toMatchObject({ status: { value: 'Active' } });
    await commit(uploaded.body.id, 'all-or-nothing');
    for (const number of ['U-0901', 'U-0902']) {
      expect(await member(number)).toMatchObject({ status: 'active', country_iso2: 'CH' });
    }
  });

  it('flags unknown country codes as invalid rows with the line, field and reason', async () => {
    const file = [
      'Membership number,Legal name,Category,Status,Country',
      'U-0951,Known Code AG,individual,active,CH',
      'U-0952,Unknown Code Ltd,individual,active,ZZ', // line 3
      'U-0953,Unknown Three Ltd,individual,active,XYZ', // line 4
    ].join('\n');
    const uploaded = await upload(file);
    const validated = await validate(uploaded.body.id, uploaded.body.mapping);
    expect(validated.body.validation).toMatchObject({ rows: 3, valid: 1, invalid: 2 });
    const rows = await invalidRows(uploaded.body.id);
    expect(rows.map((row) => [row.line, row.reason])).toEqual([
      [3, 'Country "ZZ" is not a known country (ISO code or English name)'],
      [4, 'Country "XYZ" is not a known country (ISO code or English name)'],
    ]);
    const committed = await commit(uploaded.body.id, 'valid-only');
    expect(committed.body.result).toMatchObject({ inserted: 1, rejected: 2 });
    expect(await member('U-0952')).toBeUndefined();
  });

  const mixedFile = [
    'Membership number,Legal name,Category,Status,E-mail,Country',
    'U-0301,Good One,individual,active,a@good.example,DE',
    'U-0302,"Two\nLines Ltd",gold,active,,FR', // line 3, spans 3–4
    'U-0303,,individual,sleeping,not-an-email,DE', // line 5
    '',
    'U-0304,Atlantis Cargo,individual,active,,Atlantis', // line 7
    'U-0305,Dup A,individual,active,,IT', // line 8
    'U-0305,Dup B,individual,active,,IT', // line 9
    'U-0306,Honorary Late,honorary,overdue,,AT', // line 10
    'U-0307,Fine Two,group,suspended,,NL', // line 11
  ].join('\n');

  it('reports every invalid row with its line and reason, and all-or-nothing writes nothing', async () => {
    const uploaded = await upload(mixedFile);
    const validated = await validate(uploaded.body.id, uploaded.body.mapping);
    expect(validated.body.validation).toMatchObject({ rows: 8, valid: 2, invalid: 6 });
    const rows = await invalidRows(uploaded.body.id);
    expect(rows.map((row) => row.line)).toEqual([3, 5, 7, 8, 9, 10]);
    const byLine = new Map(rows.map((row) => [row.line, row]));
    expect(byLine.get(3)?.reason).toMatch(/Category "gold" is not one of/);
    expect(byLine.get(3)?.values).toEqual(['U-0302', 'Two\nLines Ltd', 'gold', 'active', '', 'FR']);
    expect(byLine.get(5)?.reason).toMatch(/Legal name is required/);
    expect(byLine.get(5)?.reason).toMatch(/Status "sleeping" is not one of/);
    expect(byLine.get(5)?.reason).toMatch(/E-mail "not-an-email" is not a valid e-mail address/);
    expect(byLine.get(7)?.reason).toMatch(/Country "Atlantis" is not a known country/);
    expect(byLine.get(8)?.reason).toBe('Membership number U-0305 is also on line 9');
    expect(byLine.get(9)?.reason).toBe('Membership number U-0305 is also on line 8');
    expect(byLine.get(9)?.values).toEqual(['U-0305', 'Dup B', 'individual', 'active', '', 'IT']);
    expect(byLine.get(10)?.reason).toMatch(/honorary member is never overdue/);

    const refused = await commit(uploaded.body.id, 'all-or-nothing');
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues?.[0]).toMatchObject({
      path: 'body.mode',
      rule: 'all-or-nothing',
    });
    expect(await member('U-0301')).toBeUndefined();

    const report = await t.app.inject({
      url: `/api/members/uploads/${uploaded.body.id}/rejected.csv`,
      headers: { cookie },
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.headers['content-disposition']).toContain('members-rejected.csv');
    const lines = report.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Line,Reason,Membership number,Legal name,Category,Status,E-mail,Country',
    );
    expect(lines[1]).toMatch(
      /^3,"Category ""gold"" is not one of[^"]*",U-0302,"Two\nLines Ltd",gold,active,,FR$/,
    );
  });

  it('commits the valid rows only when asked, and reports the rejected ones', async () => {
    const uploaded = await upload(mixedFile);
    await validate(uploaded.body.id, uploaded.body.mapping);
    const committed = await commit(uploaded.body.id, 'valid-only');
    expect(committed.status).toBe(200);
    expect(committed.body.result).toMatchObject({
      mode: 'valid-only',
      inserted: 2,
      updated: 0,
      rejected: 6,
    });
    expect((await member('U-0301'))?.email).toBe('a@good.example');
    expect((await member('U-0307'))?.status).toBe('suspended');
    expect(await member('U-0305')).toBeUndefined();
    // A committed upload cannot be committed twice.
    const again = await commit(uploaded.body.id, 'valid-only');
    expect(again.status).toBe(409);
  });

  it('is idempotent: the same file again changes nothing; a changed row updates only its member', async () => {
    const file = [
      'Membership number,Legal name,Category,Status,City',
      'U-0401,First Forwarding,individual,active,Basel',
      'U-0402,Second Shipping,individual,active,Bern',
      'U-0403,Third Transport,association,active,Genève',
    ].join('\n');
    await uploadAndCommit(file);
    const before = await t.database.db
      .selectFrom('members')
      .select(['number', 'version', 'updated_at'])
      .where('number', 'in', ['U-0401', 'U-0402', 'U-0403'])
      .orderBy('number')
      .execute();
    const auditCount = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('table_name', '=', 'members')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const auditsBefore = await auditCount();

    const second = await uploadAndCommit(file);
    expect(second.validated.validation).toMatchObject({ toInsert: 0, toUpdate: 0, unchanged: 3 });
    expect(second.committed.result).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    const after = await t.database.db
      .selectFrom('members')
      .select(['number', 'version', 'updated_at'])
      .where('number', 'in', ['U-0401', 'U-0402', 'U-0403'])
      .orderBy('number')
      .execute();
    expect(after).toEqual(before);
    expect(await auditCount()).toBe(auditsBefore);

    const third = await uploadAndCommit(
      file.replace(
        'Second Shipping,individual,active,Bern',
        'Second Shipping,individual,overdue,Thun',
      ),
    );
    expect(third.committed.result).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
    const changed = await member('U-0402');
    expect(changed).toMatchObject({ status: 'overdue', city: 'Thun', version: 2 });
    expect((await member('U-0401'))?.version).toBe(1);
    expect((await member('U-0403'))?.version).toBe(1);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('record_id', '=', changed?.mid ?? '')
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(entry.before).toEqual({ status: 'active', city: 'Bern' });
    expect(entry.after).toEqual({
      status: 'overdue',
      city: 'Thun',
      _reason: 'CSV upload members.csv',
    });
  });

  it('imports the preferred language: codes or English names, the country’s when empty or absent (issue 17)', async () => {
    const file = [
      'Membership number,Legal name,Category,Status,Country,Preferred language',
      'U-1701,Lumière Transports SA,individual,active,FR,fr',
      'U-1702,Hafen Logistik GmbH,individual,active,DE,german',
      'U-1703,Andes Carga SA,individual,active,PE,SPANISH',
      'U-1704,Rive Gauche Fret,individual,active,BE,', // empty: Belgium's French
      'U-1705,Roma Spedizioni,individual,active,IT,Italian', // line 6: not a working language
      'U-1706,Nowhere Freight,individual,active,,xx', // line 7
    ].join('\n');
    const uploaded = await upload(file);
    expect(uploaded.body.mapping).toMatchObject({ country: 4, preferredLanguage: 5 });
    const validated = await validate(uploaded.body.id, uploaded.body.mapping);
    expect(validated.body.validation).toMatchObject({ rows: 6, valid: 4, invalid: 2 });
    const rows = await invalidRows(uploaded.body.id);
    expect(rows.map((row) => [row.line, row.reason])).toEqual([
      [
        6,
        'Preferred language "Italian" is not one of en, fr, de, es (or English, French, German, Spanish)',
      ],
      [
        7,
        'Preferred language "xx" is not one of en, fr, de, es (or English, French, German, Spanish)',
      ],
    ]);
    const committed = await commit(uploaded.body.id, 'valid-only');
    expect(committed.body.result).toMatchObject({ inserted: 4, rejected: 2 });
    const languageOf = async (number: string) => (await member(number))?.preferred_language;
    expect(await languageOf('U-1701')).toBe('fr');
    expect(await languageOf('U-1702')).toBe('de');
    expect(await languageOf('U-1703')).toBe('es');
    expect(await languageOf('U-1704')).toBe('fr');

    // No language column: a new member takes its country's (the insert trigger), an existing
    // one keeps its own.
    await uploadAndCommit(
      [
        'Number,Name,Category,Status,Country',
        'U-1711,Zürich Cargo AG,individual,active,CH',
        'U-1712,Madrid Express SL,individual,active,ES',
        'U-1701,Lumière Transports SA,individual,active,FR',
      ].join('\n'),
    );
    expect(await languageOf('U-1711')).toBe('de');
    expect(await languageOf('U-1712')).toBe('es');
    expect(await languageOf('U-1701')).toBe('fr');

    // A changed language updates the member, audited; an empty cell means the country's.
    const { committed: changed } = await uploadAndCommit(
      [
        'Number,Name,Category,Status,Language',
        'U-1701,Lumière Transports SA,individual,active,English',
        'U-1702,Hafen Logistik GmbH,individual,active,',
        'U-1711,Zürich Cargo AG,individual,active,FR',
      ].join('\n'),
    );
    expect(changed.result).toMatchObject({ updated: 2, unchanged: 1 });
    expect(await languageOf('U-1701')).toBe('en');
    expect(await languageOf('U-1702')).toBe('de');
    expect(await languageOf('U-1711')).toBe('fr');
    const lumiere = await member('U-1701');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('record_id', '=', lumiere?.mid ?? '')
      .where('action', '=', 'update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ preferred_language: 'fr' });
    expect(audit[0]?.after).toMatchObject({ preferred_language: 'en' });
  });

  it('leaves unmapped columns alone and refuses numbers of deleted members', async () => {
    await uploadAndCommit(
      'Number,Name,Category,Status,Phone\nU-0501,Keep Phone AG,individual,active,+41 1\n',
    );
    const uploaded = await upload(
      'Number,Name,Category,Status,Phone\nU-0501,Keep Phone AG,individual,active,+41 2\n',
    );
    const mapping = { ...uploaded.body.mapping };
    delete mapping.phone;
    const validated = await validate(uploaded.body.id, mapping);
    expect(validated.body.validation).toMatchObject({ unchanged: 1 });
    expect((await member('U-0501'))?.phone).toBe('+41 1');

    await t.database.db
      .updateTable('members')
      .set({ deleted_at: new Date() })
      .where('number', '=', 'U-0501')
      .execute();
    const again = await upload(
      'Number,Name,Category,Status\nU-0501,Keep Phone AG,individual,active\n',
    );
    await validate(again.body.id, again.body.mapping);
    const [row] = await invalidRows(again.body.id);
    expect(row).toMatchObject({
      line: 2,
      reason: expect.stringMatching(/belongs to a deleted member/),
    });
    expect(row?.values).toEqual(['U-0501', 'Keep Phone AG', 'individual', 'active']);
  });

  it('commits a bulk upload quickly and brings the search index up to date right after', async () => {
    const lines = ['Membership number;Legal name;Category;Status;Country'];
    for (let i = 0; i < 2_500; i++) {
      lines.push(`B-${String(i).padStart(5, '0')};Bulk Carrier ${i} Logistik;individual;active;DE`);
    }
    const { committed } = await uploadAndCommit(lines.join('\r\n'));
    expect(committed.result).toMatchObject({ inserted: 2_500 });
    await searchIndexingSettled();
    const indexed = await t.database.db
      .selectFrom('search_documents as d')
      .innerJoin('members as m', 'm.mid', 'd.record_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('m.number', 'like', 'B-%')
      .executeTakeFirstOrThrow();
    expect(Number(indexed.n)).toBe(2_500);
    const status = await t.app.inject({
      url: `/api/members/uploads/${committed.id}`,
      headers: { cookie },
    });
    expect(status.json<TMemberUpload>().result?.searchIndexedAt).not.toBeNull();
  });

  it('refuses operators without members.edit', async () => {
    const refused = await upload(
      'Number,Name,Category,Status\nU-0601,X,individual,active\n',
      'x.csv',
      readOnlyCookie,
    );
    expect(refused.status).toBe(403);
    const uploaded = await upload('Number,Name,Category,Status\nU-0601,X,individual,active\n');
    expect((await validate(uploaded.body.id, uploaded.body.mapping, readOnlyCookie)).status).toBe(
      403,
    );
    await validate(uploaded.body.id, uploaded.body.mapping);
    expect((await commit(uploaded.body.id, 'valid-only', readOnlyCookie)).status).toBe(403);
    expect(await member('U-0601')).toBeUndefined();
  });

  it('answers bad input with 400s naming the field and rule', async () => {
    const uploaded = await upload('Number,Name,Category,Status\nU-0701,X,individual,active\n');
    const unmapped = await validate(uploaded.body.id, { number: 0, legalName: 1, category: 2 });
    expect(unmapped.status).toBe(400);
    expect(unmapped.body.error.issues).toEqual([
      expect.objectContaining({ path: 'body.mapping.status', rule: 'mapping' }),
    ]);
    const twice = await validate(uploaded.body.id, {
      number: 0,
      legalName: 1,
      category: 2,
      status: 2,
    });
    expect(twice.body.error.issues?.[0]).toMatchObject({ path: 'body.mapping.status' });
    const outside = await validate(uploaded.body.id, {
      number: 0,
      legalName: 1,
      category: 2,
      status: 9,
    });
    expect(outside.body.error.message).toMatch(/no column 10/);

    const notValidated = await commit(uploaded.body.id, 'all-or-nothing');
    expect(notValidated.status).toBe(400);
    const badMode = await commit(uploaded.body.id, 'some');
    expect(badMode.status).toBe(400);
    expect(badMode.body.error.issues?.[0]?.path).toBe('body.mode');

    const asJson = await t.app.inject({
      method: 'POST',
      url: '/api/members/uploads',
      headers: { cookie },
      payload: { rows: [] },
    });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json<ErrorBody>().error.issues?.[0]).toMatchObject({
      path: 'body',
      rule: 'content-type',
    });

    const empty = await upload('');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/empty/);

    const broken = await upload(
      'Number,Name,Category,Status\nU-0702,"Open quote,individual,active\n',
    );
    const brokenValidation = await validate(broken.body.id, {
      number: 0,
      legalName: 1,
      category: 2,
      status: 3,
    });
    expect(brokenValidation.status).toBe(400);
    expect(brokenValidation.body.error.message).toMatch(/not valid CSV/);

    const unknown = await t.app.inject({ url: '/api/members/uploads/nope', headers: { cookie } });
    expect(unknown.statusCode).toBe(404);
  });
});

/** Windows-1252 bytes of text made of Latin-1 characters (the same code points there). */
function latin1(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}
