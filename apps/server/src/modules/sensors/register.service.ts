import {
  AppError,
  displayPersonName,
  type Language,
  type TPage,
  type TSensorDetail,
  type TSensorMoveReply,
  type TSensorMoveRequest,
  type TSensorPageRequest,
  type TSensorSummary,
  type TSensorUpdateRequest,
  type TSiteSensor,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import { type StationAccess, stationAccessPredicate } from '../access/index.ts';
import { placeOf, sensorHistory } from './register.history.ts';
import { RegisterRepository, type TSensorVisibility } from './register.repository.ts';
import { moveSensor, type TSensorLogWriter } from './register-move.repository.ts';
import { SensorRepository } from './sensors.repository.ts';

const label = (s: { oem: string; model: string; serial_number: string }) =>
  [s.oem, s.model, s.serial_number].filter((v) => v.trim() !== '').join(' ');

/** A `date` column as node-postgres reads it (local midnight) as 'YYYY-MM-DD'. */
function dateOnly(d: Date | null): string | null {
  if (!d) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The sensor register (issue 44 §3). A caller sees a sensor when they may view a site whose configuration
 * names it (now or before); administrators see every sensor, and a sensor on no site is seen by those who
 * may edit sites. History rows on sites the caller cannot see are counted, not shown.
 */
export class SensorRegisterService {
  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly stationLog: TSensorLogWriter,
  ) {}

  private visibility(user: TAuthUser): TSensorVisibility {
    const unnarrowed = user.stationIds === undefined;
    return {
      all: user.isAdmin && unnarrowed,
      sites: stationAccessPredicate(user, 'st'),
      unmounted: unnarrowed && (user.isAdmin || user.features.has('station.edit')),
    };
  }

  private async assertVisible(user: TAuthUser, id: number) {
    const sensor = await new SensorRepository(this.db).find(id);
    if (!sensor) throw new AppError('NOT_FOUND');
    if (!(await new RegisterRepository(this.db).isVisible(id, this.visibility(user)))) {
      throw new AppError('FORBIDDEN');
    }
    return sensor;
  }

  async page(user: TAuthUser, request: TSensorPageRequest): Promise<TPage<TSensorSummary>> {
    if (request.stationId !== undefined) await this.access.assertCanView(user, request.stationId);
    const repository = new RegisterRepository(this.db);
    const now = new Date();
    const visibility = this.visibility(user);
    const { rows, total } = await repository.page(request, visibility, now);
    const mounts = await repository.mountsAt(
      rows.map((r) => Number(r.id)),
      now,
      visibility.sites,
    );
    return presentPage(request, { rows, total }, (row) => {
      const own = mounts.filter((m) => Number(m.sensor_id) === Number(row.id));
      const shown = own.filter((m) => m.visible);
      const site = shown[0]?.station_id;
      return {
        id: Number(row.id),
        oem: row.oem,
        model: row.model,
        serialNumber: row.serial_number,
        sensorTypeId: row.sensor_type_id,
        whereNow: site === undefined ? null : placeOf(shown.filter((m) => m.station_id === site)),
        whereNowHidden: own.length > 0 && shown.length === 0,
        lastCalibrationDate: row.last_calibration,
      };
    });
  }

  async detail(user: TAuthUser, id: number, language: Language): Promise<TSensorDetail> {
    const sensor = await this.assertVisible(user, id);
    const repository = new RegisterRepository(this.db);
    const sites = this.visibility(user).sites;
    const [mounts, calibrations, repairs] = await Promise.all([
      repository.mountsOf(id, sites),
      new SensorRepository(this.db).calibrationsOf([id]),
      repository.repairsOf(id, sites),
    ]);
    const history = sensorHistory(mounts, new Date());
    return {
      sensor: {
        id: Number(sensor.id),
        oem: sensor.oem,
        model: sensor.model,
        serialNumber: sensor.serial_number,
        sensorTypeId: sensor.sensor_type_id,
        classification: sensor.classification,
        isHeated: sensor.is_heated,
        notes: sensor.notes,
        creatorName: displayPersonName(sensor.creator_name, language),
        createTime: sensor.created_at.toISOString(),
        updateTime: sensor.updated_at.toISOString(),
      },
      history: history.periods,
      hiddenPeriodCount: history.hiddenCount,
      whereNow: history.periods.find((p) => p.isNow) ?? null,
      whereNowHidden: history.hiddenNow,
      calibrations: calibrations.map((c) => ({
        id: Number(c.id),
        measurementTypeId: c.measurement_type_id,
        slope: c.slope,
        offset: c.offset,
        dateOfCalibration: dateOnly(c.date_of_calibration),
        calibrationId: c.calibration_id,
        calibrationOrganisation: c.calibration_organisation,
        placeOfCalibration: c.place_of_calibration,
        uncertaintyKFactor: c.uncertainty_k_factor,
        source: c.source,
        certificatePdfName: c.certificate_pdf_name,
      })),
      repairs: repairs.map((r) => ({
        id: Number(r.id),
        stationId: Number(r.station_id),
        stationCode: r.station_code,
        faultType: r.fault_type,
        faultStart: r.fault_start?.toISOString() ?? null,
        maintainResult: r.maintain_result,
        endTime: r.end_time?.toISOString() ?? null,
        isClosed: r.is_closed,
      })),
    };
  }

  /** The record's own fields (type, classification, heated, notes); the route needs 'station.edit'. */
  async update(user: TAuthUser, input: TSensorUpdateRequest): Promise<void> {
    await this.assertVisible(user, input.id);
    await new RegisterRepository(this.db).update(input.id, input);
  }

  /** The sensors a site's configurations name, for the repair record form; site view access. */
  async sensorsOfSite(user: TAuthUser, stationId: number): Promise<TSiteSensor[]> {
    await this.access.assertCanView(user, stationId);
    const rows = await new RegisterRepository(this.db).sensorsOfSite(stationId, new Date());
    return rows.map((r) => ({
      id: Number(r.id),
      oem: r.oem,
      model: r.model,
      serialNumber: r.serial_number,
      sensorTypeId: r.sensor_type_id,
      isNow: r.is_now,
    }));
  }

  /** A move between masts: the caller must be able to edit both sites (and see the sensor). */
  async move(user: TAuthUser, input: TSensorMoveRequest, language: Language): Promise<TSensorMoveReply> {
    const sensor = await this.assertVisible(user, input.sensorId);
    const sites = await this.access.assertCanEdit(user, [input.fromStationId, input.targetStationId]);
    const codeOf = (id: number) => sites.find((s) => s.stationId === id)!.stationCode;
    return this.db.transaction().execute((trx) =>
      moveSensor(trx, input, {
        user,
        language,
        sensor: { id: Number(sensor.id), label: label(sensor), serial: sensor.serial_number },
        from: { id: input.fromStationId, code: codeOf(input.fromStationId) },
        target: { id: input.targetStationId, code: codeOf(input.targetStationId) },
        stationLog: this.stationLog,
      }),
    );
  }
}
