import { AppError } from '@masthub/shared';
import type { Database } from '../../platform/db/database.ts';
import { ReferencesRepository } from './references.repository.ts';

/** Float64 little-endian bytes as an array (copied: a Buffer's offset need not be aligned). */
export function toFloat64(buffer: Buffer): Float64Array {
  const copy = new Uint8Array(buffer.length);
  copy.set(buffer);
  return new Float64Array(copy.buffer);
}

/** Float32 little-endian bytes as an array (copied). */
export function toFloat32(buffer: Buffer): Float32Array {
  const copy = new Uint8Array(buffer.length);
  copy.set(buffer);
  return new Float32Array(copy.buffer);
}

/** An array's bytes as stored (little-endian, the platform's order). */
export function toBytes(values: Float64Array | Float32Array): Buffer {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

/** The stamps (UTC ms) and the named columns of a reference series. */
export async function readReferenceColumns(
  db: Database,
  referenceId: number,
  keys: readonly string[],
): Promise<{ timesMs: Float64Array; columns: Map<string, Float32Array> }> {
  const { times, columns } = await new ReferencesRepository(db).readColumns(referenceId, keys);
  if (!times) throw new AppError('NOT_FOUND');
  return {
    timesMs: toFloat64(times),
    columns: new Map(columns.map((c) => [c.key, toFloat32(c.values)])),
  };
}
