import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystemInfo } from '../../system-info/index.ts';

/** From this zoom the bundled base (coastlines 1:50m, provinces) has little left to show inside a province. */
export const OFFLINE_DETAIL_ZOOM = 7;

/**
 * Without an online tile URL the map draws the bundled base at every zoom; zoomed in, the user is told
 * that this is all the offline base holds and that online tiles (MAP_TILE_URL) are an option.
 */
export function OfflineBaseNote({ map }: { map: MapLibreMap }) {
  const { t } = useTranslation();
  const systemInfo = useSystemInfo();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useEffect(() => {
    const onZoom = () => setZoom(map.getZoom());
    map.on('zoomend', onZoom);
    return () => {
      map.off('zoomend', onZoom);
    };
  }, [map]);
  const hasTiles = Boolean(systemInfo.data?.mapTileUrl);
  if (!systemInfo.data || hasTiles || zoom < OFFLINE_DETAIL_ZOOM) return null;
  return (
    <div
      data-testid="offline-base-note"
      role="status"
      style={{
        position: 'absolute',
        left: '50%',
        bottom: 36,
        transform: 'translateX(-50%)',
        maxWidth: '80%',
        padding: '4px 12px',
        borderRadius: 6,
        background: 'rgba(255,255,255,0.92)',
        boxShadow: '0 1px 4px rgba(0,0,0,0.15)',
        fontSize: 12,
        zIndex: 2,
        pointerEvents: 'none',
      }}
    >
      {t('home-map.offlineBase')}
    </div>
  );
}
