import { AimOutlined, GlobalOutlined } from '@ant-design/icons';
import type { TBounds, TStationMapItem, TStationStatGroup } from '@masthub/shared';
import { stationStatusColor } from '@masthub/shared/constants.ts';
import {
  Button,
  Empty,
  Flex,
  Input,
  Pagination,
  Segmented,
  Skeleton,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../../request/request.ts';
import { type TMapSiteFilter, useMapOverview } from '../../api.ts';
import { StationPickerModal } from '../StationPickerModal.tsx';
import { boundsOf } from '../site-bounds.ts';
import styles from './OverviewPanel.module.css';

export type OverviewMode = TStationStatGroup | 'site';

/** Zoom a site is shown at when the overview or the distribution dialog flies to it. */
const SITE_ZOOM = 12;
const PAGE_SIZE = 8;

interface Row {
  key: string;
  name: string;
  total: number;
  byStatus: { value: number; count: number }[];
  site?: TStationMapItem;
}

function fit(map: MapLibreMap, [w, s, e, n]: [number, number, number, number]) {
  if (e - w < 1e-4 && n - s < 1e-4) {
    map.flyTo({ center: [w, s], zoom: Math.max(map.getZoom(), SITE_ZOOM), duration: 800 });
    return;
  }
  map.fitBounds(
    [
      [w, s],
      [e, n],
    ],
    { padding: 60, duration: 800, maxZoom: 14 },
  );
}

/** A row of coloured status counts. */
function StatusCounts({ counts }: { counts: { value: number; count: number; name?: string }[] }) {
  return (
    <Flex gap={8} wrap>
      {counts.map((c) => (
        <Tooltip key={c.value} title={c.name}>
          <Flex align="center" gap={3} style={{ fontSize: 12 }} data-testid={`overview-status-${c.value}`}>
            <span
              style={{
                width: 8,
                height: 8,
                borderRadius: '50%',
                background: stationStatusColor(c.value),
                display: 'inline-block',
              }}
            />
            {c.name ? `${c.name} ` : ''}
            {c.count}
          </Flex>
        </Tooltip>
      ))}
    </Flex>
  );
}

/**
 * The home map overview (SPEC §2 "overview by owner, project or site"): counts by status of the filtered
 * sites and a list by owner party, project or site. An owner or project fits the map to its sites; a site
 * flies to it and opens its panel. "Site distribution" opens the site dialog with its map view.
 */
export function OverviewPanel({
  map,
  filter,
  sites,
  onSelectSite,
}: {
  map: MapLibreMap;
  filter: TMapSiteFilter;
  /** The map's (filtered) sites. */
  sites: readonly TStationMapItem[] | undefined;
  onSelectSite: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<OverviewMode>('owner');
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [isPickerOpen, setPickerOpen] = useState(false);
  const stat = useMapOverview(filter, mode === 'site' ? undefined : mode);

  const rows = useMemo<Row[]>(() => {
    if (mode === 'site') {
      return (sites ?? []).map((site) => ({
        key: String(site.id),
        name: site.projectName ? `${site.stationCode} ${site.projectName}` : site.stationCode,
        total: 1,
        byStatus: [{ value: site.status, count: 1 }],
        site,
      }));
    }
    return (stat.data?.groups ?? []).map((g) => ({
      key: g.value,
      name:
        g.name ||
        (mode === 'owner' ? t('home-overview.overview.noOwner') : t('home-overview.overview.noProject')),
      total: g.total,
      byStatus: g.byStatus,
    }));
  }, [mode, sites, stat.data, t]);
  const shown = useMemo(() => {
    const k = search.trim().toLowerCase();
    return k ? rows.filter((r) => r.name.toLowerCase().includes(k)) : rows;
  }, [rows, search]);

  function flyToSite(site: TStationMapItem) {
    map.flyTo({
      center: [site.longitude, site.latitude],
      zoom: Math.max(map.getZoom(), SITE_ZOOM),
      duration: 800,
    });
    onSelectSite(site.id);
  }

  async function open(row: Row) {
    if (row.site) {
      flyToSite(row.site);
      return;
    }
    // The drawn (filtered) sites of the group; else the server's bounds of the whole group.
    const members = (sites ?? []).filter((s) =>
      mode === 'owner' ? String(s.ownerPartyId ?? '') === row.key : s.projectName === row.key,
    );
    const local = boundsOf(members);
    if (local) {
      fit(map, local);
      return;
    }
    if (row.key === '') return;
    try {
      const bounds = await http.get<TBounds>(
        '/web/common/bounds',
        { type: mode, code: row.key },
        { silent: true },
      );
      fit(map, bounds.bbox as [number, number, number, number]);
    } catch {
      // No located site in the group: the view stays.
    }
  }

  // A narrower filter may leave fewer pages than the one shown.
  const current = Math.min(page, Math.max(1, Math.ceil(shown.length / PAGE_SIZE)));
  const statusCounts = (stat.data?.byStatus ?? []).filter((s) => s.count > 0);
  return (
    <section aria-label={t('home-overview.overview.title')} data-testid="map-overview">
      <Flex align="center" justify="space-between">
        <Typography.Text strong>{t('home-overview.overview.title')}</Typography.Text>
        <Button size="small" icon={<GlobalOutlined />} onClick={() => setPickerOpen(true)}>
          {t('home-overview.distribution.open')}
        </Button>
      </Flex>
      <Segmented<OverviewMode>
        block
        size="small"
        style={{ margin: '8px 0' }}
        value={mode}
        onChange={(value) => {
          setMode(value);
          setSearch('');
          setPage(1);
        }}
        options={[
          { value: 'owner', label: t('home-overview.overview.mode.owner') },
          { value: 'project', label: t('home-overview.overview.mode.project') },
          { value: 'site', label: t('home-overview.overview.mode.site') },
        ]}
      />
      {stat.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          <Flex vertical gap={4} style={{ marginBottom: 8 }} data-testid="overview-totals">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('home-overview.overview.total', { count: stat.data?.total ?? 0 })}
              {mode !== 'site' && ` · ${t(`home-overview.overview.groups.${mode}`, { count: rows.length })}`}
            </Typography.Text>
            <StatusCounts counts={statusCounts} />
          </Flex>
          <Input.Search
            size="small"
            allowClear
            placeholder={t(`home-overview.overview.search.${mode}`)}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            style={{ marginBottom: 4 }}
          />
          {shown.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home-overview.overview.empty')} />
          ) : (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map((row) => (
                <li key={row.key} style={{ borderBottom: `1px solid ${token.colorSplit}` }}>
                  <button
                    type="button"
                    className={styles.item}
                    onClick={() => void open(row)}
                    data-testid="overview-item"
                  >
                    <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                      <Typography.Text ellipsis={{ tooltip: row.name }} style={{ fontSize: 13 }}>
                        {row.name}
                      </Typography.Text>
                      {mode !== 'site' && <StatusCounts counts={row.byStatus} />}
                    </Flex>
                    {mode !== 'site' && (
                      <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 8 }}>
                        {row.total}
                      </Typography.Text>
                    )}
                    <AimOutlined aria-hidden style={{ marginLeft: 8, color: token.colorTextTertiary }} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {shown.length > PAGE_SIZE && (
            <Pagination
              simple
              size="small"
              style={{ marginTop: 6, justifyContent: 'center' }}
              current={current}
              pageSize={PAGE_SIZE}
              total={shown.length}
              onChange={setPage}
            />
          )}
        </>
      )}
      <StationPickerModal
        open={isPickerOpen}
        title={t('home-overview.distribution.title')}
        sites={sites}
        selectionMode="single"
        initialView="map"
        okText={t('home-overview.distribution.locate')}
        onCancel={() => setPickerOpen(false)}
        onOk={(_ids, picked) => {
          setPickerOpen(false);
          const site = picked[0];
          if (site) flyToSite(site);
        }}
      />
    </section>
  );
}
