/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server of apps/server; in production it serves this app itself, so no proxy exists. */
const apiServer = 'http://localhost:3000';
// /verify: the public certificate check is a page the server renders.
const apiPrefixes = ['/api', '/functions', '/indexes', '/healthz', '/readyz', '/verify'];
const proxy = Object.fromEntries(apiPrefixes.map((prefix) => [prefix, apiServer]));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy },
  preview: { proxy },
  build: { outDir: 'dist' },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
