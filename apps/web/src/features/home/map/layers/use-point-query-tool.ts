import type { TPointLayerValue } from '@masthub/shared';
import { type Map as MapLibreMap, type MapMouseEvent, Popup } from 'maplibre-gl';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryPoint } from './api.ts';
import { describePointValue, layerTitle } from './utils.ts';

/** The point query tool: while on, a click shows every layer's value there in a popup. */
export function usePointQueryTool(map: MapLibreMap, isOn: boolean) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!isOn) return;
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
  }, [isOn, map, t]);
}
