import {
  ZIdQuery,
  ZSensorDetail,
  ZSensorMoveReply,
  ZSensorMoveRequest,
  ZSensorPage,
  ZSensorPageRequest,
  ZSensorUpdateRequest,
  ZSiteSensor,
  ZSiteSensorsQuery,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { defineAction } from '../../platform/http/route-shapes.ts';
import type { SensorRegisterService } from './register.service.ts';

/** The sensor register's routes (issue 44 §3): search, a sensor's page, its record, a move between masts. */
export function sensorRegisterRoutes(register: SensorRegisterService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/sensor/page',
      summary:
        'Sensors the caller may see, by serial (prefix or contains, case aside), make, model, type and the ' +
        'site they are on now, with where they are and their last calibration',
      tags: ['sensor'],
      auth: 'user',
      scope: 'read',
      body: ZSensorPageRequest,
      response: ZSensorPage,
      handle: ({ user, body }) => register.page(user, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/sensor/detail',
      summary:
        'A sensor: its record, its history on every site (newest first; periods on sites the caller cannot ' +
        'see counted), its calibrations and repairs',
      tags: ['sensor'],
      auth: 'user',
      scope: 'read',
      query: ZIdQuery,
      response: ZSensorDetail,
      handle: ({ user, query, language }) => register.detail(user, query.id, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/sensor/site_sensors',
      summary: 'The sensors a site’s channel configurations name (now first), for the repair record form',
      tags: ['sensor'],
      auth: 'user',
      scope: 'read',
      query: ZSiteSensorsQuery,
      response: z.array(ZSiteSensor),
      handle: ({ user, query }) => register.sensorsOfSite(user, query.stationId),
    }),
    defineAction({
      method: 'POST',
      url: '/web/sensor/update',
      summary: 'Change a sensor’s type, classification, heated flag and notes',
      tags: ['sensor'],
      auth: 'station.edit',
      scope: 'write',
      body: ZSensorUpdateRequest,
      run: ({ user, body }) => register.update(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/sensor/move',
      summary:
        'Move a sensor to another mast from a date: a new configuration on both sites (copies of the ones ' +
        'in force, without and with the sensor’s channels), in one transaction; both station logs say it',
      tags: ['sensor'],
      auth: 'station.edit',
      scope: 'write',
      body: ZSensorMoveRequest,
      response: ZSensorMoveReply,
      handle: ({ user, body, language }) => register.move(user, body, language),
    }),
  ];
}
