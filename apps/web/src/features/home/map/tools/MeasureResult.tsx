import { MAP_ANNOTATIONS_MAX } from '@masthub/shared';
import { Flex, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { circleArea, formatArea, formatLength, type LonLat, pathLengths } from './geodesy.ts';
import type { ToolMode } from './MapTools.tsx';

interface MeasureResultProps {
  mode: Exclude<ToolMode, 'none'>;
  points: LonLat[];
  /** The cursor while a path or polygon is still being drawn. */
  live: LonLat | null;
  lengths: { total: number; segments: number[] };
  area: number;
  circle: { centre: LonLat; radiusM: number } | null;
  /** A typed radius (m). */
  onRadius: (radiusM: number) => void;
  notesCount: number;
}

/** The active tool's hint and result: path length, polygon area and perimeter, circle, note count. */
export function MeasureResult({
  mode,
  points,
  live,
  lengths,
  area,
  circle,
  onRadius,
  notesCount,
}: MeasureResultProps) {
  const { t } = useTranslation();
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
  return (
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
              suffix={t('home-tools.unit.m')}
              onChange={(value) => {
                if (typeof value !== 'number' || value <= 0) return;
                onRadius(value);
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
        <div>{t('home-tools.note.count', { count: notesCount, max: MAP_ANNOTATIONS_MAX })}</div>
      )}
    </div>
  );
}
