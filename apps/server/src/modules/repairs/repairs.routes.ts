import {
  ZCarbonCopySaveRequest,
  ZContactListQuery,
  ZContactRecord,
  ZContactSaveRequest,
  ZContactTypeQuery,
  ZIntervalTask,
  ZIntervalTaskSaveRequest,
  ZQueryIdList,
  ZRepairLogPageRequest,
  ZRepairLogRecord,
  ZRepairRecord,
  ZRepairRecordCloseRequest,
  ZRepairRecordPageRequest,
  ZRepairRecordSaveRequest,
  ZRepairReply,
  ZRepairRequest,
  ZRepairVerifyReply,
  ZSendLogPageRequest,
  ZSendLogRecord,
  ZUserAndCarbonCopy,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { editRoutes, saveRoute } from '../../platform/http/route-shapes.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { MailOutbox } from '../mail/index.ts';
import type { ContactService } from './contacts.service.ts';
import type { ReminderService } from './reminders.service.ts';
import type { RepairService } from './repairs.service.ts';

/** Contacts, repairs, repair records, reminders and the e-mail send log (SPEC §2, §3, §7; issue 14). */
export function repairRoutes(deps: {
  contacts: ContactService;
  repairs: RepairService;
  reminders: ReminderService;
  outbox: MailOutbox;
  jobs: TJobs;
}): TRouteDef[] {
  const { contacts, repairs, reminders, outbox, jobs } = deps;
  return [
    defineRoute({
      method: 'GET',
      url: '/web/contacts/userAndCarbonCopy',
      summary: 'The caller as a sender (name, e-mail, phone) and their own carbon-copy addresses',
      tags: ['contacts'],
      auth: 'user',
      scope: 'read',
      response: ZUserAndCarbonCopy,
      handle: ({ user }) => contacts.userAndCarbonCopy(user),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/contacts/carbonCopy/save',
      summary: 'Saves the caller’s carbon-copy addresses (added to every repair request they send)',
      tags: ['contacts'],
      auth: 'user',
      scope: 'write',
      body: ZCarbonCopySaveRequest,
      response: ZUserAndCarbonCopy,
      handle: ({ user, body }) => contacts.saveCarbonCopy(user, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/contacts/list',
      summary: 'The company address book, narrowed by type (1 report, 2 repair), e-mail and function',
      tags: ['contacts'],
      auth: 'alarm.handle',
      scope: 'read',
      query: ZContactListQuery,
      response: z.array(ZContactRecord),
      handle: ({ user, query, language }) => contacts.list(user, query, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/contacts',
      summary: 'The contacts of one type (type 2: repair recipients), for pickers',
      tags: ['contacts'],
      auth: 'alarm.handle',
      scope: 'read',
      query: ZContactTypeQuery,
      response: z.array(ZContactRecord),
      handle: ({ user, query, language }) => contacts.list(user, { type: query.type }, language),
    }),
    ...editRoutes({
      base: '/web/contacts',
      saveAt: 'save',
      tags: ['contacts'],
      auth: 'alarm.handle',
      body: ZContactSaveRequest,
      summaries: {
        save: 'Adds or edits a contact of the caller’s company',
        remove: 'Deletes a contact of the caller’s company',
      },
      save: (body, user) => contacts.save(user, body),
      remove: (id, user) => contacts.delete(user, id),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/repair/repair_verify',
      summary:
        'Which selected sites have a repair e-mail; REPAIR_NO_RECIPIENT (shown as a warning) when none has',
      tags: ['repair'],
      auth: 'alarm.handle',
      scope: 'read',
      query: z.object({ stationIds: ZQueryIdList }),
      response: ZRepairVerifyReply,
      handle: ({ user, query }) => repairs.verify(user, query.stationIds),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/repair/repair',
      summary:
        'Sends the repair request e-mail of each site through the chosen sender, then logs it, opens a repair record, handles the alarms and puts the site into maintenance',
      tags: ['repair'],
      auth: 'alarm.handle',
      scope: 'write',
      body: ZRepairRequest,
      response: ZRepairReply,
      handle: ({ user, body, language, utcOffsetMinutes }) =>
        repairs.repair(user, body, language, utcOffsetMinutes),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/repair/page',
      summary: 'The fault report log (repair requests sent) of the sites the caller may see',
      tags: ['repair'],
      auth: 'system.repairList',
      scope: 'read',
      body: ZRepairLogPageRequest,
      response: zPage(ZRepairLogRecord),
      handle: ({ user, body, language }) => repairs.logPage(user, body, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/repair/record/page',
      summary: 'The repair records of a site, open ones first',
      tags: ['repair'],
      auth: 'repair.view',
      scope: 'read',
      body: ZRepairRecordPageRequest,
      response: zPage(ZRepairRecord),
      handle: ({ user, body, language }) => repairs.recordPage(user, body, language),
    }),
    saveRoute({
      url: '/web/repair/record/save',
      summary: 'Adds a repair record by hand or edits one',
      tags: ['repair'],
      auth: 'repair.edit',
      body: ZRepairRecordSaveRequest,
      save: (body, user) => repairs.saveRecord(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/repair/record/close',
      summary: 'Records the maintainer’s result: the linked alarms close and the site leaves maintenance',
      tags: ['repair'],
      auth: 'repair.edit',
      scope: 'write',
      body: ZRepairRecordCloseRequest,
      response: ZRepairRecord,
      handle: ({ user, body, language }) => repairs.closeRecord(user, body, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/alert/send_log/page',
      summary: 'Every e-mail attempt (repairs, reminders): recipient, status, reason of a failure',
      tags: ['timed-task'],
      auth: 'system.timedTask',
      scope: 'read',
      body: ZSendLogPageRequest,
      response: zPage(ZSendLogRecord),
      handle: ({ body, language }) => outbox.page(body, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/interval_task/list',
      summary: 'The no-data reminder settings (warn and report) with their next send times',
      tags: ['timed-task'],
      auth: 'system.timedTask',
      scope: 'read',
      response: z.array(ZIntervalTask),
      handle: ({ language }) => reminders.list(language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/interval_task/save',
      summary:
        'Saves one reminder: on/off, sender e-mail, send time, every N days or the last day of the month',
      tags: ['timed-task'],
      auth: 'system.timedTask',
      scope: 'write',
      body: ZIntervalTaskSaveRequest,
      response: ZIntervalTask,
      handle: ({ user, body, language }) => reminders.save(user, body, jobs, language),
    }),
  ];
}
