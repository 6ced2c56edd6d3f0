import { compile, type DomNode, type FormatCallback } from 'html-to-text';

/**
 * The plain text of an e-mail made from its HTML (issue 32), so a template is written once and
 * its two parts never say different things. `html-to-text` (a maintained converter, on
 * htmlparser2 like the guarded-link check) reads the rendered HTML, with the guarded links still
 * placeholders (`guarded-links.ts` places them in both parts afterwards and checks the text as
 * it checks a written one). What it is told beyond its defaults, and why:
 *
 * - no line wrapping: mail clients wrap for their window, and a wrapped address is a broken one;
 * - a link whose label is not its address reads `label <address>` (RFC 3986's way of setting an
 *   address in text, so a clause's full stop after it is not taken as part of it); a link alone
 *   in its paragraph puts its address on the next line (the sign-in link, where terminals and
 *   clients find it whole); a link that is its own label, or has none, is the address;
 * - a table is laid out as columns when its cells hold words only (label and value rows, as
 *   the bank details), and read as blocks when it holds paragraphs (a layout table);
 * - white space the HTML keeps (`white-space: pre…`, as a quoted reason) is kept;
 * - images are left out (their address is no use in a text), headings keep their case.
 */

/** Elements that make a table cell a block of its own (a layout table, not data). */
const blockElements = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'div',
  'dl',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
]);

/** Parents in which a link may stand alone as a paragraph. */
const paragraphElements = new Set(['p', 'div', 'li', 'td', 'th', 'blockquote', 'body', 'center']);

function textOf(node: DomNode): string {
  if (node.type === 'text') return node.data ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function isBlank(node: DomNode): boolean {
  return (node.type === 'text' && (node.data ?? '').trim() === '') || node.type === 'comment';
}

function hasBlockInside(node: DomNode): boolean {
  return (node.children ?? []).some(
    (child) => (child.name !== undefined && blockElements.has(child.name)) || hasBlockInside(child),
  );
}

/** The link is all its paragraph says: no words, no other element beside it. */
function standsAlone(elem: DomNode): boolean {
  const parent = elem.parent;
  if (!parent?.name || !paragraphElements.has(parent.name)) return false;
  return parent.children.every((sibling) => sibling === elem || isBlank(sibling));
}

const formatLink: FormatCallback = (elem, walk, builder) => {
  const raw = String(elem.attribs?.href ?? '').trim();
  const address = raw.replace(/^mailto:/i, '');
  if (address === '' || address.startsWith('#')) {
    walk(elem.children, builder);
    return;
  }
  const label = textOf(elem).replace(/\s+/g, ' ').trim();
  if (label === '' || label === address || label === raw) {
    builder.addInline(address, { noWordTransform: true });
    return;
  }
  walk(elem.children, builder);
  if (standsAlone(elem)) {
    builder.addLineBreak();
    builder.addInline(address, { noWordTransform: true });
  } else {
    builder.addInline(` <${address}>`, { noWordTransform: true });
  }
};

/** What the HTML asks to keep its white space for. */
const keepsWhiteSpace = (elem: DomNode) =>
  /white-space\s*:\s*(pre|pre-wrap|pre-line|break-spaces)\b/i.test(
    String(elem.attribs?.style ?? ''),
  );

const formatter = (builder: Parameters<FormatCallback>[2], name: string): FormatCallback => {
  const found = builder.options.formatters[name] as FormatCallback | undefined;
  if (!found) throw new Error(`html-to-text has no ${name} formatter`);
  return found;
};

const formatTable: FormatCallback = (elem, walk, builder, options) =>
  formatter(builder, hasBlockInside(elem) ? 'block' : 'dataTable')(elem, walk, builder, options);

/** A blockquote: `> ` before each line, with the quoted text's own line breaks when it keeps them. */
const formatQuote: FormatCallback = (elem, walk, builder, options) => {
  if (!keepsWhiteSpace(elem)) {
    formatter(builder, 'blockquote')(elem, walk, builder, options);
    return;
  }
  builder.openBlock({ leadingLineBreaks: 2, reservedLineLength: 2, isPre: true });
  walk(elem.children, builder);
  builder.closeBlock({
    trailingLineBreaks: 2,
    blockTransform: (text) =>
      text
        .replace(/^\n+|\n+$/g, '')
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n'),
  });
};

/** A paragraph or a division, kept as written when its style keeps white space. */
const formatBlockKeepingPre =
  (lineBreaks: number): FormatCallback =>
  (elem, walk, builder, options) => {
    if (keepsWhiteSpace(elem)) {
      builder.openBlock({ leadingLineBreaks: lineBreaks, isPre: true });
      walk(elem.children, builder);
      builder.closeBlock({ trailingLineBreaks: lineBreaks });
      return;
    }
    formatter(builder, lineBreaks === 2 ? 'paragraph' : 'block')(elem, walk, builder, options);
  };

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
  selector,
  options: { uppercase: false },
}));

const convert = compile({
  wordwrap: false,
  formatters: {
    emailLink: formatLink,
    emailTable: formatTable,
    emailQuote: formatQuote,
    emailParagraph: formatBlockKeepingPre(2),
    emailDivision: formatBlockKeepingPre(1),
  },
  selectors: [
    { selector: 'a', format: 'emailLink' },
    { selector: 'table', format: 'emailTable', options: { uppercaseHeaderCells: false } },
    { selector: 'blockquote', format: 'emailQuote' },
    { selector: 'p', format: 'emailParagraph' },
    { selector: 'div', format: 'emailDivision' },
    { selector: 'img', format: 'skip' },
    ...headings,
  ],
});

/**
 * The plain text of a rendered HTML body: at most one empty line in a row (a condition that left
 * an empty paragraph or a skipped image leaves none), ending with a line break as a written
 * text does.
 */
export function textFromHtml(html: string): string {
  const text = convert(html)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text === '' ? '' : `${text}\n`;
}
