import { Fragment } from 'react';
import { emailBreakPoints } from '@ops/ui/sign-in/email-break-points';

/**
 * An e-mail address that wraps only at sensible points: a `<wbr>` after the @ and after each dot.
 * Only a single piece wider than the box (very rare) still breaks, as a last resort
 * (`overflow-wrap: break-word`), never anywhere else.
 */
export function EmailAddress({ email, className = '' }: { email: string; className?: string }) {
  const pieces = emailBreakPoints(email);
  return (
    <span className={`break-words ${className}`}>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {piece}
          {index < pieces.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
