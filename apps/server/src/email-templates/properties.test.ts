import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultTemplates } from './defaults';
import { TemplateError } from './engine';
import { validateTemplate } from './validate';
import { renderChecked } from './checks';
import { compileTemplate } from './engine';
import { emailTemplateExamples } from './variables';

/**
 * Issue 31: templates are written by operators, so the engine is tried on templates nobody wrote
 * on purpose, built from the grammar an editor allows: text, outputs with filters (known and
 * not), ifs, loops over ranges, captures, links placed anywhere. Saving one either succeeds or
 * is refused with a `TemplateError` (a 400 naming the part), never another error, within the
 * render limit; and whatever a sign-in template that saves looks like, its e-mail carries the
 * code only inside the console's own link.
 */

const variables = ['link', 'email', 'expiresInMinutes', 'nope', 'link.size', 'email.first'];
const filters = [
  'upcase',
  'downcase',
  'prepend: "https://evil.example/?"',
  'append: "x"',
  'split: "?" | last',
  'split: "=" | first',
  'replace: "oobCode", "x"',
  'slice: 0, 12',
  'url_encode',
  'escape',
  'size',
  'strip',
  'no_such_filter',
  'truncate: 20',
];
const texts = [
  'Hello ',
  '\n',
  ' ',
  'https://evil.example/r?',
  '<a href="',
  '">',
  '</a>',
  '<p>',
  '</p>',
  '<img src="https://evil.example/?a=',
  '"',
  "'",
  '(',
  '<!-- ',
  ' -->',
  '{{',
  '}}',
  '{%',
];

const output = fc
  .tuple(fc.constantFrom(...variables), fc.array(fc.constantFrom(...filters), { maxLength: 3 }))
  .map(([name, chain]) => `{{ ${[name, ...chain].join(' | ')} }}`);

const piece: fc.Arbitrary<string> = fc.letrec<{ piece: string }>((tie) => ({
  piece: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(...texts),
    output,
    fc
      .tuple(fc.constantFrom(...variables), tie('piece'))
      .map(([name, inner]) => `{% if ${name} %}${inner}{% endif %}`),
    fc
      .tuple(fc.integer({ min: 0, max: 5_000 }), tie('piece'))
      .map(([count, inner]) => `{% for i in (1..${count}) %}${inner}{% endfor %}`),
    tie('piece').map((inner) => `{% capture c %}${inner}{% endcapture %}{{ c }}`),
  ),
})).piece;

const template = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(''));

const shipped = defaultTemplates['sign-in-link'].en;
if (!shipped) throw new Error('the sign-in e-mail has an English default');

describe('templates at random', () => {
  it('save or are refused with a TemplateError, never another error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('sign-in-link', 'invoice', 'certificate') as fc.Arbitrary<
          'sign-in-link' | 'invoice' | 'certificate'
        >,
        template,
        template,
        async (kind, text, html) => {
          try {
            await validateTemplate(kind, { subject: 'Subject', text, html });
          } catch (error) {
            if (!(error instanceof TemplateError)) throw error;
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a sign-in template that saves sends its code only inside the console link', async () => {
    const [example] = emailTemplateExamples['sign-in-link'];
    if (!example) throw new Error('the sign-in e-mail has an example');
    const link = (example as { link: string }).link;
    const code = new URL(link).searchParams.get('oobCode') ?? '';
    await fc.assert(
      fc.asyncProperty(template, template, async (extraText, extraHtml) => {
        const source = {
          subject: shipped.subject,
          text: `${shipped.text}${extraText}`,
          html: `${shipped.html}${extraHtml}`,
        };
        try {
          await validateTemplate('sign-in-link', source);
        } catch (error) {
          if (error instanceof TemplateError) return;
          throw error;
        }
        let rendered;
        try {
          rendered = await renderChecked(
            'sign-in-link',
            compileTemplate(source),
            example as Record<string, unknown>,
          );
        } catch (error) {
          // A template that saved but cannot render now (its render limit, on a busy machine)
          // sends nothing: the send fails, so no code can leave.
          if (error instanceof TemplateError) return;
          throw error;
        }
        for (const body of [rendered.text, rendered.html]) {
          const outside = body.replaceAll(link, '').replaceAll(link.replaceAll('&', '&amp;'), '');
          expect(outside).not.toContain(code);
        }
        expect(rendered.text).not.toMatch(/evil\.example\/\S*oobCode/);
      }),
      { numRuns: 150 },
    );
  });
});
