import {
  AimOutlined,
  ClearOutlined,
  ColumnWidthOutlined,
  EditOutlined,
  GatewayOutlined,
  LoadingOutlined,
} from '@ant-design/icons';
import { MAP_ANNOTATION_TEXT_MAX, MAP_ANNOTATIONS_MAX, type TMapAnnotation } from '@masthub/shared';
import { Button, Flex, Input, InputNumber, Modal, message, Tooltip, Typography } from 'antd';
import { type GeoJSONSource, type Map as MapLibreMap, type MapMouseEvent, Marker } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystemInfo } from '../../../system-info/api.ts';
import { addTileLayer } from '../base-style.ts';
import { useMapAnnotations, useSaveMapAnnotations } from './api.ts';
import {
  circleArea,
  circleRing,
  distance,
  formatArea,
  formatLength,
  type LonLat,
  pathLengths,
  polygonArea,
} from './geodesy.ts';

export type ToolMode = 'none' | 'distance' | 'area' | 'circle' | 'note';

const SOURCE = 'tool-measure';
const COLOR = '#e8590c';
const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/** The measuring drawing as GeoJSON: the path or polygon (with the rubber band to the cursor), vertices. */
export function measureFeatures(
  mode: ToolMode,
  points: LonLat[],
  cursor: LonLat | null,
  circle: { centre: LonLat; radiusM: number } | null,
): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  const line = cursor ? [...points, cursor] : points;
  if (mode === 'distance' && line.length >= 2) {
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: line } });
  }
  if (mode === 'area' && line.length >= 2) {
    const ring = [...line, line[0] as LonLat];
    features.push({
      type: 'Feature',
      properties: {},
      geometry:
        line.length >= 3
          ? { type: 'Polygon', coordinates: [ring] }
          : { type: 'LineString', coordinates: ring },
    });
  }
  if (mode === 'circle' && circle && circle.radiusM > 0) {
    features.push({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: [circleRing(circle.centre, circle.radiusM)] },
    });
    features.push({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Point', coordinates: circle.centre },
    });
  }
  if (mode === 'distance' || mode === 'area') {
    for (const p of points)
      features.push({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: p } });
  }
  return { type: 'FeatureCollection', features };
}

function ensureLayers(map: MapLibreMap) {
  if (map.getSource(SOURCE)) return;
  map.addSource(SOURCE, { type: 'geojson', data: EMPTY });
  map.addLayer({
    id: 'tool-measure-fill',
    type: 'fill',
    source: SOURCE,
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': COLOR, 'fill-opacity': 0.15 },
  });
  map.addLayer({
    id: 'tool-measure-line',
    type: 'line',
    source: SOURCE,
    filter: ['!=', ['geometry-type'], 'Point'],
    paint: { 'line-color': COLOR, 'line-width': 2, 'line-dasharray': [3, 1.5] },
  });
  map.addLayer({
    id: 'tool-measure-point',
    type: 'circle',
    source: SOURCE,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': 4,
      'circle-color': '#fff',
      'circle-stroke-color': COLOR,
      'circle-stroke-width': 2,
    },
  });
}

function labelElement(text: string, kind: 'measure' | 'note'): HTMLElement {
  const el = document.createElement('div');
  el.textContent = text;
  el.dataset['testid'] = kind === 'note' ? 'map-note' : 'measure-label';
  Object.assign(el.style, {
    padding: kind === 'note' ? '2px 8px' : '0 4px',
    borderRadius: '4px',
    background: kind === 'note' ? '#fffbe6' : 'rgba(255,255,255,0.9)',
    border: `1px solid ${kind === 'note' ? '#ffe58f' : COLOR}`,
    fontSize: '12px',
    lineHeight: '18px',
    whiteSpace: 'nowrap',
    maxWidth: '220px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    cursor: kind === 'note' ? 'pointer' : 'default',
    pointerEvents: kind === 'note' ? 'auto' : 'none',
  } satisfies Partial<CSSStyleDeclaration>);
  return el;
}

function newId(): string {
  return `n${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/**
 * The map's tool bar (SPEC §2 home map): distance, area and circle measuring, clear, and text notes kept
 * per user; also adds the online raster base layer when the server sets MAP_TILE_URL.
 */
export function MapTools({ map }: { map: MapLibreMap }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ToolMode>('none');
  const [points, setPoints] = useState<LonLat[]>([]);
  const [cursor, setCursor] = useState<LonLat | null>(null);
  const [isFinished, setFinished] = useState(false);
  const [circle, setCircle] = useState<{ centre: LonLat; radiusM: number } | null>(null);
  const [editing, setEditing] = useState<{ note: TMapAnnotation; isNew: boolean } | null>(null);
  const [draft, setDraft] = useState('');
  const dragging = useRef(false);
  const finishedRef = useRef(isFinished);
  finishedRef.current = isFinished;
  const labels = useRef<Marker[]>([]);
  const noteMarkers = useRef(new Map<string, Marker>());
  const systemInfo = useSystemInfo();
  const annotations = useMapAnnotations();
  const saveAnnotations = useSaveMapAnnotations();
  const notes = annotations.data ?? [];
  const notesRef = useRef(notes);
  notesRef.current = notes;

  // Online raster base layer (MAP_TILE_URL), under the sites.
  const tileUrl = systemInfo.data?.mapTileUrl ?? '';
  useEffect(() => {
    if (tileUrl) addTileLayer(map, tileUrl);
  }, [map, tileUrl]);

  // The drawing layers, once.
  useEffect(() => {
    ensureLayers(map);
    return () => {
      for (const id of ['tool-measure-point', 'tool-measure-line', 'tool-measure-fill']) {
        if (map.getLayer(id)) map.removeLayer(id);
      }
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);

  // Map interaction of the active tool.
  useEffect(() => {
    if (mode === 'none') return;
    const canvas = map.getCanvas();
    canvas.style.cursor = 'crosshair';
    map.doubleClickZoom.disable();
    const onClick = (event: MapMouseEvent) => {
      const p: LonLat = [event.lngLat.lng, event.lngLat.lat];
      if (mode === 'note') {
        if (notesRef.current.length >= MAP_ANNOTATIONS_MAX) {
          void message.warning(t('home-tools.note.tooMany', { max: MAP_ANNOTATIONS_MAX }));
          return;
        }
        setDraft('');
        setEditing({ note: { id: newId(), longitude: p[0], latitude: p[1], text: '' }, isNew: true });
        return;
      }
      if (mode === 'distance' || mode === 'area') {
        // A click after finishing starts a new measurement.
        if (finishedRef.current) setPoints([p]);
        else
          setPoints((list) =>
            list.length > 0 && distance(list.at(-1) as LonLat, p) === 0 ? list : [...list, p],
          );
        setFinished(false);
      }
    };
    const onDblClick = (event: MapMouseEvent) => {
      event.preventDefault();
      if (mode === 'distance' || mode === 'area') {
        setFinished(true);
        setCursor(null);
      }
    };
    const onMove = (event: MapMouseEvent) => {
      const p: LonLat = [event.lngLat.lng, event.lngLat.lat];
      if (mode === 'circle' && dragging.current) {
        setCircle((c) => (c ? { ...c, radiusM: distance(c.centre, p) } : c));
        return;
      }
      if (mode === 'distance' || mode === 'area') setCursor(p);
    };
    const onDown = (event: MapMouseEvent) => {
      if (mode !== 'circle') return;
      event.preventDefault();
      dragging.current = true;
      map.dragPan.disable();
      setCircle({ centre: [event.lngLat.lng, event.lngLat.lat], radiusM: 0 });
    };
    const onUp = () => {
      if (!dragging.current) return;
      dragging.current = false;
      map.dragPan.enable();
    };
    map.on('click', onClick);
    map.on('dblclick', onDblClick);
    map.on('mousemove', onMove);
    map.on('mousedown', onDown);
    map.on('mouseup', onUp);
    return () => {
      map.off('click', onClick);
      map.off('dblclick', onDblClick);
      map.off('mousemove', onMove);
      map.off('mousedown', onDown);
      map.off('mouseup', onUp);
      canvas.style.cursor = '';
      map.doubleClickZoom.enable();
      map.dragPan.enable();
      dragging.current = false;
    };
  }, [map, mode, t]);

  const live = isFinished ? null : cursor;
  const lengths = useMemo(() => pathLengths(live ? [...points, live] : points), [points, live]);
  const area = useMemo(
    () => (mode === 'area' ? polygonArea(live ? [...points, live] : points) : 0),
    [mode, points, live],
  );

  // Draw, with a length label at each segment's middle.
  useEffect(() => {
    map.getSource<GeoJSONSource>(SOURCE)?.setData(measureFeatures(mode, points, live, circle));
    for (const m of labels.current) m.remove();
    labels.current = [];
    const add = (at: LonLat, text: string) => {
      labels.current.push(new Marker({ element: labelElement(text, 'measure') }).setLngLat(at).addTo(map));
    };
    const unit = (m: number) => {
      const f = formatLength(m);
      return `${f.value} ${t(`home-tools.unit.${f.unit}`)}`;
    };
    if (mode === 'distance') {
      const path = live ? [...points, live] : points;
      lengths.segments.forEach((length, i) => {
        const a = path[i] as LonLat;
        const b = path[i + 1] as LonLat;
        add([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], unit(length));
      });
    }
    if (mode === 'circle' && circle && circle.radiusM > 0) add(circle.centre, `r = ${unit(circle.radiusM)}`);
  }, [map, mode, points, live, circle, lengths, t]);

  useEffect(
    () => () => {
      for (const m of labels.current) m.remove();
      labels.current = [];
    },
    [],
  );

  // The notes as markers: click to edit or delete.
  useEffect(() => {
    const markers = noteMarkers.current;
    const seen = new Set<string>();
    for (const note of notes) {
      seen.add(note.id);
      markers.get(note.id)?.remove();
      const element = labelElement(note.text, 'note');
      element.title = note.text;
      element.addEventListener('click', (event) => {
        event.stopPropagation();
        setDraft(note.text);
        setEditing({ note, isNew: false });
      });
      markers.set(
        note.id,
        new Marker({ element, anchor: 'bottom' }).setLngLat([note.longitude, note.latitude]).addTo(map),
      );
    }
    for (const [id, marker] of markers) {
      if (!seen.has(id)) {
        marker.remove();
        markers.delete(id);
      }
    }
  }, [map, notes]);

  useEffect(() => {
    const markers = noteMarkers.current;
    return () => {
      for (const marker of markers.values()) marker.remove();
      markers.clear();
    };
  }, []);

  function reset() {
    setPoints([]);
    setCursor(null);
    setFinished(false);
    setCircle(null);
  }

  function choose(next: ToolMode) {
    reset();
    setMode((current) => (current === next ? 'none' : next));
  }

  function saveNote() {
    if (!editing) return;
    const text = draft.trim();
    if (!text) return;
    const note = { ...editing.note, text };
    const next = editing.isNew ? [...notes, note] : notes.map((n) => (n.id === note.id ? note : n));
    saveAnnotations.mutate(next);
    setEditing(null);
  }

  function deleteNote() {
    if (!editing) return;
    saveAnnotations.mutate(notes.filter((n) => n.id !== editing.note.id));
    setEditing(null);
  }

  const lengthText = (m: number) => {
    const f = formatLength(m);
    return `${f.value} ${t(`home-tools.unit.${f.unit}`)}`;
  };
  const areaText = (m2: number) => {
    const f = formatArea(m2);
    return t('home-tools.result.areaValue', {
      value: f.value,
      unit: t(`home-tools.unit.${f.unit}`),
      mu: f.mu,
    });
  };

  const tools: { key: ToolMode; icon: React.ReactNode; label: string }[] = [
    { key: 'distance', icon: <ColumnWidthOutlined />, label: t('home-tools.tool.distance') },
    { key: 'area', icon: <GatewayOutlined />, label: t('home-tools.tool.area') },
    { key: 'circle', icon: <AimOutlined />, label: t('home-tools.tool.circle') },
    { key: 'note', icon: <EditOutlined />, label: t('home-tools.tool.note') },
  ];

  return (
    <>
      <div
        role="toolbar"
        aria-label={t('home-tools.title')}
        data-testid="map-tools"
        style={{
          position: 'absolute',
          top: 10,
          left: 52,
          zIndex: 3,
          display: 'flex',
          flexDirection: 'column',
          gap: 6,
          maxWidth: 300,
        }}
      >
        <Flex
          gap={4}
          style={{
            background: 'rgba(255,255,255,0.95)',
            borderRadius: 6,
            padding: 4,
            boxShadow: '0 1px 4px rgba(0,0,0,0.15)',
          }}
        >
          {tools.map((tool) => (
            <Tooltip key={tool.key} title={tool.label}>
              <Button
                size="small"
                type={mode === tool.key ? 'primary' : 'text'}
                icon={tool.icon}
                aria-label={tool.label}
                aria-pressed={mode === tool.key}
                onClick={() => choose(tool.key)}
              />
            </Tooltip>
          ))}
          <Tooltip title={t('home-tools.tool.clear')}>
            <Button
              size="small"
              type="text"
              icon={<ClearOutlined />}
              aria-label={t('home-tools.tool.clear')}
              onClick={() => {
                reset();
                setMode('none');
              }}
            />
          </Tooltip>
          {saveAnnotations.isPending && <LoadingOutlined style={{ alignSelf: 'center' }} />}
        </Flex>
        {mode !== 'none' && (
          <div
            data-testid="measure-result"
            style={{
              background: 'rgba(255,255,255,0.95)',
              borderRadius: 6,
              padding: '6px 10px',
              boxShadow: '0 1px 4px rgba(0,0,0,0.15)',
              fontSize: 12,
            }}
          >
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`home-tools.hint.${mode}`)}
            </Typography.Text>
            {mode === 'distance' && points.length > 0 && (
              <div>
                <Typography.Text strong data-testid="measure-total">
                  {t('home-tools.result.total', { value: lengthText(lengths.total) })}
                </Typography.Text>
                {lengths.segments.length > 1 && (
                  <ol style={{ margin: '2px 0 0', paddingLeft: 18, maxHeight: 120, overflow: 'auto' }}>
                    {lengths.segments.map((s, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
                      <li key={i}>{lengthText(s)}</li>
                    ))}
                  </ol>
                )}
              </div>
            )}
            {mode === 'area' && points.length > 0 && (
              <div>
                <Typography.Text strong data-testid="measure-area">
                  {points.length + (live ? 1 : 0) >= 3 ? areaText(area) : t('home-tools.result.needThree')}
                </Typography.Text>
                <div>
                  {t('home-tools.result.perimeter', {
                    value: lengthText(
                      pathLengths([...(live ? [...points, live] : points), points[0] as LonLat]).total,
                    ),
                  })}
                </div>
              </div>
            )}
            {mode === 'circle' && (
              <div>
                <Flex align="center" gap={6} style={{ marginTop: 4 }}>
                  <span>{t('home-tools.result.radius')}</span>
                  <InputNumber
                    size="small"
                    min={1}
                    max={1_000_000}
                    step={100}
                    style={{ width: 120 }}
                    aria-label={t('home-tools.result.radius')}
                    value={circle ? Math.round(circle.radiusM) : null}
                    addonAfter={t('home-tools.unit.m')}
                    onChange={(value) => {
                      if (typeof value !== 'number' || value <= 0) return;
                      const centre = map.getCenter();
                      setCircle((c) => ({ centre: c?.centre ?? [centre.lng, centre.lat], radiusM: value }));
                    }}
                  />
                </Flex>
                {circle && circle.radiusM > 0 && (
                  <Typography.Text strong data-testid="measure-circle">
                    {t('home-tools.result.circle', {
                      radius: lengthText(circle.radiusM),
                      area: areaText(circleArea(circle.radiusM)),
                    })}
                  </Typography.Text>
                )}
              </div>
            )}
            {mode === 'note' && (
              <div>{t('home-tools.note.count', { count: notes.length, max: MAP_ANNOTATIONS_MAX })}</div>
            )}
          </div>
        )}
      </div>
      <Modal
        open={editing !== null}
        title={editing?.isNew ? t('home-tools.note.addTitle') : t('home-tools.note.editTitle')}
        okText={t('home-tools.note.save')}
        cancelText={t('home-tools.note.cancel')}
        okButtonProps={{ disabled: draft.trim() === '' }}
        onOk={saveNote}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        footer={(_, { OkBtn, CancelBtn }) => (
          <Flex justify="space-between">
            <span>
              {editing && !editing.isNew && (
                <Button danger onClick={deleteNote}>
                  {t('home-tools.note.delete')}
                </Button>
              )}
            </span>
            <Flex gap={8}>
              <CancelBtn />
              <OkBtn />
            </Flex>
          </Flex>
        )}
      >
        <Input.TextArea
          autoFocus
          value={draft}
          maxLength={MAP_ANNOTATION_TEXT_MAX}
          showCount
          aria-label={t('home-tools.note.text')}
          placeholder={t('home-tools.note.placeholder')}
          onChange={(e) => setDraft(e.target.value)}
        />
        {editing && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {editing.note.longitude.toFixed(6)}, {editing.note.latitude.toFixed(6)}
          </Typography.Text>
        )}
      </Modal>
    </>
  );
}
