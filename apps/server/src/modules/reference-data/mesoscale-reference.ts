import { AppError, type Language } from '@masthub/shared';
import type { Database } from '../../platform/db/database.ts';
import { MesoscaleRepository } from './mesoscale.repository.ts';
import { presentMesoscaleReason } from './mesoscale-present.ts';
import { toFloat32, toFloat64 } from './reference-columns.ts';

/** What another module needs to know of a mesoscale dataset used as a reference (no values). */
export interface TMesoscaleReferenceInfo {
  id: number;
  stationId: number;
  name: string;
  intervalMinutes: number;
  channels: { key: string; name: string; element: string; heightM: number | null }[];
  files: { fileName: string; sha256: string }[];
}

type TListedDataset = Awaited<ReturnType<MesoscaleRepository['listParsed']>>[number];

/** What a reference is of a dataset row (no values). */
function referenceInfoOf(row: TListedDataset): TMesoscaleReferenceInfo {
  return {
    id: Number(row.id),
    stationId: Number(row.station_id),
    name: row.name,
    intervalMinutes: Number(row.interval_minutes ?? 60),
    channels: row.channels.map((c) => ({ key: c.key, name: c.name, element: c.element, heightM: c.heightM })),
    files: row.files.map((f) => ({ fileName: f.fileName, sha256: f.sha256 })),
  };
}

/**
 * A parsed mesoscale dataset as a reference series (the long-term workbench, issue 28): NOT_FOUND when
 * there is none, MESOSCALE_NOT_PARSED when its .wnd was stored only. The caller checks the site's access.
 */
export async function findMesoscaleReference(
  db: Database,
  datasetId: number,
  language: Language,
): Promise<TMesoscaleReferenceInfo> {
  const row = await new MesoscaleRepository(db).findDataset(datasetId);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'parsed' || !row.times) {
    throw new AppError('MESOSCALE_NOT_PARSED', { reason: presentMesoscaleReason(row.reason, language) });
  }
  return referenceInfoOf(row);
}

/** The parsed mesoscale datasets of a site as references (no values). The caller checks the site's access. */
export async function listMesoscaleReferences(
  db: Database,
  stationId: number,
): Promise<TMesoscaleReferenceInfo[]> {
  const rows = await new MesoscaleRepository(db).listParsed(stationId);
  return rows.map(referenceInfoOf);
}

/** The stamps (UTC ms) and the named columns of a parsed mesoscale dataset. */
export async function readMesoscaleColumns(
  db: Database,
  datasetId: number,
  keys: readonly string[],
): Promise<{ timesMs: Float64Array; columns: Map<string, Float32Array> }> {
  const repository = new MesoscaleRepository(db);
  const row = await repository.findDataset(datasetId);
  if (!row?.times) throw new AppError('NOT_FOUND');
  const columns = new Map<string, Float32Array>();
  for (const c of await repository.listChannelValues(datasetId, [...keys])) {
    columns.set(c.key, toFloat32(c.values));
  }
  return { timesMs: toFloat64(row.times), columns };
}
