import type { TNoteOperator } from '@ops/contract/notes';
import { Fragment } from 'react';
import { tokenizeNoteBody } from './note-text';

/**
 * A note's text as written: line breaks kept, http(s) addresses as links that open in a new tab,
 * mentions highlighted. Built from React nodes (the body is never HTML), so whatever an operator
 * types is shown as text.
 */
export function NoteBody({ body, mentions }: { body: string; mentions: readonly TNoteOperator[] }) {
  const tokens = tokenizeNoteBody(body, mentions);
  return (
    <p className="text-sm break-words whitespace-pre-wrap text-slate-900">
      {tokens.map((token, index) => {
        switch (token.kind) {
          case 'break':
            return <br key={index} />;
          case 'link':
            return (
              <a
                key={index}
                href={token.href}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sky-800 underline decoration-sky-800/30 underline-offset-2 hover:decoration-sky-800"
              >
                {token.text}
              </a>
            );
          case 'mention':
            return (
              <mark
                key={index}
                data-mention={token.uid}
                className="rounded bg-sky-100 px-0.5 font-medium text-sky-900"
              >
                {token.text}
              </mark>
            );
          default:
            return <Fragment key={index}>{token.text}</Fragment>;
        }
      })}
    </p>
  );
}
