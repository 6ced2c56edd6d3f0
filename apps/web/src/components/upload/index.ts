export { UploadScreen } from './upload-screen';
export type { UploadDefinition } from './upload-definition';
export type { UploadApi } from '@/lib/api/uploads/upload-api';
export { formatCount } from './upload-steps';
export { FileDropZone } from './file-drop-zone';
export { sentPercent, UploadFileList, type ListedFile } from './file-list';
export { formatFileSize, ProgressMeter } from './progress-meter';
export {
  describeStatus,
  refusalOf,
  sendWithProgress,
  type UploadAnswer,
  type UploadRefusal,
} from './send-with-progress';
