import type { TParseRule, TRecognizedChannel } from '@masthub/shared';
import type { Database } from '../../platform/db/database.ts';

/** A file layout confirmed for a site (issue 40): the rule and channels as confirmed, the doubts accepted. */
export interface TStationLayout {
  stationId: number;
  layoutKey: string;
  kind: string;
  rule: TParseRule;
  channels: TRecognizedChannel[];
  acceptedDoubts: string[];
  fileName: string;
  confirmerName: string;
  confirmedAt: Date;
}

/** station_layout rows (migration 0039). */
export class StationLayoutRepository {
  constructor(private readonly db: Database) {}

  async find(stationId: number, layoutKey: string): Promise<TStationLayout | undefined> {
    const row = await this.db
      .selectFrom('station_layout')
      .selectAll()
      .where('station_id', '=', stationId)
      .where('layout_key', '=', layoutKey)
      .executeTakeFirst();
    return row && toLayout(row);
  }

  async list(stationId: number): Promise<TStationLayout[]> {
    const rows = await this.db
      .selectFrom('station_layout')
      .selectAll()
      .where('station_id', '=', stationId)
      .orderBy('confirmed_at', 'desc')
      .execute();
    return rows.map(toLayout);
  }

  /** Remembers (or replaces) the layout a user confirmed. */
  async save(layout: Omit<TStationLayout, 'confirmedAt'> & { confirmedBy: number | null }): Promise<void> {
    const values = {
      kind: layout.kind,
      rule: JSON.stringify(layout.rule),
      channels: JSON.stringify(layout.channels),
      accepted_doubts: JSON.stringify(layout.acceptedDoubts),
      file_name: layout.fileName,
      confirmed_by: layout.confirmedBy,
      confirmer_name: layout.confirmerName,
      confirmed_at: new Date(),
    };
    await this.db
      .insertInto('station_layout')
      .values({ station_id: layout.stationId, layout_key: layout.layoutKey, ...values })
      .onConflict((oc) => oc.columns(['station_id', 'layout_key']).doUpdateSet(values))
      .execute();
  }
}

function toLayout(row: {
  station_id: number;
  layout_key: string;
  kind: string;
  rule: unknown;
  channels: unknown;
  accepted_doubts: unknown;
  file_name: string;
  confirmer_name: string;
  confirmed_at: Date;
}): TStationLayout {
  return {
    stationId: Number(row.station_id),
    layoutKey: row.layout_key,
    kind: row.kind,
    rule: row.rule as TParseRule,
    channels: row.channels as TRecognizedChannel[],
    acceptedDoubts: row.accepted_doubts as string[],
    fileName: row.file_name,
    confirmerName: row.confirmer_name,
    confirmedAt: row.confirmed_at,
  };
}
