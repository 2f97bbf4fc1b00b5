import {
  ATTACHMENT_MAX_BYTES,
  ZAttachment,
  ZAttachmentUploadQuery,
  ZIdQuery,
  ZStationIdQuery,
} from '@masthub/shared';
import { z } from 'zod';
import { sendFile } from '../../platform/http/file-reply.ts';
import { fieldRequired, receiveStationFile } from '../../platform/http/multipart.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { deleteByIdRoute } from '../../platform/http/route-shapes.ts';
import type { AttachmentService } from './attachments.service.ts';

export function attachmentRoutes(attachments: AttachmentService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/station/attachment/list',
      summary: 'Attachments of a site, newest first (needs access to the site)',
      tags: ['station'],
      auth: 'user',
      scope: 'read',
      query: ZStationIdQuery,
      response: z.array(ZAttachment),
      handle: ({ user, query }) => attachments.list(user, query.stationId),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/station/attachment/upload',
      summary:
        'Upload one attachment (.docx/.pdf/.xls/.xlsx, at most 200 MB) as multipart: `stationId` in the ' +
        'query or as the first form field, then `file`; streamed to storage, 413 as soon as it is too large',
      tags: ['station'],
      auth: 'attachment.upload',
      scope: 'write',
      query: ZAttachmentUploadQuery,
      response: ZAttachment,
      // Access is decided before a byte of the file is stored.
      handle: ({ user, query, request }) =>
        receiveStationFile(request, {
          stationId: query.stationId,
          maxBytes: ATTACHMENT_MAX_BYTES,
          checkStation: (stationId) => attachments.assertCanUpload(user, stationId),
          onFile: (file, stationId) => {
            if (stationId === undefined) throw fieldRequired('stationId');
            return attachments.upload(user, stationId, { fileName: file.fileName, source: file.stream });
          },
        }),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/station/attachment/download',
      summary: 'Download an attachment (streamed, UTF-8 file name in Content-Disposition)',
      tags: ['station'],
      auth: 'attachment.download',
      scope: 'download',
      query: ZIdQuery,
      isRaw: true,
      handle: async ({ user, query, reply }) => {
        const { attachment, stream, sizeBytes } = await attachments.open(user, query.id);
        const { fileName, contentType } = attachment;
        return sendFile(reply, { fileName, contentType, sizeBytes, content: stream }, { noSniff: true });
      },
    }),
    deleteByIdRoute({
      url: '/web/station/attachment/delete',
      summary: 'Delete an attachment; its stored file goes when no other attachment has the same content',
      tags: ['station'],
      auth: 'attachment.delete',
      remove: (id, user) => attachments.delete(user, id),
    }),
  ];
}
