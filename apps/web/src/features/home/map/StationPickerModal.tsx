import { EnvironmentOutlined, TableOutlined } from '@ant-design/icons';
import type { TStationMapItem } from '@masthub/shared';
import { PAGE_SIZE, stationStatusColor } from '@masthub/shared/constants.ts';
import { Flex, Input, Modal, Segmented, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGenericOptions, useStationStatuses } from '../../stations/index.ts';
import { type TMapSiteFilter, useMapSites } from '../api.ts';

/** MapLibre and its base data load only when the map view is opened. */
const PickerMap = lazy(() => import('./PickerMap.tsx'));

export type StationPickerView = 'table' | 'map';

export interface StationPickerModalProps {
  open: boolean;
  title?: ReactNode;
  /** The sites to choose from; omitted: every visible site matching `filter` (search, map mode). */
  sites?: readonly TStationMapItem[] | undefined;
  filter?: TMapSiteFilter;
  /** One site (radio, a map click replaces) or several (checkboxes, a map click toggles). */
  selectionMode?: 'single' | 'multiple';
  /** Initially selected site ids. */
  value?: readonly number[];
  /** The most sites a multiple selection may hold. */
  maxCount?: number;
  /** Sites that cannot be chosen (e.g. the site itself when choosing reference stations). */
  disabledIds?: readonly number[];
  initialView?: StationPickerView;
  okText?: ReactNode;
  onOk: (ids: number[], sites: TStationMapItem[]) => void;
  onCancel: () => void;
}

/**
 * A reusable site dialog (SPEC §2 "a modal for site distribution or reference-station selection can
 * toggle to a station map view"): a searchable table of sites with single or multiple selection, and a
 * map view of the same sites where clicking a point selects it.
 */
export function StationPickerModal({
  open,
  title,
  sites: given,
  filter,
  selectionMode = 'multiple',
  value,
  maxCount,
  disabledIds,
  initialView = 'table',
  okText,
  onOk,
  onCancel,
}: StationPickerModalProps) {
  const { t } = useTranslation();
  const loaded = useMapSites(filter ?? {}, open && given === undefined);
  const statuses = useStationStatuses();
  const types = useGenericOptions('/web/common/station_types');
  const all = given ?? loaded.data;
  const [view, setView] = useState<StationPickerView>(initialView);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number[]>([...(value ?? [])]);
  const disabled = useMemo(() => new Set(disabledIds ?? []), [disabledIds]);

  // Each opening starts from the given value and view.
  useEffect(() => {
    if (!open) return;
    setSelected([...(value ?? [])]);
    setView(initialView);
    setSearch('');
  }, [open, value, initialView]);

  const shown = useMemo(() => {
    const k = search.trim().toLowerCase();
    const list = all ?? [];
    if (!k) return list;
    return list.filter(
      (s) =>
        s.stationCode.includes(k) ||
        s.projectName.toLowerCase().includes(k) ||
        (s.ownerPartyName ?? '').toLowerCase().includes(k),
    );
  }, [all, search]);
  const statusName = useMemo(
    () => new Map((statuses.data ?? []).map((s) => [s.value, s.name])),
    [statuses.data],
  );
  const typeName = useMemo(
    () => new Map((types.data ?? []).map((o) => [String(o.value), o.name])),
    [types.data],
  );
  const isFull = selectionMode === 'multiple' && maxCount !== undefined && selected.length >= maxCount;

  function toggle(id: number) {
    if (disabled.has(id)) return;
    if (selectionMode === 'single') {
      setSelected([id]);
      return;
    }
    setSelected((current) => {
      if (current.includes(id)) return current.filter((x) => x !== id);
      if (maxCount !== undefined && current.length >= maxCount) return current;
      return [...current, id];
    });
  }

  const columns: TableColumnsType<TStationMapItem> = [
    { title: t('home-overview.picker.code'), dataIndex: 'stationCode', width: 90 },
    { title: t('home-overview.picker.project'), dataIndex: 'projectName', ellipsis: true },
    {
      title: t('home-overview.picker.owner'),
      dataIndex: 'ownerPartyName',
      ellipsis: true,
      render: (name: string | null) => name ?? '—',
    },
    {
      title: t('home-overview.picker.type'),
      dataIndex: 'stationType',
      width: 110,
      render: (type: string) => typeName.get(type) ?? type,
    },
    {
      title: t('home-overview.picker.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: number) => (
        <Flex align="center" gap={4}>
          <span
            style={{
              width: 8,
              height: 8,
              borderRadius: '50%',
              display: 'inline-block',
              background: stationStatusColor(status),
            }}
          />
          {statusName.get(status) ?? status}
        </Flex>
      ),
    },
  ];

  const picked = (all ?? []).filter((s) => selected.includes(s.id));
  return (
    <Modal
      open={open}
      title={title ?? t('home-overview.picker.title')}
      width={880}
      destroyOnHidden
      okText={okText}
      okButtonProps={{ disabled: selected.length === 0 }}
      onOk={() =>
        onOk(
          picked.map((s) => s.id),
          picked,
        )
      }
      onCancel={onCancel}
    >
      <Flex gap={12} align="center" style={{ marginBottom: 12 }} wrap>
        <Segmented<StationPickerView>
          value={view}
          onChange={setView}
          options={[
            { value: 'table', label: t('home-overview.picker.table'), icon: <TableOutlined /> },
            { value: 'map', label: t('home-overview.picker.map'), icon: <EnvironmentOutlined /> },
          ]}
        />
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('home-overview.picker.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label={t('home-overview.picker.search')}
        />
        <Typography.Text type="secondary" data-testid="picker-count">
          {t('home-overview.picker.count', { shown: shown.length, selected: selected.length })}
          {isFull && ` · ${t('home-overview.picker.full', { count: maxCount })}`}
        </Typography.Text>
      </Flex>
      {all === undefined ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : view === 'table' ? (
        <Table<TStationMapItem>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={shown as TStationMapItem[]}
          // SPEC §7: 20 rows a page, as every list.
          pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, size: 'small' }}
          data-testid="picker-table"
          onRow={(row) => ({ onClick: () => toggle(row.id), style: { cursor: 'pointer' } })}
          rowSelection={{
            type: selectionMode === 'single' ? 'radio' : 'checkbox',
            selectedRowKeys: selected,
            hideSelectAll: true,
            getCheckboxProps: (row) => ({
              disabled: disabled.has(row.id) || (isFull && !selected.includes(row.id)),
            }),
            onSelect: (row) => toggle(row.id),
          }}
        />
      ) : (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <PickerMap sites={shown} selectedIds={selected} onToggle={toggle} />
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} data-testid="picker-selected">
            {picked.length === 0
              ? t('home-overview.picker.mapHint')
              : t('home-overview.picker.selected', {
                  names: picked.map((s) => `${s.stationCode} ${s.projectName}`).join('、'),
                })}
          </Typography.Paragraph>
        </Suspense>
      )}
    </Modal>
  );
}
