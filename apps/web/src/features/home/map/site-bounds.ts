/** What bounds need of a site. */
interface Located {
  longitude: number;
  latitude: number;
}

/** [west, south, east, north] of the sites with a usable position, or undefined when there is none. */
export function boundsOf(sites: readonly Located[]): [number, number, number, number] | undefined {
  let w = Number.POSITIVE_INFINITY;
  let s = Number.POSITIVE_INFINITY;
  let e = Number.NEGATIVE_INFINITY;
  let n = Number.NEGATIVE_INFINITY;
  for (const site of sites) {
    if (!Number.isFinite(site.longitude) || !Number.isFinite(site.latitude)) continue;
    if (site.longitude === 0 && site.latitude === 0) continue;
    w = Math.min(w, site.longitude);
    e = Math.max(e, site.longitude);
    s = Math.min(s, site.latitude);
    n = Math.max(n, site.latitude);
  }
  return Number.isFinite(w) ? [w, s, e, n] : undefined;
}
