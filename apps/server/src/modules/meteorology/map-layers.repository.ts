import type { Selectable } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { countRows } from '../../platform/db/rows.ts';
import type { MapLayerTable } from '../../platform/db/schema.ts';
import { isContentReferenced } from '../../platform/files/content-references.ts';

export type TMapLayerRow = Selectable<MapLayerTable>;

export interface TMapLayerValues {
  kind: MapLayerTable['kind'];
  name: string;
  heightM: number | null;
  unit: string;
  fileSha256: string;
  /** The layer rendered as the map's PNG, stored with it (issue 39: showing it writes nothing). */
  imageSha256: string;
  bounds: [number, number, number, number];
  width: number;
  height: number;
  nodata: number | null;
  createdBy: number | null;
  creatorName: string;
}

/** The map_layer table (migration 0010). */
export class MapLayerRepository {
  constructor(private readonly db: Database) {}

  listEnabled(): Promise<TMapLayerRow[]> {
    return this.db
      .selectFrom('map_layer')
      .selectAll()
      .where('is_enabled', '=', true)
      .orderBy('kind')
      .orderBy('id')
      .execute();
  }

  find(id: number): Promise<TMapLayerRow | undefined> {
    return this.db.selectFrom('map_layer').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(v: TMapLayerValues): Promise<TMapLayerRow> {
    const [west, south, east, north] = v.bounds;
    return this.db
      .insertInto('map_layer')
      .values({
        kind: v.kind,
        name: v.name,
        height_m: v.heightM,
        unit: v.unit,
        file_sha256: v.fileSha256,
        image_sha256: v.imageSha256,
        west,
        south,
        east,
        north,
        width: v.width,
        height: v.height,
        nodata: v.nodata,
        created_by: v.createdBy,
        creator_name: v.creatorName,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async delete(id: number): Promise<TMapLayerRow | undefined> {
    return this.db.deleteFrom('map_layer').where('id', '=', id).returningAll().executeTakeFirst();
  }

  /** Whether any layer still refers to a stored blob (as its raster or its image). */
  /** True while anything names the content (content-references.ts), not only map layers. */
  async isReferenced(sha256: string): Promise<boolean> {
    return isContentReferenced(this.db, sha256);
  }

  count(): Promise<number> {
    return countRows(this.db.selectFrom('map_layer'));
  }
}
