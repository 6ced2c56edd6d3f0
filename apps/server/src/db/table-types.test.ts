import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, silentLogger } from '../../test/database';
import { openDatabase, type DatabaseHandle } from './database';
import { migrateToLatest } from './migrate';
import { generateTableTypes, tableTypesFile } from './table-types';

const checkFile = new URL('./schema-agrees.ts', import.meta.url).pathname;

/**
 * Type-checks schema-agrees.ts as `tsc -p apps/server` would, but against `tables` in place of the
 * committed generated/tables.ts, and lists the differences it names (the `Agrees<…>` argument).
 */
function schemaDifferences(tables: string): string[] {
  const configFile = path.join(path.dirname(checkFile), '../../tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`Cannot read ${configFile}`);
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (path.resolve(file) === tableTypesFile ? tables : readFile(file));
  const program = ts.createProgram([checkFile], { ...config.options, noEmit: true }, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(checkFile);
  const alias = source?.statements
    .filter(ts.isTypeAliasDeclaration)
    .find((statement) => statement.name.text === 'SchemaAgreesWithMigrations');
  const argument =
    alias && ts.isTypeReferenceNode(alias.type) ? alias.type.typeArguments?.[0] : undefined;
  if (!argument) throw new Error(`${checkFile} has no SchemaAgreesWithMigrations = Agrees<…>`);
  const differences = checker.getTypeFromTypeNode(argument);
  const members = differences.isUnion() ? differences.types : [differences];
  return members
    .filter((member) => !(member.flags & ts.TypeFlags.Never))
    .map((member) => (member.isStringLiteral() ? member.value : checker.typeToString(member)));
}

describe('row types and migrations', () => {
  let database: DatabaseHandle;
  let generated: string;

  beforeAll(async () => {
    database = await openDatabase({
      databaseUrl: await createEmptyDatabase(),
      dataDir: '/nonexistent',
      role: 'server',
      logger: silentLogger,
    });
    await migrateToLatest(database.db);
    generated = await generateTableTypes(database.db);
  });
  afterAll(() => database?.close());

  it('schema.ts names every table and column of the migrated database, with its nullability and a compatible type', () => {
    expect(
      schemaDifferences(generated),
      'schema.ts disagrees with the migrations: fix schema.ts, then run npm run db:types',
    ).toEqual([]);
  });

  it('the committed generated/tables.ts is what kysely-codegen reads from the migrated database', () => {
    expect(
      fs.readFileSync(tableTypesFile, 'utf8') === generated,
      'db/generated/tables.ts is stale: run npm run db:types',
    ).toBe(true);
  });
});
