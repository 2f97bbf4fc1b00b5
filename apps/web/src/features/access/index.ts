export { fetchStationOptions } from './api.ts';
export { FeatureStatusTree } from './FeatureStatusTree.tsx';
export { buildFeatureTree, toFeatureKeys } from './feature-tree.ts';
