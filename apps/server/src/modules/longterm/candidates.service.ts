import {
  AppError,
  fieldError,
  type Language,
  MCP_CANDIDATES_MAX,
  type TMcpCandidatesRequest,
  type TMcpCandidatesResult,
} from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TComputeAccess } from '../../platform/compute/compute-task.ts';
import { runTask } from '../../platform/compute/run-task.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TReaderContext } from '../../platform/http/route.ts';
import type { StationAccess } from '../access/index.ts';
import type { ReferenceCandidates, TCandidateEntry, TSeriesSource } from '../reference-data/index.ts';
import {
  isMeanDirection,
  isMeanSpeed,
  openTimeSeriesStore,
  type TTimeSeriesStore,
  type TVersionRow,
} from '../timeseries/index.ts';
import { rankCandidates, type TCandidateJob } from './longterm-candidates.ts';
import { MCP_MIN_PERIODS } from './longterm-run.ts';

/**
 * The candidate ranking of the long-term workbench (issue 28): for a target site's speed, the candidate
 * references near the site (reference-data/: visible reference series and sites within the radius, the
 * site's mesoscale datasets), the nearest MCP_CANDIDATES_MAX ranked in a worker thread by concurrent hourly
 * and daily r, concurrent months and CV RMSE (longterm-candidates.ts).
 */
export class CandidateService {
  private readonly store: TTimeSeriesStore;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly references: Pick<ReferenceCandidates, 'listNear'>,
    private readonly compute?: TComputeAccess,
  ) {
    this.store = openTimeSeriesStore(db);
  }

  async rank(
    user: TAuthUser,
    request: TMcpCandidatesRequest,
    ctx: TReaderContext,
  ): Promise<TMcpCandidatesResult> {
    const { language } = ctx;
    const version = await this.store.findVersion(request.versionId);
    if (!version) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, version.stationId);
    const target = await this.targetSource(version, request, language);
    const { siteName, listed } = await this.references.listNear(
      user,
      version.stationId,
      request.radiusKm,
      language,
    );
    const capped = listed.slice(0, MCP_CANDIDATES_MAX);
    const candidates: TCandidateEntry[] = [];
    for (const { resolve, ...entry } of capped) candidates.push({ ...entry, ...(await resolve()) });
    const job: TCandidateJob = {
      language,
      utcOffsetMinutes: ctx.utcOffsetMinutes,
      coverage: request.coverage,
      includeSuspicious: request.includeSuspicious,
      target,
      candidates,
      radiusKm: request.radiusKm,
      found: listed.length,
      isCapped: listed.length > capped.length,
      siteName,
    };
    return runTask(this.compute, { kind: 'longterm_candidates', job }, () => rankCandidates(this.db, job));
  }

  /** The target's speed channel as a source; MCP_NO_CONCURRENT when it holds no data. */
  private async targetSource(
    version: TVersionRow,
    request: TMcpCandidatesRequest,
    language: Language,
  ): Promise<TSeriesSource> {
    const channels = await this.store.listChannels(version.id);
    const speed = channels.find((c) => c.id === request.speedChannelId);
    if (!speed || !isMeanSpeed(speed)) throw fieldError('speedChannelId', 'oneOf');
    if (request.directionChannelId !== undefined) {
      const vane = channels.find((c) => c.id === request.directionChannelId);
      if (!vane || !isMeanDirection(vane)) throw fieldError('directionChannelId', 'oneOf');
    }
    const range = (await this.store.channelRanges(version.id)).get(speed.id);
    if (!range?.firstTime || !range.lastTime) {
      throw new AppError('MCP_NO_CONCURRENT', {
        period: say(language, 'longterm.period.1H'),
        minimum: MCP_MIN_PERIODS['1H'],
        found: 0,
      });
    }
    return {
      kind: 'site',
      speed,
      direction: undefined,
      fromMs: range.firstTime.getTime(),
      toMs: range.lastTime.getTime() + speed.intervalS * 1000,
    };
  }
}
