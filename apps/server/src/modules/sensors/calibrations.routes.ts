import {
  AppError,
  CALIBRATION_CERTIFICATE_MAX_BYTES,
  CALIBRATION_PDF_MAX_BYTES,
  ZCalibrationCorrection,
  ZCalibrationCorrectionIdBody,
  ZCalibrationCorrectReply,
  ZCalibrationCorrectRequest,
  ZCalibrationDuePage,
  ZCalibrationDueRequest,
  ZCalibrationImportQuery,
  ZCalibrationImportReply,
  ZCalibrationPdfQuery,
  ZCalibrationSaveReply,
  ZCalibrationSaveRequest,
  ZCampaignRule,
  ZCampaignRuleSaveRequest,
  ZIdQuery,
  ZSensorCalibrationsReply,
  ZSensorIdQuery,
  ZStationCalibrationQuery,
  ZStationCalibrationReply,
  ZStationIdQuery,
} from '@masthub/shared';
import { z } from 'zod';
import { contentDisposition } from '../../platform/http/content-disposition.ts';
import { sendFile } from '../../platform/http/file-reply.ts';
import { readAll, receiveSingleFile } from '../../platform/http/multipart.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { deleteByIdRoute } from '../../platform/http/route-shapes.ts';
import type { StationAccess } from '../access/index.ts';
import { stationCalibrations } from './calibrations.check.ts';
import type { CalibrationCorrectionService } from './calibrations.correction.ts';
import type { CalibrationDueService } from './calibrations.due.ts';
import type { CalibrationService } from './calibrations.service.ts';

const TAGS = ['sensor'];

/** The calibration certificates of sensors (issue 44 §2): list, typed by hand, imported, PDF, the check. */
export function calibrationRoutes(calibrations: CalibrationService, access: StationAccess): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/sensor/calibration/list',
      summary:
        'A sensor’s calibrations, newest first (whoever may view a site whose configuration names the sensor)',
      tags: TAGS,
      auth: 'user',
      scope: 'read',
      query: ZSensorIdQuery,
      response: ZSensorCalibrationsReply,
      handle: ({ user, query }) => calibrations.list(user, query.sensorId),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/sensor/calibration/save',
      summary:
        'Add a calibration typed by hand (to `sensorId`, or to the sensor `sensor` names, registered when new) ' +
        'or replace a manual one (`id`)',
      tags: TAGS,
      auth: 'station.edit',
      scope: 'write',
      body: ZCalibrationSaveRequest,
      response: ZCalibrationSaveReply,
      handle: ({ user, body }) => calibrations.save(user, body),
    }),
    deleteByIdRoute({
      url: '/web/sensor/calibration/delete',
      summary: 'Delete a calibration typed by hand or imported from a certificate (its PDF goes when unused)',
      tags: TAGS,
      auth: 'station.edit',
      remove: (id, user) => calibrations.delete(user, id),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/sensor/calibration/import',
      summary:
        'Import an IEA Task 43 digital calibration certificate (JSON body, or multipart with one `file`) for ' +
        '`sensorId` (refused when it names another serial) or for the sensor its test item names; all or nothing',
      tags: TAGS,
      auth: 'station.edit',
      scope: 'write',
      query: ZCalibrationImportQuery,
      response: ZCalibrationImportReply,
      handle: async ({ user, query, request, language }) => {
        // Access to a named sensor is decided before the body is read.
        if (query.sensorId !== undefined) await calibrations.assertCanEditSensor(user, query.sensorId);
        let input: unknown;
        if (request.isMultipart()) {
          const text = await receiveSingleFile(request, {
            maxBytes: CALIBRATION_CERTIFICATE_MAX_BYTES,
            onFile: async (file) =>
              (await readAll(file.stream, CALIBRATION_CERTIFICATE_MAX_BYTES)).toString('utf8'),
          });
          try {
            input = JSON.parse(text.replace(/^\uFEFF/, ''));
          } catch {
            throw new AppError('CALIBRATION_CERTIFICATE_INVALID');
          }
        } else {
          input = request.body;
        }
        return calibrations.importCertificate(user, query.sensorId, input, language, query.serialNumber);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/web/sensor/calibration/certificate',
      summary: 'Download the digital calibration certificate (JSON) a calibration was imported from',
      tags: TAGS,
      auth: 'user',
      scope: 'download',
      query: ZIdQuery,
      isRaw: true,
      handle: async ({ user, query, reply }) => {
        const { document, fileName } = await calibrations.certificate(user, query.id);
        return reply
          .header('content-disposition', contentDisposition(fileName))
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(document, null, 2));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/web/sensor/calibration/pdf/upload',
      summary:
        'Attach the certificate PDF to a calibration (multipart, one `file`, at most 20 MB, must start with ' +
        '%PDF-); replaces an earlier one',
      tags: TAGS,
      auth: 'station.edit',
      scope: 'write',
      query: ZCalibrationPdfQuery,
      response: z.object({ id: z.number().int(), certificatePdfName: z.string() }),
      handle: async ({ user, query, request }) => {
        await calibrations.assertCanEditCalibration(user, query.id);
        return receiveSingleFile(request, {
          maxBytes: CALIBRATION_PDF_MAX_BYTES,
          onFile: (file) =>
            calibrations.attachPdf(user, query.id, { fileName: file.fileName, source: file.stream }),
        });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/web/sensor/calibration/pdf/download',
      summary: 'Download a calibration’s certificate PDF',
      tags: TAGS,
      auth: 'user',
      scope: 'download',
      query: ZIdQuery,
      isRaw: true,
      handle: async ({ user, query, reply }) => {
        const { fileName, stream, sizeBytes } = await calibrations.openPdf(user, query.id);
        return sendFile(
          reply,
          { fileName, contentType: 'application/pdf', sizeBytes, content: stream },
          { noSniff: true },
        );
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/web/sensor/calibration/station',
      summary:
        'A site’s configuration (the one named, else the one in force) with each sensor channel’s ' +
        'certificate in force and where the programmed slope/offset differ from it',
      tags: TAGS,
      auth: 'user',
      scope: 'read',
      query: ZStationCalibrationQuery,
      response: ZStationCalibrationReply,
      handle: ({ user, query }) =>
        stationCalibrations(calibrations.db, access, user, query.stationId, query.configId),
    }),
  ];
}

/** A site's recalibration rule, the fleet's sensors due, and correcting history to the certificate. */
export function calibrationDueRoutes(
  due: CalibrationDueService,
  corrections: CalibrationCorrectionService,
): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/sensor/calibration/rule',
      summary: 'A site’s recalibration rule (interval in months, post-campaign calibration) and the default',
      tags: TAGS,
      auth: 'user',
      scope: 'read',
      query: ZStationIdQuery,
      response: ZCampaignRule,
      handle: ({ user, query }) => due.rule(user, query.stationId),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/sensor/calibration/rule/save',
      summary: 'Save a site’s recalibration rule',
      tags: TAGS,
      auth: 'station.edit',
      scope: 'write',
      body: ZCampaignRuleSaveRequest,
      response: ZCampaignRule,
      handle: ({ user, body }) => due.saveRule(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/sensor/calibration/due/page',
      summary:
        'The sensors of the configurations in force on the caller’s sites with their calibration due dates, ' +
        'overdue first (status due: overdue and due within 30 days; overdue; all)',
      tags: TAGS,
      auth: 'user',
      scope: 'read',
      body: ZCalibrationDueRequest,
      response: ZCalibrationDuePage,
      handle: ({ user, body }) => due.page(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/sensor/calibration/correct',
      summary:
        'Re-scale a channel of a working version over a period from the programmed slope/offset to the ' +
        'certificate’s (a processing task, undoable, in the lineage)',
      tags: TAGS,
      auth: 'data.process',
      scope: 'write',
      body: ZCalibrationCorrectRequest,
      response: ZCalibrationCorrectReply,
      handle: ({ user, body, language }) => corrections.correct(user, body, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/sensor/calibration/corrections',
      summary: 'A site’s corrections of history to calibration certificates, newest first',
      tags: TAGS,
      auth: 'user',
      scope: 'read',
      query: ZStationIdQuery,
      response: z.array(ZCalibrationCorrection),
      handle: ({ user, query }) => corrections.list(user, query.stationId),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/sensor/calibration/correct/undo',
      summary: 'Give back what a calibration correction replaced (a processing task)',
      tags: TAGS,
      auth: 'data.process',
      scope: 'write',
      body: ZCalibrationCorrectionIdBody,
      response: ZCalibrationCorrectReply,
      handle: ({ user, body, language }) => corrections.undo(user, body.correctionId, language),
    }),
  ];
}
