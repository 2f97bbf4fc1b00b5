import { CLUSTER_WARNING_SITES, stationStatusColor } from '@masthub/shared/constants.ts';
import Supercluster from 'supercluster';

/** What the map needs of a site. */
export interface MapSite {
  id: number;
  stationCode: string;
  projectName: string;
  longitude: number;
  latitude: number;
  status: number;
}

export interface SiteProps {
  siteId: number;
  code: string;
  name: string;
  status: number;
  color: string;
}

export interface ClusterProps {
  cluster: true;
  cluster_id: number;
  point_count: number;
  point_count_abbreviated: string | number;
}

export type SitePoint = GeoJSON.Feature<GeoJSON.Point, SiteProps>;
export type ClusterOrSite = GeoJSON.Feature<GeoJSON.Point, SiteProps | ClusterProps>;

/** Cluster radius in screen pixels: 0 turns clustering off. */
export const CLUSTER_RADIUS = { min: 0, max: 120, default: 50 } as const;
/** Zoom beyond which sites are never clustered. */
export const CLUSTER_MAX_ZOOM = 14;

function isValidPosition(site: MapSite): boolean {
  return (
    Number.isFinite(site.longitude) &&
    Number.isFinite(site.latitude) &&
    Math.abs(site.longitude) <= 180 &&
    Math.abs(site.latitude) <= 90 &&
    !(site.longitude === 0 && site.latitude === 0)
  );
}

/** Sites as GeoJSON points coloured by status; sites without a usable position are left out. */
export function toSitePoints(sites: readonly MapSite[]): SitePoint[] {
  return sites.filter(isValidPosition).map((site) => ({
    type: 'Feature',
    id: site.id,
    geometry: { type: 'Point', coordinates: [site.longitude, site.latitude] },
    properties: {
      siteId: site.id,
      code: site.stationCode,
      name: site.projectName,
      status: site.status,
      color: stationStatusColor(site.status),
    },
  }));
}

/** A supercluster index of the points with the given radius (0: every site stays single). */
export function buildClusterIndex(
  points: SitePoint[],
  radius: number,
): Supercluster<SiteProps, Record<string, never>> {
  const index = new Supercluster<SiteProps, Record<string, never>>({
    radius: Math.max(radius, 0),
    maxZoom: radius > 0 ? CLUSTER_MAX_ZOOM : 0,
    minZoom: 0,
    minPoints: radius > 0 ? 2 : Number.MAX_SAFE_INTEGER,
  });
  index.load(points);
  return index;
}

/** Clusters and single sites in a view (bbox west, south, east, north) at a zoom. */
export function clustersInView(
  index: Supercluster<SiteProps, Record<string, never>>,
  bbox: [number, number, number, number],
  zoom: number,
): ClusterOrSite[] {
  return index.getClusters(bbox, Math.floor(zoom)) as ClusterOrSite[];
}

export function isCluster(feature: ClusterOrSite): feature is GeoJSON.Feature<GeoJSON.Point, ClusterProps> {
  return (feature.properties as Partial<ClusterProps>).cluster === true;
}

/** SPEC §9: warn when this many or more sites are drawn one by one. */
export function shouldWarnUnclustered(features: readonly ClusterOrSite[]): boolean {
  let singles = 0;
  for (const feature of features) if (!isCluster(feature)) singles++;
  return singles >= CLUSTER_WARNING_SITES;
}
