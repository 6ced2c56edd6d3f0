import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A server killed outright leaves its PostgreSQL running (as the 'postgres' user when we are
 * root); it would keep the files busy and the port taken, so it is stopped before deleting.
 */
async function stopLeftoverPostmaster(dataDir: string): Promise<void> {
  let pid: number;
  try {
    const text = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
    pid = Number(text.split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  console.warn(`bench: stopping PostgreSQL (pid ${pid}) left running in ${dataDir}`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

export type Scratch = {
  newDataDir(label: string): string;
  remove(): Promise<void>;
};

/** One temporary folder per invocation holding every DATA_DIR; removed at the end. */
export function createScratch(): Scratch {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-bench-'));
  // mkdtemp makes it 0700; PostgreSQL runs as the 'postgres' user when we are root.
  fs.chmodSync(root, 0o755);
  const dataDirs: string[] = [];
  let count = 0;
  return {
    newDataDir(label) {
      const dataDir = path.join(root, `${String(++count).padStart(2, '0')}-${label}`);
      dataDirs.push(dataDir);
      return dataDir;
    },
    async remove() {
      for (const dataDir of dataDirs) await stopLeftoverPostmaster(dataDir);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
