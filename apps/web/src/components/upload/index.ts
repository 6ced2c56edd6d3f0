export { UploadScreen } from './upload-screen';
export type { UploadDefinition } from './upload-definition';
export type { UploadApi } from '@/lib/api/uploads/upload-api';
export { formatCount } from './upload-steps';
