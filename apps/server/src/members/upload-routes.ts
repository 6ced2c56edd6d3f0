import { ZMemberUpload, ZMemberUploadQuery, ZMemberUploadValidateBody } from '@ops/contract';
import { uploadRoutes } from '../uploads';
import { memberUploadKind } from './upload-service';

/**
 * Member CSV upload (`/members/upload`): the shared import routes (send the file, map and
 * validate, list the invalid rows, commit, download the rejected rows) over the member kind.
 * Writes need `members.edit`.
 */
export const memberUploadRoutes = uploadRoutes({
  kind: memberUploadKind,
  basePath: '/api/members/uploads',
  tag: 'members',
  plural: 'members',
  permission: 'members.edit',
  schemas: {
    upload: ZMemberUpload,
    fileQuery: ZMemberUploadQuery,
    validateBody: ZMemberUploadValidateBody,
  },
});
