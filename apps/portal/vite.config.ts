import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compileMessages } from './src/i18n/compiled-messages';
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
 * (src/i18n/compiled-messages.ts), one chunk per language.
 */
function compiledMessages(): Plugin {
  const prefix = 'virtual:portal-messages/';
  const sources = { en, fr, de, es };
  return {
    name: 'portal-compiled-messages',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const language = id.slice(prefix.length + 1) as keyof typeof sources;
      const messages = sources[language];
      if (!messages) throw new Error(`No portal messages for ${language}`);
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
