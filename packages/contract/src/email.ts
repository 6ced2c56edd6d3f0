import { z } from 'zod';

/** An e-mail address, normalised to lower case without surrounding spaces. */
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Must be a valid e-mail address' }))
  .describe('E-mail address');
