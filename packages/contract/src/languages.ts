import { z } from 'zod';

import { languages } from './enumerations';

/** A preferred language: English, French, German or Spanish (issue 17). */
export const languageSchema = z.enum(languages).describe('en, fr, de or es');
