import type { TMapLayer, TPointLayerValue } from '@masthub/shared';
import { useQueries } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Slider, Typography } from 'antd';
import { type Map as MapLibreMap, type MapMouseEvent, Popup } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionButton } from '../../../../app/PermissionButton.tsx';
import { useSystemInfo } from '../../../system-info/api.ts';
import { fetchLayerImage, mapLayerKeys, queryPoint, useMapLayerList } from './api.ts';
import { LayerManageModal } from './LayerManageModal.tsx';
import { activeLayers, useActiveLayers } from './store.ts';
import { describePointValue, groupLayers, imageCoordinates, sourceIdOf } from './utils.ts';

/** The first base-map layer the rasters go under (sites stay on top). */
const BEFORE_LAYER = 'site-halo';

function layerTitle(layer: Pick<TMapLayer, 'name' | 'heightM'>): string {
  return layer.heightM !== null && !layer.name.includes(`${layer.heightM}`)
    ? `${layer.name} · ${layer.heightM} m`
    : layer.name;
}

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
  const objectUrls = useRef(new Map<number, string>());

  // A deleted layer leaves the shown set.
  useEffect(() => {
    if (list.data) activeLayers.retain(new Set(list.data.map((l) => l.id)));
  }, [list.data]);

  const shown = active.map((a) => byId.get(a.id)).filter((l): l is TMapLayer => l !== undefined);
  const images = useQueries({
    queries: shown.map((layer) => ({
      queryKey: mapLayerKeys.image(layer.id, layer.sha256),
      queryFn: () => fetchLayerImage(layer),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 30 * 60_000,
    })),
  });
  const imageKey = images.map((q, i) => `${shown[i]?.id}:${q.data ? 1 : 0}`).join(',');

  // Sources and raster layers follow the shown set (drawn in switch-on order, under the sites).
  useEffect(() => {
    void imageKey;
    const urls = objectUrls.current;
    const wanted = new Set<number>();
    shown.forEach((layer, i) => {
      const blob = images[i]?.data;
      if (!blob) return;
      wanted.add(layer.id);
      const id = sourceIdOf(layer.id);
      if (map.getSource(id)) return;
      const url = URL.createObjectURL(blob);
      urls.set(layer.id, url);
      map.addSource(id, { type: 'image', url, coordinates: imageCoordinates(layer.imageBounds) });
      map.addLayer(
        {
          id,
          type: 'raster',
          source: id,
          paint: {
            'raster-opacity': active.find((a) => a.id === layer.id)?.opacity ?? 0.75,
            'raster-fade-duration': 0,
            'raster-resampling': layer.kind === 'land_cover' ? 'nearest' : 'linear',
          },
        },
        map.getLayer(BEFORE_LAYER) ? BEFORE_LAYER : undefined,
      );
    });
    for (const [layerId, url] of urls) {
      if (wanted.has(layerId)) continue;
      const id = sourceIdOf(layerId);
      if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(id)) map.removeSource(id);
      URL.revokeObjectURL(url);
      urls.delete(layerId);
    }
  });

  // Opacity.
  useEffect(() => {
    for (const a of active) {
      const id = sourceIdOf(a.id);
      if (map.getLayer(id)) map.setPaintProperty(id, 'raster-opacity', a.opacity);
    }
  }, [active, map]);

  // Leaving the page: the map goes with it, but the shown set and object URLs are cleaned up here.
  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const [layerId, url] of urls) {
        const id = sourceIdOf(layerId);
        try {
          if (map.getLayer(id)) map.removeLayer(id);
          if (map.getSource(id)) map.removeSource(id);
        } catch {
          // The map was already removed.
        }
        URL.revokeObjectURL(url);
      }
      urls.clear();
      activeLayers.clear();
    };
  }, [map]);

  // The point query tool: a click shows every layer's value there in a popup.
  useEffect(() => {
    if (!isQuerying || !hasPointQuery) return;
    const canvas = map.getCanvas();
    canvas.style.cursor = 'crosshair';
    let popup: Popup | null = null;
    let sequence = 0;
    const onClick = (event: MapMouseEvent) => {
      const { lng, lat } = event.lngLat.wrap();
      const mine = ++sequence;
      popup?.remove();
      const content = document.createElement('div');
      content.dataset['testid'] = 'point-query-popup';
      content.style.minWidth = '200px';
      content.style.fontSize = '12px';
      const title = document.createElement('strong');
      title.textContent = t('home-layers.pointQuery.at', {
        longitude: lng.toFixed(4),
        latitude: lat.toFixed(4),
      });
      content.append(title);
      const body = document.createElement('div');
      body.textContent = t('home-layers.pointQuery.loading');
      content.append(body);
      popup = new Popup({ maxWidth: '320px' }).setLngLat([lng, lat]).setDOMContent(content).addTo(map);
      queryPoint(Number(lng.toFixed(6)), Number(lat.toFixed(6)))
        .then((values) => {
          if (mine !== sequence) return;
          body.replaceChildren(...renderValues(values));
        })
        .catch(() => {
          if (mine !== sequence) return;
          body.textContent = t('home-layers.pointQuery.failed');
        });
    };
    const renderValues = (values: TPointLayerValue[]): Node[] => {
      if (values.length === 0) {
        const empty = document.createElement('div');
        empty.textContent = t('home-layers.pointQuery.noLayers');
        return [empty];
      }
      return values.map((v) => {
        const row = document.createElement('div');
        row.style.display = 'flex';
        row.style.justifyContent = 'space-between';
        row.style.gap = '12px';
        const name = document.createElement('span');
        name.textContent = layerTitle(v);
        const value = document.createElement('span');
        value.dataset['testid'] = `point-value-${v.layerId}`;
        const d = describePointValue(v);
        value.textContent =
          d.type === 'none'
            ? t('home-layers.pointQuery.noData')
            : d.type === 'class'
              ? d.key
                ? t(`home-layers.landCover.${d.key}`)
                : t('home-layers.pointQuery.unknownClass', { value: d.value })
              : d.text;
        row.append(name, value);
        return row;
      });
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
      canvas.style.cursor = '';
      popup?.remove();
      sequence += 1;
    };
  }, [isQuerying, hasPointQuery, map, t]);

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
            const state = active.find((a) => a.id === layer.id);
            const index = shown.findIndex((l) => l.id === layer.id);
            const image = index >= 0 ? images[index] : undefined;
            return (
              <div key={layer.id}>
                <Checkbox
                  checked={state !== undefined}
                  onChange={(e) => activeLayers.toggle(layer.id, e.target.checked)}
                  data-testid={`layer-toggle-${layer.id}`}
                >
                  {layerTitle(layer)}
                  {layer.unit && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {' '}
                      ({layer.unit})
                    </Typography.Text>
                  )}
                </Checkbox>
                {image?.isError && (
                  <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }}>
                    {t('home-layers.imageFailed')}
                  </Typography.Text>
                )}
                {state && (
                  <Flex align="center" gap={8} style={{ paddingLeft: 24 }}>
                    <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
                      {t('home-layers.opacity')}
                    </Typography.Text>
                    <Slider
                      style={{ flex: 1, margin: '6px 4px' }}
                      min={0}
                      max={100}
                      step={5}
                      value={Math.round(state.opacity * 100)}
                      onChange={(value) => activeLayers.setOpacity(layer.id, value / 100)}
                      ariaLabelForHandle={t('home-layers.opacityOf', { name: layer.name })}
                      tooltip={{ formatter: (value) => `${value}%` }}
                    />
                    <Typography.Text type="secondary" style={{ fontSize: 12, width: 36, textAlign: 'right' }}>
                      {Math.round(state.opacity * 100)}%
                    </Typography.Text>
                  </Flex>
                )}
              </div>
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
