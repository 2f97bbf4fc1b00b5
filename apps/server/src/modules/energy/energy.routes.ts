import {
  TURBINE_FILE_MAX_BYTES,
  ZEnergyRequest,
  ZEnergyResult,
  ZEnergyUncertaintyOverrideRequest,
  ZEnergyUncertaintyOverrides,
  ZIdQuery,
  ZTurbine,
  ZTurbineExportQuery,
  ZTurbineFileValues,
  ZTurbinePageRequest,
  ZTurbineSaveRequest,
  zPage,
} from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import { sendFile } from '../../platform/http/file-reply.ts';
import { readAll, receiveSingleFile } from '../../platform/http/multipart.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { computeRoute, editRoutes, workbookRoute } from '../../platform/http/route-shapes.ts';
import type { EnergyService } from './energy.service.ts';
import { buildEnergyWorkbook } from './energy-workbook.ts';
import type { TurbineService } from './turbines.service.ts';

/** The turbine library and the energy yield (issue 16; SPEC §2 /StationDetail/ElectricComputer). */
export function energyRoutes(turbines: TurbineService, energy: EnergyService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/turbine/page',
      summary: 'The turbine library (reference turbines first), searchable by model and manufacturer',
      tags: ['energy'],
      auth: 'user',
      scope: 'read',
      body: ZTurbinePageRequest,
      response: zPage(ZTurbine),
      handle: ({ body }) => turbines.page(body),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/turbine/detail',
      summary: 'One turbine with its power curve',
      tags: ['energy'],
      auth: 'user',
      scope: 'read',
      query: ZIdQuery,
      response: ZTurbine,
      handle: ({ query }) => turbines.detail(query.id),
    }),
    ...editRoutes({
      base: '/web/turbine',
      saveAt: 'save',
      tags: ['energy'],
      auth: 'system.turbine',
      body: ZTurbineSaveRequest,
      summaries: {
        save: 'Adds (no id) or edits a library turbine; built-in reference turbines are read-only',
        remove: 'Deletes a library turbine (not a built-in one)',
      },
      save: (body, user) => turbines.save(user, body),
      remove: (id) => turbines.delete(id),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/turbine/import',
      summary:
        'Reads one turbine file (WAsP .wtg or .pow, or a two/three-column .csv/.txt/.xlsx of speed m/s, power kW, Ct) ' +
        'into the form values; nothing is saved until /web/turbine/save',
      tags: ['energy'],
      auth: 'system.turbine',
      scope: 'write',
      response: ZTurbineFileValues,
      handle: ({ request }) =>
        receiveSingleFile(request, {
          maxBytes: TURBINE_FILE_MAX_BYTES,
          onFile: async (file) =>
            turbines.readFile(file.fileName, await readAll(file.stream, TURBINE_FILE_MAX_BYTES)),
        }),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/turbine/export',
      summary: 'A library turbine as a WAsP .wtg file',
      tags: ['energy'],
      auth: 'user',
      scope: 'download',
      query: ZTurbineExportQuery,
      isRaw: true,
      handle: async ({ query, reply }) => {
        const file = await turbines.exportWtg(query.id);
        return sendFile(reply, { ...file, contentType: 'application/xml; charset=utf-8' });
      },
    }),
    computeRoute({
      url: '/data-process/energy/calculate',
      summary:
        'Energy yield of up to 5 turbines on a data version (WIND-ANALYSIS §11): hub-height speeds from the ' +
        "site's shear, density-corrected curves, gross AEP (time series and Weibull), losses, P50/P75/P90, " +
        'breakdowns by month, hour and sector',
      tags: ['energy'],
      auth: 'user',
      body: ZEnergyRequest,
      response: ZEnergyResult,
      timeoutMs: 120_000,
      // It computes and stores nothing: a look at the data, as the statistics analysis is (and the MCP tool).
      scope: 'read',
      compute: (user, body, reader) => energy.calculate(user, body, reader),
    }),
    defineRoute({
      method: 'PUT',
      url: '/data-process/energy/uncertainty',
      summary:
        "Types an uncertainty component of a version's energy yield (reference consistency, horizontal " +
        'extrapolation, future variability, plant performance; % — null goes back to the stated default), ' +
        'kept with the caller and the time (edit right on the site); answers the version’s typed components',
      tags: ['energy'],
      auth: 'data.process',
      scope: 'write',
      body: ZEnergyUncertaintyOverrideRequest,
      response: ZEnergyUncertaintyOverrides,
      handle: ({ user, body }) => energy.saveOverride(user, body),
    }),
    workbookRoute({
      url: '/data-process/energy/export',
      summary: 'The energy yield as an xlsx workbook (summary, by month, by hour, by sector, site curves)',
      tags: ['energy'],
      auth: 'user',
      body: ZEnergyRequest,
      timeoutMs: 120_000,
      build: async ({ user, body, language, utcOffsetMinutes }) => {
        const result = await energy.calculate(user, body, { language, utcOffsetMinutes });
        const content = await buildEnergyWorkbook(result, language);
        const name = say(language, 'energyWorkbook.fileName');
        return { fileName: `${name}_${result.versionName}.xlsx`, content };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/data-process/energy/eya_def',
      summary:
        'The energy yield as an IEC 61400-15-2 EYA DEF JSON document (energy assessment digital exchange ' +
        'format, with IEC 61400-16 power curves): one scenario per turbine, the long-term correction and ' +
        'uncertainty inputs where they exist',
      tags: ['energy'],
      auth: 'user',
      scope: 'download',
      heavy: 'compute',
      body: ZEnergyRequest,
      isRaw: true,
      timeoutMs: 120_000,
      handle: async ({ user, body, language, utcOffsetMinutes, reply }) => {
        const file = await energy.eyaDocument(user, body, { language, utcOffsetMinutes });
        return sendFile(reply, { ...file, contentType: 'application/json; charset=utf-8' });
      },
    }),
  ];
}
