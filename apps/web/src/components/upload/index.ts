export { UploadScreen } from './upload-screen';
export type { UploadDefinition } from './upload-definition';
export type { UploadApi } from './upload-api';
export { formatCount } from './upload-steps';
