import type { TRegion } from '@masthub/shared';
import { Button, Cascader, Flex, Form, Input, Segmented, Typography, theme } from 'antd';
import { type Map as MapLibreMap, Marker } from 'maplibre-gl';
import { type RefObject, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LocateError, type PointResult, parseGaussKruger, parseLonLat } from './locate.ts';

const LOCATE_ZOOM = 10;

type LocateMode = 'lonLat' | 'gk';

interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

function regionOptions(regions: TRegion[], isEnglish: boolean): RegionOption[] {
  return regions.map((region) => ({
    value: region.code,
    label: isEnglish ? region.nameEn : region.name,
    ...(region.children.length > 0 ? { children: regionOptions(region.children, isEnglish) } : {}),
  }));
}

function findRegion(regions: TRegion[], path: string[]): TRegion | undefined {
  let level = regions;
  let found: TRegion | undefined;
  for (const code of path) {
    found = level.find((r) => r.code === code);
    if (!found) return undefined;
    level = found.children;
  }
  return found;
}

/** One coordinate input (longitude, latitude, x or y) with its error under it. */
function CoordinateItem({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string;
  field: 'longitude' | 'latitude' | 'x' | 'y';
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t(`home-map.locate.${field}`)}
      htmlFor={id}
      validateStatus={error ? 'error' : ''}
      help={error}
      style={{ marginBottom: 12 }}
    >
      <Input
        id={id}
        value={value}
        allowClear
        placeholder={t(`home-map.locate.${field}Placeholder`)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Form.Item>
  );
}

/** Locate by coordinates: longitude/latitude (decimal or DMS) or Gauss–Krüger x/y; a marker at the point. */
export function LocateSection({ mapRef }: { mapRef: RefObject<MapLibreMap | null> }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const locateMarker = useRef<Marker | null>(null);
  const [mode, setMode] = useState<LocateMode>('lonLat');
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [locateError, setLocateError] = useState<{ field: string; error: LocateError }>();
  const [located, setLocated] = useState<{ longitude: number; latitude: number }>();

  function flyTo(result: PointResult) {
    if (!result.ok) {
      setLocateError({ field: result.field, error: result.error });
      return;
    }
    setLocateError(undefined);
    const map = mapRef.current;
    if (!map) return;
    const lngLat: [number, number] = [result.longitude, result.latitude];
    locateMarker.current?.remove();
    locateMarker.current = new Marker({ color: token.colorError }).setLngLat(lngLat).addTo(map);
    locateMarker.current.getElement().dataset['testid'] = 'locate-marker';
    map.flyTo({ center: lngLat, zoom: Math.max(map.getZoom(), LOCATE_ZOOM), duration: 800 });
    setLocated({ longitude: result.longitude, latitude: result.latitude });
  }

  function locate() {
    flyTo(mode === 'lonLat' ? parseLonLat(first, second) : parseGaussKruger(first, second));
  }

  function clearLocate() {
    locateMarker.current?.remove();
    locateMarker.current = null;
    setLocated(undefined);
    setLocateError(undefined);
  }

  const firstField = mode === 'lonLat' ? 'longitude' : 'x';
  const secondField = mode === 'lonLat' ? 'latitude' : 'y';
  const errorFor = (field: string) =>
    locateError?.field === field ? t(`home-map.locate.errors.${locateError.error}`) : undefined;

  return (
    <section aria-label={t('home-map.locate.title')}>
      <Typography.Text strong>{t('home-map.locate.title')}</Typography.Text>
      <Segmented<LocateMode>
        block
        style={{ margin: '8px 0' }}
        value={mode}
        onChange={(value) => {
          setMode(value);
          setFirst('');
          setSecond('');
          setLocateError(undefined);
        }}
        options={[
          { value: 'lonLat', label: t('home-map.locate.mode.lonLat') },
          { value: 'gk', label: t('home-map.locate.mode.gk') },
        ]}
      />
      <Form layout="vertical" size="middle" onFinish={locate} component="form">
        <CoordinateItem
          id="home-map-first"
          field={firstField}
          value={first}
          error={errorFor(firstField)}
          onChange={setFirst}
        />
        <CoordinateItem
          id="home-map-second"
          field={secondField}
          value={second}
          error={errorFor(secondField)}
          onChange={setSecond}
        />
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('home-map.locate.submit')}
          </Button>
          <Button onClick={clearLocate} disabled={!located}>
            {t('home-map.locate.clear')}
          </Button>
        </Flex>
      </Form>
      {located && (
        <Typography.Paragraph
          type="secondary"
          style={{ marginTop: 8, marginBottom: 0 }}
          data-testid="located"
        >
          {t('home-map.locate.located', {
            longitude: located.longitude.toFixed(6),
            latitude: located.latitude.toFixed(6),
          })}
        </Typography.Paragraph>
      )}
    </section>
  );
}

/** Fit the map to a province, city or county chosen in a cascader. */
export function RegionSection({
  mapRef,
  regions,
}: {
  mapRef: RefObject<MapLibreMap | null>;
  regions: TRegion[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const isEnglish = i18n.language.startsWith('en');
  const cascaderOptions = useMemo(() => regionOptions(regions ?? [], isEnglish), [regions, isEnglish]);

  function fitRegion(path: string[] | undefined) {
    const region = path ? findRegion(regions ?? [], path) : undefined;
    const map = mapRef.current;
    if (!region || !map) return;
    const [w, s, e, n] = region.bbox;
    map.fitBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding: 40, duration: 800 },
    );
  }

  return (
    <section aria-label={t('home-map.locate.region')}>
      <Typography.Text strong>{t('home-map.locate.region')}</Typography.Text>
      <Cascader
        style={{ width: '100%', marginTop: 8 }}
        options={cascaderOptions}
        changeOnSelect
        showSearch
        placeholder={t('home-map.locate.regionPlaceholder')}
        aria-label={t('home-map.locate.region')}
        onChange={(value) => fitRegion(value as string[] | undefined)}
      />
    </section>
  );
}
