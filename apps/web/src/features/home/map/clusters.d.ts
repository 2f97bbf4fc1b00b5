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
export declare const CLUSTER_RADIUS: {
    readonly min: 0;
    readonly max: 120;
    readonly default: 50;
};
/** Zoom beyond which sites are never clustered. */
export declare const CLUSTER_MAX_ZOOM = 14;
/** Sites as GeoJSON points coloured by status; sites without a usable position are left out. */
export declare function toSitePoints(sites: readonly MapSite[]): SitePoint[];
/** A supercluster index of the points with the given radius (0: every site stays single). */
export declare function buildClusterIndex(points: SitePoint[], radius: number): Supercluster<SiteProps, Record<string, never>>;
/** Clusters and single sites in a view (bbox west, south, east, north) at a zoom. */
export declare function clustersInView(index: Supercluster<SiteProps, Record<string, never>>, bbox: [number, number, number, number], zoom: number): ClusterOrSite[];
export declare function isCluster(feature: ClusterOrSite): feature is GeoJSON.Feature<GeoJSON.Point, ClusterProps>;
/** SPEC §9: warn when this many or more sites are drawn one by one. */
export declare function shouldWarnUnclustered(features: readonly ClusterOrSite[]): boolean;
