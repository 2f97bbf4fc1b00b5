import {
  AimOutlined,
  ClearOutlined,
  ColumnWidthOutlined,
  EditOutlined,
  GatewayOutlined,
  LoadingOutlined,
} from '@ant-design/icons';
import { MAP_ANNOTATIONS_MAX, type TMapAnnotation } from '@masthub/shared';
import { Button, Flex, message, Tooltip } from 'antd';
import { type GeoJSONSource, type Map as MapLibreMap, type MapMouseEvent, Marker } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystemInfo } from '../../../system-info/index.ts';
import { addTileLayer } from '../base-style.ts';
import { useMapAnnotations, useSaveMapAnnotations } from './api.ts';
import { distance, formatLength, type LonLat, pathLengths, polygonArea } from './geodesy.ts';
import { MeasureResult } from './MeasureResult.tsx';
import { ensureLayers, labelElement, MEASURE_SOURCE, measureFeatures } from './measure-layer.ts';
import { NoteModal } from './NoteModal.tsx';

export type ToolMode = 'none' | 'distance' | 'area' | 'circle' | 'note';

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
  useMeasureDrawing(map, mode, points, live, circle, lengths.segments);

  // The notes as markers: click to edit or delete.
  useNoteMarkers(map, notes, (note) => {
    setDraft(note.text);
    setEditing({ note, isNew: false });
  });

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
        <ToolButtons
          mode={mode}
          isSaving={saveAnnotations.isPending}
          onChoose={choose}
          onClear={() => {
            reset();
            setMode('none');
          }}
        />
        {mode !== 'none' && (
          <MeasureResult
            mode={mode}
            points={points}
            live={live}
            lengths={lengths}
            area={area}
            circle={circle}
            onRadius={(value) => {
              const centre = map.getCenter();
              setCircle((c) => ({ centre: c?.centre ?? [centre.lng, centre.lat], radiusM: value }));
            }}
            notesCount={notes.length}
          />
        )}
      </div>
      <NoteModal
        editing={editing}
        draft={draft}
        onDraft={setDraft}
        onSave={saveNote}
        onDelete={deleteNote}
        onCancel={() => setEditing(null)}
      />
    </>
  );
}

/** The notes as markers on the map: a click on one opens it for editing. */
function useNoteMarkers(map: MapLibreMap, notes: TMapAnnotation[], onOpen: (note: TMapAnnotation) => void) {
  const noteMarkers = useRef(new Map<string, Marker>());
  const open = useRef(onOpen);
  open.current = onOpen;
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
        open.current(note);
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
}

/** The tool buttons: distance, area, circle, note (a second click leaves the tool), clear. */
function ToolButtons({
  mode,
  isSaving,
  onChoose,
  onClear,
}: {
  mode: ToolMode;
  isSaving: boolean;
  onChoose: (mode: ToolMode) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const tools: { key: ToolMode; icon: React.ReactNode; label: string }[] = [
    { key: 'distance', icon: <ColumnWidthOutlined />, label: t('home-tools.tool.distance') },
    { key: 'area', icon: <GatewayOutlined />, label: t('home-tools.tool.area') },
    { key: 'circle', icon: <AimOutlined />, label: t('home-tools.tool.circle') },
    { key: 'note', icon: <EditOutlined />, label: t('home-tools.tool.note') },
  ];
  return (
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
            onClick={() => onChoose(tool.key)}
          />
        </Tooltip>
      ))}
      <Tooltip title={t('home-tools.tool.clear')}>
        <Button
          size="small"
          type="text"
          icon={<ClearOutlined />}
          aria-label={t('home-tools.tool.clear')}
          onClick={onClear}
        />
      </Tooltip>
      {isSaving && <LoadingOutlined style={{ alignSelf: 'center' }} />}
    </Flex>
  );
}

/** Draws the measurement and its labels: each segment's length at its middle, the circle's radius. */
function useMeasureDrawing(
  map: MapLibreMap,
  mode: ToolMode,
  points: LonLat[],
  live: LonLat | null,
  circle: { centre: LonLat; radiusM: number } | null,
  segments: number[],
) {
  const { t } = useTranslation();
  const labels = useRef<Marker[]>([]);
  // The drawing layers, once.
  useEffect(() => {
    ensureLayers(map);
    return () => {
      for (const id of ['tool-measure-point', 'tool-measure-line', 'tool-measure-fill']) {
        if (map.getLayer(id)) map.removeLayer(id);
      }
      if (map.getSource(MEASURE_SOURCE)) map.removeSource(MEASURE_SOURCE);
    };
  }, [map]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(MEASURE_SOURCE)?.setData(measureFeatures(mode, points, live, circle));
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
      segments.forEach((length, i) => {
        const a = path[i] as LonLat;
        const b = path[i + 1] as LonLat;
        add([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], unit(length));
      });
    }
    if (mode === 'circle' && circle && circle.radiusM > 0) add(circle.centre, `r = ${unit(circle.radiusM)}`);
  }, [map, mode, points, live, circle, segments, t]);

  useEffect(
    () => () => {
      for (const m of labels.current) m.remove();
      labels.current = [];
    },
    [],
  );
}
