import { AimOutlined, GlobalOutlined } from '@ant-design/icons';
import type { TBounds, TStationMapItem, TStationStatGroup } from '@masthub/shared';
import { stationStatusColor } from '@masthub/shared/constants.ts';
import { Button, Empty, Flex, Input, List, Segmented, Skeleton, Tooltip, Typography } from 'antd';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../../request/request.ts';
import { type TMapSiteFilter, useMapOverview } from '../../api.ts';
import { StationPickerModal } from '../StationPickerModal.tsx';
import { boundsOf } from '../site-bounds.ts';

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
  const [search, setSearch] = useState('');
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
            onChange={(e) => setSearch(e.target.value)}
            style={{ marginBottom: 4 }}
          />
          <List<Row>
            size="small"
            dataSource={shown}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home-overview.overview.empty')} />
              ),
            }}
            pagination={
              shown.length > PAGE_SIZE
                ? { pageSize: PAGE_SIZE, size: 'small', simple: true, showSizeChanger: false }
                : false
            }
            renderItem={(row) => (
              <List.Item
                style={{ cursor: 'pointer', padding: '6px 4px' }}
                onClick={() => void open(row)}
                data-testid="overview-item"
                extra={<AimOutlined aria-hidden />}
              >
                <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Typography.Text ellipsis={{ tooltip: row.name }} style={{ fontSize: 13 }}>
                    {row.name}
                  </Typography.Text>
                  {mode === 'site' ? null : <StatusCounts counts={row.byStatus} />}
                </Flex>
                {mode !== 'site' && (
                  <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 8 }}>
                    {row.total}
                  </Typography.Text>
                )}
              </List.Item>
            )}
          />
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
