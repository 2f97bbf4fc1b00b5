import type { TMapLayer } from '@masthub/shared';
import { Button, Typography } from 'antd';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionButton } from '../../../../ui/PermissionButton.tsx';
import { useSystemInfo } from '../../../system-info/index.ts';
import { useMapLayerList } from './api.ts';
import { LayerManageModal } from './LayerManageModal.tsx';
import { LayerToggle } from './LayerToggle.tsx';
import { activeLayers, useActiveLayers } from './store.ts';
import { usePointQueryTool } from './use-point-query-tool.ts';
import { useRasterLayers } from './use-raster-layers.ts';
import { groupLayers } from './utils.ts';

/**
 * Map layers (SPEC §2 wind atlas, map layers, opacity, point resource query): a checkbox per raster layer
 * in groups, an opacity slider per shown layer, and — when the server has point query — a tool that shows
 * every layer's value where the map is clicked.
 */
export function LayersControl({ map }: { map: MapLibreMap }) {
  const { t } = useTranslation();
  const list = useMapLayerList();
  const active = useActiveLayers();
  const systemInfo = useSystemInfo();
  const hasPointQuery = systemInfo.data?.hasPointQuery === true;
  const [isQuerying, setQuerying] = useState(false);
  const [isManaging, setManaging] = useState(false);
  const layers = useMemo(() => list.data ?? [], [list.data]);
  const byId = useMemo(() => new Map(layers.map((l) => [l.id, l])), [layers]);
  const groups = useMemo(() => groupLayers(layers), [layers]);

  // A deleted layer leaves the shown set.
  useEffect(() => {
    if (list.data) activeLayers.retain(new Set(list.data.map((l) => l.id)));
  }, [list.data]);

  const shown = active.map((a) => byId.get(a.id)).filter((l): l is TMapLayer => l !== undefined);
  const images = useRasterLayers(map, shown, active);
  usePointQueryTool(map, isQuerying && hasPointQuery);

  return (
    <section aria-label={t('home-layers.title')} data-testid="layers-control">
      <Typography.Text strong>{t('home-layers.title')}</Typography.Text>
      {list.isError && (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('home-layers.loadFailed')}
        </Typography.Paragraph>
      )}
      {list.isSuccess && layers.length === 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('home-layers.empty')}
        </Typography.Paragraph>
      )}
      {groups.map(({ group, layers: members }) => (
        <div key={group} style={{ marginTop: 8 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`home-layers.groups.${group}`)}
          </Typography.Text>
          {members.map((layer) => {
            const index = shown.findIndex((l) => l.id === layer.id);
            return (
              <LayerToggle
                key={layer.id}
                layer={layer}
                state={active.find((a) => a.id === layer.id)}
                isImageFailed={(index >= 0 ? images[index] : undefined)?.isError === true}
              />
            );
          })}
        </div>
      ))}
      {hasPointQuery && (
        <div style={{ marginTop: 8 }}>
          <Button
            size="small"
            type={isQuerying ? 'primary' : 'default'}
            aria-pressed={isQuerying}
            onClick={() => setQuerying((v) => !v)}
            data-testid="point-query-toggle"
          >
            {t('home-layers.pointQuery.button')}
          </Button>
          {isQuerying && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '4px 0 0' }}>
              {t('home-layers.pointQuery.hint')}
            </Typography.Paragraph>
          )}
        </div>
      )}
      <div style={{ marginTop: 8 }}>
        <PermissionButton
          feature="system.rule"
          size="small"
          onClick={() => setManaging(true)}
          data-testid="layer-manage-open"
        >
          {t('home-layers.manage.button')}
        </PermissionButton>
      </div>
      <LayerManageModal open={isManaging} onClose={() => setManaging(false)} />
    </section>
  );
}
