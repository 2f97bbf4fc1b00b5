import { withLoggerZone } from '../src/modules/ingestion/ingestion-support.ts';
import { recognize } from '../src/modules/ingestion/parsers/index.ts';
import type { TTestServer } from './test-server.ts';

/**
 * Factory: the layout of `bytes` confirmed for a site, as a data administrator's confirmed preview leaves
 * it (issue 40), so that files of that layout fetched by e-mail or FTP are read rather than held. The
 * doubts of the recognition are accepted as they are.
 */
export async function confirmLayout(
  server: TTestServer,
  stationId: number,
  fileName: string,
  bytes: Uint8Array,
): Promise<void> {
  const station = await server.db
    .selectFrom('station')
    .select('logger_utc_offset_minutes')
    .where('id', '=', stationId)
    .executeTakeFirstOrThrow();
  const recognition = withLoggerZone(recognize(bytes, fileName), station.logger_utc_offset_minutes);
  if (!recognition.layoutKey) throw new Error(`${fileName} has no layout to confirm`);
  await server.services.ingestion.layouts.save({
    stationId,
    layoutKey: recognition.layoutKey,
    kind: recognition.kind,
    rule: recognition.rule,
    channels: recognition.channels,
    acceptedDoubts: recognition.doubts.map((doubt) => doubt.id),
    fileName,
    confirmedBy: null,
    confirmerName: 'test',
  });
}
