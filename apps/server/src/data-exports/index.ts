/**
 * The data-exports area's public surface (issue 35, "Download our data"): the queue's tasks make
 * and expire exports, the CLI asks for one and saves it.
 */
export { requestDataExport, dataExportTask, dataExportMaxAttempts } from './request-export';
export { makeDataExport, markDataExportFailed } from './make-export';
export { expireDataExports } from './expire-exports';
export { downloadDataExport } from './read-export';
