import fs from 'node:fs';

/** Deletes the throwaway DATA_DIR once the server has stopped. */
export default function globalTeardown() {
  const dataParent = process.env.E2E_DATA_PARENT;
  if (dataParent) fs.rmSync(dataParent, { recursive: true, force: true });
}
