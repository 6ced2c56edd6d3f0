import { writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { z } from 'zod';
import {
  configSections,
  requiredTogether,
  ruleWords,
  variableDocs,
  ZEnvironment,
  type VariableDoc,
} from './config';

/**
 * Writes `docs/configuration.md` from the config schema (`npm run docs:config`): each variable's
 * meaning from its documentation in `config.ts`, its default and its rules read from the schema
 * itself, so that the document cannot say what the server does not check.
 */
export const configurationDocPath = fileURLToPath(
  new URL('../../../docs/configuration.md', import.meta.url),
);

/** One variable as the document shows it. */
export type VariableReference = VariableDoc & {
  name: string;
  /** Markdown: the default, or what happens when unset. */
  defaultText: string;
  /** Markdown: what a value must be, in words. */
  rules: string[];
};

const code = (value: string) => `\`${value}\``;

function listWords(values: string[], conjunction: 'or' | 'and'): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')} ${conjunction} ${values.at(-1)}`;
}

/** The rules one schema checks, in words, and its default; through optional, default and pipes. */
function describeSchema(schema: z.ZodType): { rules: string[]; defaultValue?: unknown } {
  const words = ruleWords.get(schema);
  if (words) return { rules: [words.rule] };
  if (schema instanceof z.ZodOptional) return describeSchema(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodDefault) {
    const inner = describeSchema(schema.unwrap() as z.ZodType);
    return { rules: inner.rules, defaultValue: schema.def.defaultValue };
  }
  // A transformation's input is what the environment holds.
  if (schema instanceof z.ZodPipe) return describeSchema(schema.in as z.ZodType);
  if (schema instanceof z.ZodEnum) {
    // An empty value is unset (loadConfig), never a choice.
    const choices = schema.options.filter((option) => option !== '').map(String);
    const words = listWords(choices.map(code), 'or');
    return { rules: [choices.length > 2 ? `one of ${words}` : words] };
  }
  if (schema instanceof z.ZodNumber) {
    const kind = schema.isInt ? 'an integer' : 'a number';
    const { minValue, maxValue } = schema;
    const range =
      minValue !== null && maxValue !== null
        ? ` from ${minValue} to ${maxValue}`
        : minValue !== null
          ? ` of at least ${minValue}`
          : maxValue !== null
            ? ` of at most ${maxValue}`
            : '';
    return { rules: [`${kind}${range}`] };
  }
  if (schema instanceof z.ZodString) {
    const rules: string[] = [];
    for (const check of schema.def.checks ?? []) {
      const def = check._zod.def as z.core.$ZodChecks['_zod']['def'];
      if (def.check === 'min_length' && def.minimum > 1) {
        rules.push(`of at least ${def.minimum} characters`);
      } else if (def.check === 'max_length') {
        rules.push(`of at most ${def.maximum} characters`);
      } else if (def.check === 'string_format') {
        if (def.format === 'starts_with') {
          rules.push(`starting with ${code((def as z.core.$ZodCheckStartsWithDef).prefix)}`);
        } else if (def.format === 'regex' && def.pattern) {
          rules.push(`matching ${code(def.pattern.source)}`);
        } else {
          rules.push(`in the ${def.format} format`);
        }
      }
    }
    return { rules: [['text', ...rules].join(' ')] };
  }
  throw new Error(`config-docs: no words for a ${schema.def.type} schema; teach describeSchema`);
}

function formatDefault(value: unknown): string {
  return value === '' ? 'empty' : code(String(value));
}

/** Every variable of the schema, in the schema's order, with its documentation. */
export function getVariableReferences(): VariableReference[] {
  return Object.entries(ZEnvironment.shape).map(([name, schema]) => {
    const doc = variableDocs.get(schema);
    if (!doc) throw new Error(`config.ts: ${name} has no documentation (documented(…, {…}))`);
    const { rules, defaultValue } = describeSchema(schema);
    const group = requiredTogether.find((names) => (names as readonly string[]).includes(name));
    if (group) {
      const others = group.filter((other) => other !== name).map(code);
      rules.push(`required when ${listWords(others, 'or')} is set`);
    }
    const defaultText =
      defaultValue !== undefined ? formatDefault(defaultValue) : (doc.whenUnset ?? 'unset');
    return { ...doc, name, defaultText, rules };
  });
}

function renderVariable(variable: VariableReference): string {
  return [
    `### ${code(variable.name)}`,
    variable.description,
    [`- **Default:** ${variable.defaultText}`, `- **Accepts:** ${variable.rules.join('; ')}`].join(
      '\n',
    ),
  ].join('\n\n');
}

/** The whole document, formatted as prettier formats it (the repository's settings). */
export async function renderConfigurationDoc(): Promise<string> {
  const variables = getVariableReferences();
  const sections = configSections.map((section) => ({
    section,
    variables: variables.filter((variable) => variable.section === section),
  }));
  const index = [
    '| Variable | Default | Section |',
    '| --- | --- | --- |',
    ...sections.flatMap(({ section, variables: inSection }) =>
      inSection.map(
        (variable) =>
          `| [${code(variable.name)}](#${variable.name.toLowerCase()}) | ${variable.defaultText} | ${section} |`,
      ),
    ),
  ].join('\n');
  const markdown = [
    '# Configuration',
    '<!-- Generated from apps/server/src/config.ts by `npm run docs:config`: edit the schema there, not this file. -->',
    'Every setting is an environment variable, read and checked once at start: an invalid value stops the server with a message naming the variable and the rule. An empty variable counts as unset. How to run the server in production (reverse proxy, PostgreSQL, backups, health and metrics, upgrades) is in [`operations.md`](operations.md).',
    `This reference is generated from the schema in \`apps/server/src/config.ts\` (its ${variables.length} variables, their defaults, meaning and rules) by \`npm run docs:config\`; a test fails when the two differ.`,
    index,
    ...sections
      .filter(({ variables: inSection }) => inSection.length > 0)
      .map(({ section, variables: inSection }) =>
        [`## ${section}`, ...inSection.map(renderVariable)].join('\n\n'),
      ),
  ].join('\n\n');
  const options = await prettier.resolveConfig(configurationDocPath);
  return prettier.format(markdown, { ...options, filepath: configurationDocPath });
}

/** `npm run docs:config`: rewrites the document. */
async function main(): Promise<void> {
  await writeFile(configurationDocPath, await renderConfigurationDoc());
  process.stdout.write(`Wrote ${configurationDocPath}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
