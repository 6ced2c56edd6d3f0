import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { configurationDocPath, getVariableReferences, renderConfigurationDoc } from './config-docs';
import { ZEnvironment } from './config';

describe('docs/configuration.md', () => {
  it('is what the config schema generates', async () => {
    const written = await readFile(configurationDocPath, 'utf8');
    expect(
      written === (await renderConfigurationDoc()),
      'docs/configuration.md differs from the config schema (apps/server/src/config.ts): run `npm run docs:config`',
    ).toBe(true);
  });

  it('documents every variable the server reads, with rules read from the schema', () => {
    const references = getVariableReferences();
    expect(references.map((variable) => variable.name)).toEqual(Object.keys(ZEnvironment.shape));
    const byName = new Map(references.map((variable) => [variable.name, variable]));
    expect(byName.get('PORT')).toMatchObject({
      defaultText: '`3000`',
      rules: ['an integer from 0 to 65535'],
    });
    expect(byName.get('DATABASE_URL')?.rules).toEqual([
      'a URL starting with `postgres:` or `postgresql:`',
    ]);
    expect(byName.get('LOG_LEVEL')?.rules[0]).toMatch(/^one of `fatal`, .* or `silent`$/);
    expect(byName.get('METRICS_TOKEN')?.rules).toEqual(['text of at least 16 characters']);
    expect(byName.get('MICROSOFT_CLIENT_SECRET')?.rules).toContain(
      'required when `MICROSOFT_ISSUER` or `MICROSOFT_CLIENT_ID` is set',
    );
    expect(byName.get('MICROSOFT_DOMAINS')?.defaultText).toBe('empty');
    expect(byName.get('SEED')?.defaultText).toBe('`demo` without `DATABASE_URL`, `none` with it');
  });
});
