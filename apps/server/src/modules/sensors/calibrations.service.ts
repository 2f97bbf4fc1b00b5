import type { Readable } from 'node:stream';
import {
  AppError,
  CALIBRATION_PDF_MAX_BYTES,
  type Language,
  localizeIssues,
  type TCalibration,
  type TCalibrationImportReply,
  type TCalibrationSaveRequest,
  type TSensorCalibrationsReply,
  ZDigitalCalibrationCertificate,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { lockContent, removeUnreferenced } from '../../platform/files/content-references.ts';
import { FileTooLargeError, type TFileStore } from '../../platform/files/file-store.ts';
import type { Logger } from '../../platform/logger.ts';
import type { StationAccess } from '../access/index.ts';
import { readCertificate } from './calibrations.dcc.ts';
import { CalibrationRepository } from './calibrations.repository.ts';
import { SensorRepository, type TSensorIdentity } from './sensors.repository.ts';

type TCalibrationRow = NonNullable<Awaited<ReturnType<CalibrationRepository['findCalibration']>>>;
type TSensorRow = NonNullable<Awaited<ReturnType<SensorRepository['find']>>>;

/** A `date` column (local midnight from node-postgres) as `YYYY-MM-DD`. */
export function dayOf(d: Date | string | null): string | null {
  if (d === null) return null;
  if (typeof d === 'string') return d.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function toCalibration(row: TCalibrationRow): TCalibration {
  return {
    id: Number(row.id),
    sensorId: Number(row.sensor_id),
    measurementTypeId: row.measurement_type_id,
    slope: row.slope,
    offset: row.offset,
    sensitivity: row.sensitivity,
    calibrationId: row.calibration_id,
    dateOfCalibration: dayOf(row.date_of_calibration),
    revision: row.revision,
    calibrationOrganisation: row.calibration_organisation,
    placeOfCalibration: row.place_of_calibration,
    reportFileName: row.report_file_name,
    reportLink: row.report_link,
    uncertaintyKFactor: row.uncertainty_k_factor,
    calibrationUncertainty: (row.calibration_uncertainty ?? []).map((r) => ({
      referenceBin: r.reference_bin,
      referenceUnit: r.reference_unit ?? '',
      combinedUncertainty: r.combined_uncertainty,
    })),
    notes: row.notes,
    source: row.source,
    hasCertificate: row.certificate !== null,
    certificatePdfName: row.certificate_pdf_name,
    hasPdf: row.certificate_pdf_sha256 !== null,
    creatorName: row.creator_name,
    createTime: row.created_at.toISOString(),
    updateTime: row.updated_at.toISOString(),
  };
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

const identityOf = (sensor: TSensorRow): TSensorIdentity => ({
  oem: sensor.oem,
  model: sensor.model,
  serialNumber: sensor.serial_number,
});

/**
 * A sensor's calibrations (issue 44 §2). Who may see them: whoever may view a site whose channel
 * configuration (any, past ones too) names the sensor — make, model and serial, case aside — and, for a
 * sensor on no site, administrators and users with the site-edit function. Who may write them: whoever may
 * edit such a site (the routes require `station.edit`; the site's data permission is checked here), and for
 * a sensor on no site the same users. A call narrowed to some sites (a token's) reaches a sensor through
 * those sites only.
 */
export class CalibrationService {
  private readonly repository: CalibrationRepository;
  private readonly sensors: SensorRepository;

  constructor(
    readonly db: Database,
    private readonly access: StationAccess,
    private readonly files: TFileStore,
    private readonly log: Logger,
  ) {
    this.repository = new CalibrationRepository(db);
    this.sensors = new SensorRepository(db);
  }

  /** The sites naming the sensor that the caller sees, and whether the caller may write its calibrations. */
  async reach(
    user: TAuthUser,
    identity: TSensorIdentity,
  ): Promise<{ stations: { id: number; stationCode: string }[]; canView: boolean; canEdit: boolean }> {
    const mayEditSites = user.features.has('station.edit');
    const named = await this.repository.stationsNaming(identity);
    if (named.length === 0) {
      const allowed = user.stationIds === undefined && (user.isAdmin || mayEditSites);
      return { stations: [], canView: allowed, canEdit: allowed };
    }
    const access = await this.access.listAccess(
      user,
      named.map((s) => s.id),
    );
    const seen = new Set(access.filter((a) => a.kinds.length > 0).map((a) => a.stationId));
    const stations = named.filter((s) => seen.has(s.id));
    return { stations, canView: stations.length > 0, canEdit: stations.length > 0 && mayEditSites };
  }

  private async sensorFor(user: TAuthUser, sensorId: number, mode: 'view' | 'edit') {
    const sensor = await this.sensors.find(sensorId);
    if (!sensor) throw new AppError('NOT_FOUND');
    const reach = await this.reach(user, identityOf(sensor));
    if (!(mode === 'view' ? reach.canView : reach.canEdit)) throw new AppError('FORBIDDEN');
    return { sensor, reach };
  }

  private async calibrationFor(user: TAuthUser, id: number, mode: 'view' | 'edit') {
    const row = await this.repository.findCalibration(id);
    if (!row) throw new AppError('NOT_FOUND');
    const { sensor } = await this.sensorFor(user, Number(row.sensor_id), mode);
    return { row, sensor };
  }

  /** 404 unknown sensor, 403 no right to write its calibrations: checked before an upload's body is read. */
  async assertCanEditSensor(user: TAuthUser, sensorId: number): Promise<void> {
    await this.sensorFor(user, sensorId, 'edit');
  }

  async assertCanEditCalibration(user: TAuthUser, id: number): Promise<void> {
    await this.calibrationFor(user, id, 'edit');
  }

  async list(user: TAuthUser, sensorId: number): Promise<TSensorCalibrationsReply> {
    const { sensor, reach } = await this.sensorFor(user, sensorId, 'view');
    const rows = await this.repository.listCalibrations(sensorId);
    return {
      sensor: {
        id: Number(sensor.id),
        oem: sensor.oem,
        model: sensor.model,
        serialNumber: sensor.serial_number,
        sensorTypeId: sensor.sensor_type_id,
      },
      calibrations: rows.map(toCalibration),
      stations: reach.stations,
      canEdit: reach.canEdit,
    };
  }

  /** Adds a calibration typed by hand (to a sensor, registered when new) or replaces a manual one. */
  async save(user: TAuthUser, input: TCalibrationSaveRequest): Promise<{ id: number; sensorId: number }> {
    if (input.id !== undefined) {
      const { row } = await this.calibrationFor(user, input.id, 'edit');
      if (row.source !== 'manual') throw new AppError('CALIBRATION_NOT_MANUAL');
      if (!(await this.repository.updateManual(input.id, input))) throw new AppError('NOT_FOUND');
      return { id: input.id, sensorId: Number(row.sensor_id) };
    }
    let identity: TSensorIdentity;
    if (input.sensorId !== undefined) {
      identity = identityOf((await this.sensorFor(user, input.sensorId, 'edit')).sensor);
    } else {
      identity = input.sensor!;
      if (!(await this.reach(user, identity)).canEdit) throw new AppError('FORBIDDEN');
    }
    const creator = { id: user.id, name: user.userName };
    return this.db.transaction().execute(async (trx) => {
      const sensors = new SensorRepository(trx);
      const { id: sensorId } = await sensors.findOrCreate(identity, {}, creator);
      const { id } = await sensors.addCalibration(
        sensorId,
        {
          ...input,
          calibrationUncertainty: input.calibrationUncertainty.map((r) => ({
            reference_bin: r.referenceBin,
            reference_unit: r.referenceUnit || null,
            combined_uncertainty: r.combinedUncertainty,
          })),
          source: 'manual',
        },
        creator,
      );
      return { id, sensorId };
    });
  }

  /** Deletes a calibration typed by hand or imported from a certificate (not one of a Task 43 file). */
  async delete(user: TAuthUser, id: number): Promise<void> {
    const { row } = await this.calibrationFor(user, id, 'edit');
    if (row.source === 'iea43') throw new AppError('CALIBRATION_NOT_MANUAL');
    if (!(await this.repository.deleteCalibration(id))) throw new AppError('NOT_FOUND');
    await removeUnreferenced(this.db, this.files, [row.certificate_pdf_sha256]);
  }

  /**
   * Imports a digital calibration certificate: the calibration (kept with the certificate) for the sensor
   * `sensorId` — refused when the certificate names another serial number — or, without it, for the
   * sensor the certificate's test item names (registered when new). All or nothing.
   */
  async importCertificate(
    user: TAuthUser,
    sensorId: number | undefined,
    input: unknown,
    language: Language,
    expectedSerial?: string,
  ): Promise<TCalibrationImportReply> {
    const parsed = ZDigitalCalibrationCertificate.safeParse(input);
    if (!parsed.success) {
      throw new AppError(
        'CALIBRATION_CERTIFICATE_INVALID',
        {},
        localizeIssues(parsed.error.issues, language),
      );
    }
    const read = readCertificate(parsed.data);
    let identity = read.identity;
    if (sensorId !== undefined) {
      const { sensor } = await this.sensorFor(user, sensorId, 'edit');
      const certificateSerial = read.identity.serialNumber.trim();
      if (certificateSerial.toLowerCase() !== sensor.serial_number.trim().toLowerCase()) {
        throw new AppError('CALIBRATION_SERIAL_MISMATCH', {
          certificateSerial,
          sensorSerial: sensor.serial_number,
        });
      }
      identity = identityOf(sensor);
    } else {
      const certificateSerial = identity.serialNumber.trim();
      if (expectedSerial && certificateSerial.toLowerCase() !== expectedSerial.trim().toLowerCase()) {
        throw new AppError('CALIBRATION_SERIAL_MISMATCH', {
          certificateSerial,
          sensorSerial: expectedSerial,
        });
      }
      if (!(await this.reach(user, identity)).canEdit) throw new AppError('FORBIDDEN');
    }
    const creator = { id: user.id, name: user.userName };
    return this.db.transaction().execute(async (trx) => {
      const sensors = new SensorRepository(trx);
      const sensor = await sensors.findOrCreate(identity, { sensorTypeId: read.sensorTypeId }, creator);
      const calibration = await sensors.addCalibration(sensor.id, read.calibration, creator);
      return {
        id: calibration.id,
        sensorId: sensor.id,
        isNew: calibration.created,
        isSensorNew: sensor.created,
      };
    });
  }

  /** The kept certificate JSON of a calibration (404 when it has none). */
  async certificate(user: TAuthUser, id: number): Promise<{ document: unknown; fileName: string }> {
    const { row, sensor } = await this.calibrationFor(user, id, 'view');
    if (row.certificate === null) throw new AppError('NOT_FOUND');
    const name = `${sensor.serial_number}_${row.calibration_id || row.id}_calibration_certificate.json`;
    return { document: row.certificate, fileName: name.replace(/[\\/:*?"<>|]/g, '_') };
  }

  /**
   * Attaches the certificate's PDF to a calibration: streamed into the file store, refused (nothing kept)
   * when it does not start with %PDF- or passes the size limit; a previous PDF goes when nothing else names it.
   */
  async attachPdf(
    user: TAuthUser,
    id: number,
    file: { fileName: string; source: Readable },
  ): Promise<{ id: number; certificatePdfName: string }> {
    const { row } = await this.calibrationFor(user, id, 'edit');
    const fileName = file.fileName.trim().replace(/[\\/]/g, '_').slice(-200) || 'certificate.pdf';
    let staged: Awaited<ReturnType<TFileStore['stage']>>;
    try {
      staged = await this.files.stage(file.source, {
        maxBytes: CALIBRATION_PDF_MAX_BYTES,
        checkHead: (head) =>
          head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)
            ? undefined
            : new AppError('CALIBRATION_PDF_INVALID', { fileName }),
      });
    } catch (error) {
      if (error instanceof FileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE');
      throw error;
    }
    let isCommitted = false;
    try {
      await this.db.transaction().execute(async (trx) => {
        await lockContent(trx, staged.sha256);
        await staged.commit();
        isCommitted = true;
        await new CalibrationRepository(trx).setPdf(id, staged.sha256, fileName);
      });
    } catch (error) {
      await staged.discard();
      if (isCommitted) {
        await removeUnreferenced(this.db, this.files, [staged.sha256]).catch((err) =>
          this.log.warn({ err, sha256: staged.sha256 }, 'unreferenced blob left in the file store'),
        );
      }
      throw error;
    }
    if (row.certificate_pdf_sha256 && row.certificate_pdf_sha256 !== staged.sha256) {
      await removeUnreferenced(this.db, this.files, [row.certificate_pdf_sha256]);
    }
    return { id, certificatePdfName: fileName };
  }

  /** The certificate PDF of a calibration for a download; 404 when there is none. */
  async openPdf(user: TAuthUser, id: number) {
    const { row } = await this.calibrationFor(user, id, 'view');
    const sha256 = row.certificate_pdf_sha256;
    if (!sha256) throw new AppError('NOT_FOUND');
    const blob = await this.files.open(sha256.trim());
    if (!blob) {
      this.log.error({ calibrationId: id, sha256 }, 'certificate PDF missing from the file store');
      throw new AppError('NOT_FOUND');
    }
    return { fileName: row.certificate_pdf_name || 'certificate.pdf', ...blob };
  }
}
