import { ICE_CLASS_COLOURS, type TSiteIceClass } from '@masthub/shared';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Typography } from 'antd';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../../request/request.ts';
import type { MapSite } from '../clusters.ts';
import styles from './LayerLegends.module.css';

const SOURCE = 'ice-classes';
const LAYER = 'ice-class';

/** The stored IEA ice class of every visible site (GET /web/map/ice_classes). */
function useIceClasses(isEnabled: boolean) {
  return useQuery({
    queryKey: ['map', 'ice-classes'],
    queryFn: () => http.get<TSiteIceClass[]>('/web/map/ice_classes'),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}

/** Sites with a stored class as points coloured by it. */
function toFeatures(sites: readonly MapSite[], classes: readonly TSiteIceClass[]): GeoJSON.FeatureCollection {
  const byId = new Map(classes.map((c) => [c.stationId, c]));
  const features: GeoJSON.Feature[] = [];
  for (const site of sites) {
    const c = byId.get(site.id);
    if (!c || !Number.isFinite(site.longitude) || !Number.isFinite(site.latitude)) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [site.longitude, site.latitude] },
      properties: { siteId: site.id, iceClass: c.iceClass, color: ICE_CLASS_COLOURS[c.iceClass - 1] },
    });
  }
  return { type: 'FeatureCollection', features };
}

/**
 * The fleet view of cold climate (issue 45 §2): a toggle that rings every site with the colour of its IEA
 * ice class (the latest year stored when its site suitability was computed), with the legend of classes 1–5.
 */
export function IceClassLayer({ map, sites }: { map: MapLibreMap; sites: readonly MapSite[] | undefined }) {
  const { t } = useTranslation();
  const [isShown, setShown] = useState(false);
  const classes = useIceClasses(isShown);

  useEffect(() => {
    if (!isShown || !classes.data || !sites) return;
    const data = toFeatures(sites, classes.data);
    const source = map.getSource<GeoJSONSource>(SOURCE);
    if (source) source.setData(data);
    else {
      map.addSource(SOURCE, { type: 'geojson', data });
      map.addLayer(
        {
          id: LAYER,
          type: 'circle',
          source: SOURCE,
          paint: {
            'circle-radius': 11,
            'circle-color': ['get', 'color'],
            'circle-opacity': 0.75,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 1,
          },
        },
        map.getLayer('site') ? 'site' : undefined,
      );
    }
    return () => {
      if (map.getLayer(LAYER)) map.removeLayer(LAYER);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map, isShown, classes.data, sites]);

  return (
    <section aria-label={t('home-layers.iceClass.title')} data-testid="ice-class-layer">
      <Checkbox checked={isShown} onChange={(e) => setShown(e.target.checked)} data-testid="ice-class-toggle">
        {t('home-layers.iceClass.title')}
      </Checkbox>
      {isShown && (
        <div className={styles.legend} data-testid="ice-class-legend" style={{ marginTop: 6 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {classes.isError
              ? t('home-layers.iceClass.loadFailed')
              : t('home-layers.iceClass.sites', { count: classes.data?.length ?? 0 })}
          </Typography.Text>
          <div className={styles.classes}>
            {ICE_CLASS_COLOURS.map((color, k) => (
              <div key={color} className={styles.row}>
                <span className={styles.swatch} style={{ background: color }} />
                <span>{t(`home-layers.iceClass.class${k + 1}`)}</span>
              </div>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
