import type { FrequencyTable } from '../statistics/frequency-table.ts';
import { utf8 } from './byte-chunks.ts';

/**
 * Streams a WAsP .tab observed wind climate (EXPORTS §3) from a {@link frequencyTable}:
 * line 1 free ASCII text; line 2 `lat lon height` (6, 6, 1 decimals); line 3 `nsec 1.00 0.00`;
 * line 4 sector frequencies in % of all records (2 decimals); then one row per speed bin:
 * upper edge (1 decimal, 2 if needed) and, per sector, the per-mille share of that sector's records
 * (2 decimals; each column sums to 1000, an empty sector is all 0.00). Space-separated, CRLF, ASCII.
 * Frequencies come from counts and are rounded only when printed (no force-adjusting of sums).
 * At most 36 sectors and 50 speed bins (WindFarmer limits). Given as UTF-8 (ASCII) bytes.
 *
 * @example Buffer.concat([...writeWaspTab({ table: frequencyTable(speeds, dirs, { sectors: 12 }), description: 'M1 | WS_80m | 2016', latitudeDeg: 53.3049, longitudeDeg: -6.212, heightM: 80 })]) // the file's bytes
 */
export function* writeWaspTab(input: {
  table: FrequencyTable;
  description: string;
  latitudeDeg: number;
  longitudeDeg: number;
  heightM: number;
}): Generator<Uint8Array, void, undefined> {
  const { table } = input;
  if (table.sectors > 36) throw new Error('writeWaspTab requires at most 36 sectors');
  if (table.upperEdgesMps.length > 50) throw new Error('writeWaspTab requires at most 50 speed bins');
  if (/[^\x20-\x7e]/.test(input.description)) throw new Error('writeWaspTab requires an ASCII description');
  const total = table.totalCount;
  const lines = [
    input.description,
    `${input.latitudeDeg.toFixed(6)} ${input.longitudeDeg.toFixed(6)} ${input.heightM.toFixed(1)}`,
    `${table.sectors} 1.00 0.00`,
    Array.from(table.sectorCounts, (c) => (total > 0 ? (c / total) * 100 : 0).toFixed(2)).join(' '),
  ];
  yield utf8(`${lines.join('\r\n')}\r\n`);
  const needsTwo = table.upperEdgesMps.some((u) => Math.abs(Math.round(u * 10) - u * 10) > 1e-9);
  let body = '';
  table.counts.forEach((row, b) => {
    const cells = Array.from(row, (c, s) => {
      const n = table.sectorCounts[s]!;
      return (n > 0 ? (c / n) * 1000 : 0).toFixed(2);
    });
    body += `${table.upperEdgesMps[b]!.toFixed(needsTwo ? 2 : 1)} ${cells.join(' ')}\r\n`;
  });
  yield utf8(body);
}
