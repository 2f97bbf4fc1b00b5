export {
  stationKeys,
  useGenericOptions,
  useOwnerOptions,
  useRegions,
  useStationDetail,
  useStationFields,
  useStationOverview,
  useStationStatuses,
  useTagOptions,
} from './api.ts';
export { StationFormModal } from './StationFormModal.tsx';
export { StationStatusTag, StationTagList } from './StationTags.tsx';
