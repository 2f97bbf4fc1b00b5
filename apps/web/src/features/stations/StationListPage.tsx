import type { TStationPageRequest, TStationRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { STATION_LIST_CONFIG_KEYS } from '@masthub/shared/stations/personal-config.schema.ts';
import { Card, Flex, Form, Table, type TableProps } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '../../browser/login.storage.ts';
import { readUtcCode } from '../../request/request.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { ApplyModal, MyApplicationsDrawer } from '../apply/index.ts';
import { RepairRequestModal, type RepairTarget } from '../repairs/index.ts';
import { useStationFields, useStationListConfig, useStationPage } from './api.ts';
import { BatchImportModal } from './BatchImportModal.tsx';
import { FileRulePreviewDrawer } from './FileRulePreviewDrawer.tsx';
import { ListSettingsDrawer } from './ListSettingsDrawer.tsx';
import { mergeColumns, mergeSearchFields, storedValue } from './list-config.ts';
import { type StationListState, stationListState } from './list-state.ts';
import { RawDownloadModal } from './RawDownloadModal.tsx';
import { StationFormModal, type StationFormMode } from './StationFormModal.tsx';
import { StationListToolbar } from './StationListToolbar.tsx';
import { StationSearchCard } from './StationSearchCard.tsx';
import { StationTagsModal } from './StationTagsModal.tsx';
import { sortFieldOf, stationDetailPath, useStationColumns } from './station-columns.tsx';
import { countApplied, defaultValues, type PlainValues, queryToFilter } from './station-form.ts';
import { useListScroll } from './use-list-scroll.ts';

/** The site-list filter a hub link carries, or null (multi-select fields: status, type, warning status). */
export function filterFromLink(params: URLSearchParams): Record<string, unknown> | null {
  const query: Record<string, unknown> = {};
  const status = params.get('status');
  if (status !== null && /^-?\d+$/.test(status)) query['status'] = [Number(status)];
  const type = params.get('stationType');
  if (type !== null && /^[a-z_]{1,30}$/.test(type)) query['stationType'] = [type];
  const warn = params.get('warnStatus');
  if (warn !== null && /^\d$/.test(warn)) query['warnStatus'] = [Number(warn)];
  return Object.keys(query).length > 0 ? query : null;
}

/**
 * The site list (SPEC §2 /stationManage): server-driven filters and columns arranged per user (personal
 * config), status colours, tags, coordinate export; its filters, page, sort and scroll survive leaving.
 */
export function StationListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const _formatDateTime = useFormatDateTime();
  const login = useLogin();
  const userKey = String(login?.userId ?? 'anonymous');
  const [linkParams] = useSearchParams();
  // A link from the hub (`?status=1`, `?stationType=lidar`, `?warnStatus=1`) opens the list filtered by it.
  const [state, setState] = useState<StationListState>(() => {
    const linked = filterFromLink(linkParams);
    return linked
      ? stationListState.write(userKey, { query: linked, pageNo: 1, scrollTop: 0, scrollLeft: 0 })
      : stationListState.read(userKey);
  });
  const [searchForm] = Form.useForm<PlainValues>();
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const [editing, setEditing] = useState<{ mode: StationFormMode; station?: TStationRecord }>();
  const [tagging, setTagging] = useState<TStationRecord>();
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [repairing, setRepairing] = useState<RepairTarget>();
  const closeRepair = useCallback(() => setRepairing(undefined), []);
  const [isRawDownloadOpen, setRawDownloadOpen] = useState(false);
  const [applying, setApplying] = useState<number[]>();
  // `?applications=1` (the delivered link's page) opens the user's own applications.
  const [isMineOpen, setMineOpen] = useState(linkParams.get('applications') === '1');
  const [isFileRulesOpen, setFileRulesOpen] = useState(false);
  const [isImportOpen, setImportOpen] = useState(false);

  const { data: fieldSet } = useStationFields();
  const { data: config, isFetched: isConfigFetched } = useStationListConfig();
  const columnSettings = useMemo(
    () => mergeColumns(fieldSet?.columns ?? [], storedValue(config, STATION_LIST_CONFIG_KEYS.columns)),
    [fieldSet, config],
  );
  const searchSettings = useMemo(
    () =>
      mergeSearchFields(fieldSet?.query ?? [], storedValue(config, STATION_LIST_CONFIG_KEYS.searchFields)),
    [fieldSet, config],
  );
  const searchFields = useMemo(() => {
    const byKey = new Map((fieldSet?.query ?? []).map((field) => [field.key, field]));
    return searchSettings
      .filter((setting) => setting.visible)
      .flatMap((setting) => byKey.get(setting.key) ?? []);
  }, [fieldSet, searchSettings]);

  const update = (patch: Partial<StationListState>) => setState(stationListState.write(userKey, patch));

  const filter = useMemo(
    () => queryToFilter(searchFields, state.query, readUtcCode()),
    [searchFields, state.query],
  );
  const request = {
    pageNo: state.pageNo,
    pageSize: PAGE_SIZE,
    ...filter,
    ...(state.sortField ? { sortField: state.sortField, sortOrder: state.sortOrder } : {}),
  } as TStationPageRequest;
  const isReady = fieldSet !== undefined && isConfigFetched;
  const { data: page, isFetching, refetch } = useStationPage(request, isReady);

  // The form shows the applied filters again when the user comes back; only when the definition arrives,
  // as later the form itself holds the values.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restoring once per definition on purpose
  useEffect(() => {
    if (!fieldSet) return;
    searchForm.setFieldsValue({ ...defaultValues(fieldSet.query), ...state.query });
  }, [fieldSet, searchForm]);

  // Scroll: follow it while here, restore it once the rows are back.
  const tableWrapper = useListScroll(userKey, state, page, isFetching);

  const applySearch = (values: PlainValues) => update({ query: values, pageNo: 1 });
  const resetSearch = () => {
    searchForm.resetFields();
    searchForm.setFieldsValue(defaultValues(fieldSet?.query ?? []));
    update({ query: {}, pageNo: 1 });
  };

  const columns = useStationColumns({
    columnSettings,
    state,
    onEdit: (mode, station) => setEditing({ mode, station }),
    onTag: setTagging,
  });

  const onTableChange: TableProps<TStationRecord>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const single = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = single?.order ? sortFieldOf(String(single.columnKey)) : undefined;
      update({
        pageNo: 1,
        sortField: field,
        sortOrder: field ? (single?.order === 'ascend' ? 'asc' : 'desc') : undefined,
      });
    } else if (extra.action === 'paginate') {
      update({ pageNo: pagination.current ?? 1 });
    }
  };

  const applied = countApplied(searchFields, state.query);

  return (
    <Flex vertical gap={16}>
      <StationSearchCard
        form={searchForm}
        searchFields={searchFields}
        applied={applied}
        onSearch={applySearch}
        onReset={resetSearch}
      />
      <Card size="small">
        <StationListToolbar
          total={page?.total ?? 0}
          selectedIds={selectedIds}
          filter={filter}
          onClearSelection={() => setSelectedIds([])}
          onAdd={() => setEditing({ mode: 'create' })}
          onRawDownload={() => setRawDownloadOpen(true)}
          onApply={() => setApplying([...selectedIds])}
          onMyApplications={() => setMineOpen(true)}
          onRepair={() => setRepairing({ stationIds: selectedIds })}
          onBatchImport={() => setImportOpen(true)}
          onFileRules={() => setFileRulesOpen(true)}
          onSettings={() => setSettingsOpen(true)}
          onRefresh={() => void refetch()}
        />
        <div ref={tableWrapper}>
          <Table<TStationRecord>
            rowKey="id"
            size="middle"
            loading={isFetching || !isReady}
            columns={columns}
            dataSource={page?.records ?? []}
            scroll={{ x: 'max-content' }}
            onChange={onTableChange}
            // Picked sites stay picked across pages and filters, for the raw-data download.
            rowSelection={{
              selectedRowKeys: selectedIds,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelectedIds(keys.map(Number)),
            }}
            onRow={(station) => ({
              onDoubleClick: () => void navigate(stationDetailPath(station.id)),
            })}
            pagination={{
              current: state.pageNo,
              pageSize: PAGE_SIZE,
              total: page?.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => t('stations.list.total', { count: total }),
            }}
          />
        </div>
      </Card>
      <ListSettingsDrawer
        open={isSettingsOpen}
        onClose={() => setSettingsOpen(false)}
        columns={columnSettings}
        searchFields={searchSettings}
        serverColumns={fieldSet?.columns ?? []}
        serverSearchFields={fieldSet?.query ?? []}
      />
      <BatchImportModal open={isImportOpen} onClose={() => setImportOpen(false)} />
      <FileRulePreviewDrawer
        open={isFileRulesOpen}
        stationIds={selectedIds.length > 0 ? selectedIds : (page?.records ?? []).map((r) => r.id)}
        onClose={() => setFileRulesOpen(false)}
      />
      <RepairRequestModal target={repairing} onClose={closeRepair} />
      <ApplyModal stationIds={applying} onClose={() => setApplying(undefined)} />
      <MyApplicationsDrawer open={isMineOpen} onClose={() => setMineOpen(false)} />
      <RawDownloadModal
        open={isRawDownloadOpen}
        stationIds={selectedIds}
        onClose={() => setRawDownloadOpen(false)}
      />
      <StationFormModal
        open={editing !== undefined}
        mode={editing?.mode ?? 'create'}
        station={editing?.station}
        onClose={() => setEditing(undefined)}
      />
      <StationTagsModal station={tagging} onClose={() => setTagging(undefined)} />
    </Flex>
  );
}
