import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for the built console (apps/web/dist) in a new temporary folder: its page and one
 * hashed asset, what the SPA serving and header tests read; `files` adds more (a path below the
 * folder → its content). Returns the folder; the test removes it when done.
 */
export function fakeWebDist(files: Record<string, string | Buffer> = {}): string {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-web-'));
  const all: Record<string, string | Buffer> = {
    'index.html': '<!doctype html><title>Operations</title><div id="root"></div>',
    'assets/app-abc123.js': 'console.log(1)',
    ...files,
  };
  for (const [name, content] of Object.entries(all)) {
    const file = path.join(webDist, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return webDist;
}
