import type { TMapLayer } from '@masthub/shared';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMapLayerList } from './api.ts';
import styles from './LayerLegends.module.css';
import { useActiveLayers } from './store.ts';
import { landCoverRows, legendRows } from './utils.ts';

function Legend({ layer }: { layer: TMapLayer }) {
  const { t } = useTranslation();
  const rows =
    layer.kind === 'land_cover'
      ? landCoverRows().map((r) => ({ color: r.color, label: t(`home-layers.landCover.${r.key}`) }))
      : legendRows(layer.legend);
  return (
    <section className={styles.legend} aria-label={layer.name} data-testid={`layer-legend-${layer.id}`}>
      <Typography.Text strong style={{ fontSize: 12 }}>
        {t(`home-layers.kinds.${layer.kind}`)}
        {layer.heightM !== null ? ` ${layer.heightM} m` : ''}
        {layer.unit ? ` (${layer.unit})` : ''}
      </Typography.Text>
      <div className={layer.kind === 'land_cover' ? styles.classes : styles.steps}>
        {rows.map((row) => (
          <div key={row.label} className={styles.row}>
            <span className={styles.swatch} style={{ background: row.color }} />
            <span>{row.label}</span>
          </div>
        ))}
      </div>
    </section>
  );
}

/** SPEC §9 legends of the shown raster layers, over the map (bottom right). */
export function LayerLegends() {
  const active = useActiveLayers();
  const list = useMapLayerList();
  const layers = active
    .map((a) => list.data?.find((l) => l.id === a.id))
    .filter((l): l is TMapLayer => l !== undefined);
  if (layers.length === 0) return null;
  return (
    <div className={styles.stack}>
      {layers.map((layer) => (
        <Legend key={layer.id} layer={layer} />
      ))}
    </div>
  );
}
