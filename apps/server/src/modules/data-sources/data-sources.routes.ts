import {
  ZDataFetchRunResult,
  ZDataSourceDir,
  ZDataSourceDirsQuery,
  ZDataSourceListQuery,
  ZDataSourceOption,
  ZDataSourcePageRequest,
  ZDataSourcePullRequest,
  ZDataSourceRecord,
  ZDataSourceSaveRequest,
  ZDataSourceTestResult,
  ZFetchedFilePageRequest,
  ZFetchedFileRecord,
  ZIdQuery,
  ZStationManualPullRequest,
  ZStationManualPullResult,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { editRoutes } from '../../platform/http/route-shapes.ts';
import type { DataSourceService } from './data-sources.service.ts';

/**
 * Data sources (DataFetchManage): 'system.dataFetch'. The source drop-down is open to every user (group
 * reports pick a sender address from it); the manual pull of a site needs 'data.import' and the site.
 */
export function dataSourceRoutes(sources: DataSourceService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/data_source/list',
      summary: 'Data sources for a drop-down: dataFetchType email|ftp; operationType send = e-mail sources',
      tags: ['data sources'],
      auth: 'user',
      scope: 'read',
      query: ZDataSourceListQuery,
      response: z.array(ZDataSourceOption),
      handle: ({ query }) => sources.list(query),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/data_source/page',
      summary: 'Page of data sources with their schedule and last run; passwords are never returned',
      tags: ['data sources'],
      auth: 'system.dataFetch',
      scope: 'read',
      body: ZDataSourcePageRequest,
      response: zPage(ZDataSourceRecord),
      handle: ({ body, language }) => sources.page(body, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/data_source/detail',
      summary: 'One data source (without its password)',
      tags: ['data sources'],
      auth: 'system.dataFetch',
      scope: 'read',
      query: ZIdQuery,
      response: ZDataSourceRecord,
      handle: ({ query, language }) => sources.detail(query.id, language),
    }),
    ...editRoutes({
      base: '/web/data_source',
      saveAt: 'save_or_update',
      tags: ['data sources'],
      auth: 'system.dataFetch',
      body: ZDataSourceSaveRequest,
      summaries: {
        save: 'Create (no id) or update a data source; the password is write-only (blank on update keeps the stored one) and stored encrypted',
        remove: 'Delete a data source that no file-match rule uses (what it fetched stays stored)',
      },
      save: (body, user) => sources.save(user, body),
      remove: (id) => sources.delete(id),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/data_source/test_connection',
      summary:
        'Connect, log in and open the folder/mailbox of a (possibly unsaved) source; a failure names the cause (address, connection, TLS, login, folder)',
      tags: ['data sources'],
      auth: 'system.dataFetch',
      scope: 'write',
      body: ZDataSourceSaveRequest,
      response: ZDataSourceTestResult,
      handle: ({ body, language }) => sources.testConnection(body, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/data_source/ftp_dirs',
      summary: 'Browse a saved source: sub-folders of path (FTP) or mailboxes (e-mail) containing keywords',
      tags: ['data sources'],
      auth: 'system.dataFetch',
      scope: 'read',
      query: ZDataSourceDirsQuery,
      response: z.array(ZDataSourceDir),
      handle: ({ query }) => sources.listDirs(query),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/data_source/pull',
      summary: 'Fetch one source now; waits up to a minute, then answers running while the run goes on',
      tags: ['data sources'],
      auth: 'system.dataFetch',
      scope: 'write',
      body: ZDataSourcePullRequest,
      response: ZDataFetchRunResult,
      handle: ({ user, body, language }) => sources.pull(user, body.id, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/data_source/fetched_files',
      summary:
        'Files fetched from data sources with their site and ingestion result; isMatched=false lists the unmatched',
      tags: ['data sources'],
      auth: 'system.dataFetch',
      scope: 'read',
      body: ZFetchedFilePageRequest,
      response: zPage(ZFetchedFileRecord),
      handle: ({ user, body, language }) => sources.pageFiles(user, body, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/station/manual_pull',
      summary:
        'Manual pull of a site: fetch now every enabled source whose file-match rules can reach the site',
      tags: ['station'],
      auth: 'data.import',
      scope: 'write',
      body: ZStationManualPullRequest,
      response: ZStationManualPullResult,
      handle: ({ user, body, language }) => sources.manualPull(user, body.stationId, language),
    }),
  ];
}
