import {
  ZDatasetVersion,
  ZIdBody,
  ZProcessingTask,
  ZTaskIdQueryP,
  ZTaskPageRequest,
  ZVersionChannel,
  ZVersionCreate,
  ZVersionDetail,
  ZVersionIdQuery,
  ZVersionRename,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { defineAction } from '../../platform/http/route-shapes.ts';
import { type ProcessingTaskService, presentTask } from './tasks.service.ts';
import type { VersionService } from './versions.service.ts';

/** Version management and processing-task calls of MeasureWind (issue 7). */
export function versionRoutes(versions: VersionService, tasks: ProcessingTaskService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/version/detail',
      summary: 'A version with its lineage (source, method, parameters, who, when) and its running task',
      tags: ['version'],
      auth: 'user',
      scope: 'read',
      query: ZVersionIdQuery,
      response: ZVersionDetail,
      handle: ({ user, query, language }) => versions.detail(user, query.versionId, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/version/channels',
      summary: "A version's channels with their data ranges",
      tags: ['version'],
      auth: 'user',
      scope: 'read',
      query: ZVersionIdQuery,
      response: z.array(ZVersionChannel),
      handle: ({ user, query }) => versions.channels(user, query.versionId),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/version/save',
      summary: 'Create a working version as a copy of another version of the site',
      tags: ['version'],
      auth: 'data.process',
      scope: 'write',
      body: ZVersionCreate,
      response: ZDatasetVersion,
      handle: ({ user, body, language }) => versions.create(user, body, language),
    }),
    defineAction({
      method: 'POST',
      url: '/web/version/rename',
      summary: 'Rename a working version (the original cannot be renamed)',
      tags: ['version'],
      auth: 'data.process',
      scope: 'write',
      body: ZVersionRename,
      run: ({ user, body }) => versions.rename(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/version/delete',
      summary: 'Delete a working version and its data (a processing task; 409 while another task runs)',
      tags: ['version'],
      auth: 'data.process',
      scope: 'write',
      body: ZIdBody,
      response: ZProcessingTask,
      handle: async ({ user, body, language }) =>
        presentTask(await versions.remove(user, body.id, language), language),
    }),
    defineRoute({
      method: 'GET',
      url: '/data-process/process/task',
      summary: 'One processing task with its progress, result or localised failure',
      tags: ['processing'],
      auth: 'user',
      scope: 'read',
      query: ZTaskIdQueryP,
      response: ZProcessingTask,
      handle: ({ user, query, language }) => tasks.get(user, query.taskId, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/data-process/process/task/page',
      summary: "A site's processing tasks, newest first (optionally one version's)",
      tags: ['processing'],
      auth: 'user',
      scope: 'read',
      body: ZTaskPageRequest,
      response: zPage(ZProcessingTask),
      handle: ({ user, body, language }) => tasks.page(user, body, language),
    }),
  ];
}
