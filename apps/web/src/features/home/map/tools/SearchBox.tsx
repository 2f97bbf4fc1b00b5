import type { TGeocodeResult, TGeocoderProviderStatus } from '@masthub/shared';
import { AutoComplete, Input, Typography, theme } from 'antd';
import { type Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeocodeSearch } from './api.ts';

const POINT_ZOOM = 12;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The online provider's state in words, or nothing when it answers. */
function providerNote(providers: TGeocoderProviderStatus[] | undefined): TGeocoderProviderStatus | undefined {
  return providers?.find((p) => p.name !== 'offline' && !p.enabled);
}

/**
 * Address search on the home map (SPEC §2 "locate by address"): the caller's sites by code or name,
 * provinces and cities, and places from a keyed online provider. A region is fitted to its bounds, a
 * point gets a marker.
 */
export function SearchBox({ map }: { map: MapLibreMap }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [text, setText] = useState('');
  const keywords = useDebounced(text.trim(), 300);
  const search = useGeocodeSearch(keywords);
  const marker = useRef<Marker | null>(null);
  const results = keywords ? (search.data?.results ?? []) : [];

  useEffect(
    () => () => {
      marker.current?.remove();
      marker.current = null;
    },
    [],
  );

  const options = useMemo(() => {
    const groups = new Map<
      TGeocodeResult['kind'],
      { label: string; value: string; result: TGeocodeResult }[]
    >();
    results.forEach((result, index) => {
      const list = groups.get(result.kind) ?? [];
      list.push({
        value: String(index),
        label: result.code && result.kind === 'site' ? `${result.code} ${result.name}` : result.name,
        result,
      });
      groups.set(result.kind, list);
    });
    return [...groups].map(([kind, items]) => ({
      label: t(`home-tools.search.kind.${kind}`),
      options: items.map((item) => ({
        value: item.value,
        label: (
          <span data-testid="geocode-option" title={item.label}>
            {item.label}
          </span>
        ),
      })),
    }));
  }, [results, t]);

  function go(result: TGeocodeResult) {
    marker.current?.remove();
    marker.current = null;
    if (result.bounds) {
      const [w, s, e, n] = result.bounds;
      map.fitBounds(
        [
          [w, s],
          [e, n],
        ],
        { padding: 40, duration: 800 },
      );
      return;
    }
    const lngLat: [number, number] = [result.longitude, result.latitude];
    marker.current = new Marker({ color: token.colorPrimary }).setLngLat(lngLat).addTo(map);
    marker.current.getElement().dataset['testid'] = 'search-marker';
    marker.current.getElement().title = result.name;
    map.flyTo({ center: lngLat, zoom: Math.max(map.getZoom(), POINT_ZOOM), duration: 800 });
  }

  const note = providerNote(search.data?.providers);
  const isEmpty = keywords !== '' && !search.isFetching && search.isSuccess && results.length === 0;

  return (
    <section aria-label={t('home-tools.search.title')}>
      <Typography.Text strong>{t('home-tools.search.title')}</Typography.Text>
      <AutoComplete
        style={{ width: '100%', marginTop: 8 }}
        options={options}
        value={text}
        onChange={(value: string) => setText(value)}
        onSelect={(value: string) => {
          const result = results[Number(value)];
          if (!result) return;
          setText(result.name);
          go(result);
        }}
        notFoundContent={isEmpty ? t('home-tools.search.empty') : undefined}
        popupMatchSelectWidth={false}
      >
        <Input.Search
          allowClear
          aria-label={t('home-tools.search.title')}
          placeholder={t('home-tools.search.placeholder')}
          loading={search.isFetching}
          onSearch={(value) => {
            const first = results[0];
            if (value.trim() && first) go(first);
          }}
          onClear={() => {
            marker.current?.remove();
            marker.current = null;
          }}
        />
      </AutoComplete>
      {note && (
        <Typography.Paragraph
          type="secondary"
          style={{ marginTop: 6, marginBottom: 0, fontSize: 12 }}
          data-testid="geocode-provider-note"
        >
          {note.reason === 'missingKey'
            ? t('home-tools.search.provider.missingKey', {
                name: t(`home-tools.search.providerName.${note.name}`),
              })
            : note.reason === 'failed'
              ? t('home-tools.search.provider.failed', {
                  name: t(`home-tools.search.providerName.${note.name}`),
                })
              : t('home-tools.search.provider.offlineOnly')}
        </Typography.Paragraph>
      )}
    </section>
  );
}
