/**
 * The public face of the reference-data module: the data long-term correction reads as references —
 * mesoscale datasets and stored reference series (their files, visibility and columns), the candidates
 * near a site, and a source read as a series.
 */

export type { ReferenceCandidates, TCandidateEntry, TListedCandidate } from './candidates.ts';
export { mesoscaleDatasetRoutes } from './mesoscale.routes.ts';
export type { MesoscaleDatasetService, TMesoscaleDatasetRow } from './mesoscale.service.ts';
export { presentMesoscaleReason } from './mesoscale-present.ts';
export {
  findMesoscaleReference,
  listMesoscaleReferences,
  readMesoscaleColumns,
  type TMesoscaleReferenceInfo,
} from './mesoscale-reference.ts';
export {
  createReferenceCandidates,
  createReferenceDataServices,
  type TReferenceDataServices,
} from './reference-data.module.ts';
export {
  createReferenceSeries,
  defaultReferenceKeys,
  referenceCsvOf,
  type TCreateReferenceInput,
  type TReferenceColumnInput,
} from './reference-store.ts';
export { referenceSeriesRoutes } from './references.routes.ts';
export type { ReferenceSeriesService } from './references.service.ts';
export { resolveSeriesReference } from './references.service.ts';
export { readMcpSeries, seriesSpan, type TSeriesSource } from './series-source.ts';
