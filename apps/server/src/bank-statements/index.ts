/**
 * The bank statements area's public surface.
 */

// The ISO 20022 camt.053/054 reader and writer (the CLI, the demo sample and the benchmark).
export { parseCamt } from './camt/parse';
export { buildCamtXml } from './camt/build';
export { CamtError, camtErrorAsBadInput } from './camt/camt-error';
export type * from './camt/types';
