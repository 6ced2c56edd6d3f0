import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compileMessages } from './src/i18n/compiled-messages';
import { directoryPageMessages } from './src/i18n/directory-messages';
import { memberMessages } from './src/i18n/member-messages';
import { de } from './src/i18n/messages/de';
import { en } from './src/i18n/messages/en';
import { es } from './src/i18n/messages/es';
import { fr } from './src/i18n/messages/fr';

/**
 * The member portal (issue 34): its own app, served by the server's portal listener
 * (PORTAL_PORT, 3001), which in development `vite` proxies its API to. Imports are relative: the
 * `@` alias is the console's.
 */
const portalServer = 'http://localhost:3001';
const proxy = { '/api': portalServer, '/healthz': portalServer };

/**
 * `virtual:portal-messages/<language>`: the language's messages already parsed
 * (src/i18n/compiled-messages.ts), one chunk per language; `virtual:portal-member-messages/…`
 * the member side's and `virtual:portal-directory-messages/…` the public directory's, in chunks
 * of their own.
 */
function compiledMessages(): Plugin {
  const sets: Record<string, Record<string, Record<string, string>>> = {
    'virtual:portal-messages/': { en, fr, de, es },
    // The member side's (issue 35): loaded by the member screens only.
    'virtual:portal-member-messages/': memberMessages,
    // The public directory's (issue 35): its page, with or without a session, and the preview.
    'virtual:portal-directory-messages/': directoryPageMessages,
  };
  const setOf = (id: string) => Object.keys(sets).find((prefix) => id.startsWith(prefix));
  return {
    name: 'portal-compiled-messages',
    resolveId: (id) => (setOf(id) ? `\0${id}` : undefined),
    load(id) {
      const prefix = id.startsWith('\0') ? setOf(id.slice(1)) : undefined;
      if (!prefix) return undefined;
      const language = id.slice(prefix.length + 1);
      const messages = sets[prefix]?.[language];
      if (!messages) throw new Error(`No portal messages for ${language} in ${prefix}`);
      return `export default ${JSON.stringify(compileMessages(messages))};`;
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), compiledMessages()],
  resolve: {
    alias: {
      // Messages arrive parsed (compiledMessages): the browser needs no ICU parser.
      '@formatjs/icu-messageformat-parser': fileURLToPath(
        new URL(
          '../../node_modules/@formatjs/icu-messageformat-parser/no-parser.js',
          import.meta.url,
        ),
      ),
    },
  },
  server: { port: 5174, proxy },
  preview: { proxy },
  build: { outDir: 'dist' },
});
