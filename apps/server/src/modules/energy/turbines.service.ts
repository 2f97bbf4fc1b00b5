import {
  AppError,
  type TPage,
  type TTurbine,
  type TTurbineFileValues,
  type TTurbinePageRequest,
  type TTurbineSaveRequest,
} from '@masthub/shared';
import type { Selectable } from 'kysely';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import type { TurbineTable } from '../../platform/db/schema.ts';
import type { TArchiveLimits } from '../../platform/files/archive-limits.ts';
import { parseTurbineFile, type TParsedTurbine, TurbineFileError, writeWtg } from './turbine-formats.ts';
import { TurbineRepository } from './turbines.repository.ts';

type TTurbineRow = Selectable<TurbineTable>;

/**
 * The system-wide turbine library (issue 16): reference turbines shipped with their source and licence
 * (read-only), and the models users add or import from WAsP .wtg/.pow and CSV/xlsx power curves. Every
 * user reads it; changing it needs `system.turbine`.
 */
export class TurbineService {
  private readonly turbines: TurbineRepository;

  constructor(
    private readonly db: Database,
    private readonly archiveLimits: TArchiveLimits,
  ) {
    this.turbines = new TurbineRepository(db);
  }

  private present(row: TTurbineRow): TTurbine {
    return {
      id: Number(row.id),
      model: row.model,
      manufacturer: row.manufacturer,
      ratedKw: Number(row.rated_kw),
      rotorDiameterM: Number(row.rotor_diameter_m),
      hubHeightsM: (row.hub_heights_m ?? []).map(Number),
      referenceDensity: Number(row.reference_density),
      regulation: row.regulation,
      curve: row.curve,
      source: row.source,
      licence: row.licence,
      iecClass: row.iec_class,
      isBuiltin: row.is_builtin,
      creatorName: row.creator_name,
      createTime: row.created_at.toISOString(),
    };
  }

  async page(request: TTurbinePageRequest): Promise<TPage<TTurbine>> {
    const { rows, total } = await this.turbines.page(request);
    return presentPage(request, { rows, total }, (r) => this.present(r));
  }

  async detail(id: number): Promise<TTurbine> {
    const row = await this.turbines.find(id);
    if (!row) throw new AppError('NOT_FOUND');
    return this.present(row);
  }

  async byIds(ids: readonly number[]): Promise<TTurbine[]> {
    if (ids.length === 0) return [];
    const rows = await this.turbines.list(ids);
    const byId = new Map(rows.map((r) => [Number(r.id), this.present(r)]));
    return ids.map((id) => {
      const t = byId.get(id);
      if (!t)
        throw new AppError('VALIDATION_FAILED', {}, [{ field: 'turbineIds', message: 'v.unknownOption' }]);
      return t;
    });
  }

  async save(user: TAuthUser, input: TTurbineSaveRequest): Promise<{ id: number }> {
    const values = {
      model: input.model,
      manufacturer: input.manufacturer,
      rated_kw: input.ratedKw,
      rotor_diameter_m: input.rotorDiameterM,
      hub_heights_m: input.hubHeightsM,
      reference_density: input.referenceDensity,
      regulation: input.regulation,
      curve: JSON.stringify(input.curve),
      source: input.source,
      licence: input.licence,
      iec_class: input.iecClass,
    };
    return this.db.transaction().execute(async (trx) => {
      const turbines = new TurbineRepository(trx);
      await turbines.lockModel(input.manufacturer, input.model);
      const clash = await turbines.findSameModel(input.manufacturer, input.model, input.id);
      if (clash) {
        throw new AppError('TURBINE_MODEL_TAKEN', { manufacturer: input.manufacturer, model: input.model });
      }
      if (input.id !== undefined) {
        const existing = await turbines.findBuiltin(input.id, true);
        if (!existing) throw new AppError('NOT_FOUND');
        if (existing.is_builtin) throw new AppError('TURBINE_BUILTIN');
        await turbines.update(input.id, { ...values, updated_at: new Date() });
        return { id: input.id };
      }
      return { id: await turbines.insert({ ...values, creator_id: user.id, creator_name: user.userName }) };
    });
  }

  async delete(id: number): Promise<void> {
    const row = await this.turbines.findBuiltin(id);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.is_builtin) throw new AppError('TURBINE_BUILTIN');
    await this.turbines.delete(id);
  }

  /**
   * Reads a turbine file into the form's values (nothing is saved: the user checks the model, the
   * rotor diameter a CSV lacks, and the regulation, then saves).
   */
  async readFile(fileName: string, content: Buffer): Promise<TTurbineFileValues> {
    let parsed: TParsedTurbine;
    try {
      parsed = await parseTurbineFile(fileName, content, this.archiveLimits);
    } catch (error) {
      if (error instanceof TurbineFileError) {
        throw new AppError(
          error.reason === 'no_curve' ? 'TURBINE_FILE_NO_CURVE' : 'TURBINE_FILE_UNREADABLE',
          {
            fileName,
          },
        );
      }
      throw error;
    }
    return {
      model: parsed.model.slice(0, 100),
      manufacturer: parsed.manufacturer.slice(0, 100),
      ratedKw: Math.round(parsed.ratedKw * 1000) / 1000,
      ...(Number.isFinite(parsed.rotorDiameterM) ? { rotorDiameterM: parsed.rotorDiameterM } : {}),
      hubHeightsM: parsed.hubHeightsM,
      referenceDensity: parsed.referenceDensity,
      regulation: parsed.regulation,
      curve: parsed.curve,
      source: `${fileName}`,
      licence: '',
    };
  }

  /** A library turbine as a WAsP .wtg file. */
  async exportWtg(id: number): Promise<{ fileName: string; content: string }> {
    const t = await this.detail(id);
    const safe = `${t.manufacturer} ${t.model}`.trim().replace(/[\\/:*?"<>|]+/g, '_');
    return { fileName: `${safe}.wtg`, content: writeWtg(t) };
  }
}
