import {
  AuditOutlined,
  CloudDownloadOutlined,
  ExportOutlined,
  FileSearchOutlined,
  ImportOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  SettingOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { TStationPageRequest, TStationRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { STATION_LIST_CONFIG_KEYS } from '@masthub/shared/stations/personal-config.schema.ts';
import { STATION_SORT_KEYS } from '@masthub/shared/stations/stations.schema.ts';
import {
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Row,
  Space,
  Table,
  type TableColumnsType,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../app/feedback.ts';
import { PermissionButton } from '../../app/PermissionButton.tsx';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { readUtcCode, saveFile } from '../../request/request.ts';
import { ApplyModal } from '../apply/ApplyModal.tsx';
import { MyApplicationsDrawer } from '../apply/MyApplicationsDrawer.tsx';
import { useLogin } from '../auth/login.storage.ts';
import { RepairRequestModal, type RepairTarget } from '../repairs/RepairRequestModal.tsx';
import {
  exportCoordinates,
  useDeleteStation,
  useStationFields,
  useStationListConfig,
  useStationPage,
} from './api.ts';
import { BatchImportModal } from './BatchImportModal.tsx';
import { dateItemProps, FieldControl } from './FieldControl.tsx';
import { FileRulePreviewDrawer } from './FileRulePreviewDrawer.tsx';
import { ListSettingsDrawer } from './ListSettingsDrawer.tsx';
import { mergeColumns, mergeSearchFields, storedValue, visibleColumns } from './list-config.ts';
import { type StationListState, stationListState } from './list-state.ts';
import { RawDownloadModal } from './RawDownloadModal.tsx';
import { StationFormModal, type StationFormMode } from './StationFormModal.tsx';
import { StationStatusTag, StationTagList } from './StationTags.tsx';
import { StationTagsModal } from './StationTagsModal.tsx';
import { countApplied, defaultValues, type PlainValues, queryToFilter } from './station-form.ts';

type SortField = NonNullable<TStationPageRequest['sortField']>;

const LIST_PATH = '/stationManage';
const DATE_TIME_KEYS = new Set(['startTime', 'dataTime', 'createTime']);
const DATE_RANGE_KEYS = new Set(['warrantyDateRange', 'installDateRange']);

/** The sort key of a column (the status column sorts by status code). */
function sortFieldOf(columnKey: string): SortField | undefined {
  const key = columnKey === 'statusName' ? 'status' : columnKey;
  return (STATION_SORT_KEYS as readonly string[]).includes(key) ? (key as SortField) : undefined;
}

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

export function stationDetailPath(stationId: number, tab = 'StationInfo'): string {
  return `/StationDetail/${tab}?stationId=${stationId}`;
}

/**
 * The site list (SPEC §2 /stationManage): server-driven filters and columns arranged per user (personal
 * config), status colours, tags, coordinate export; its filters, page, sort and scroll survive leaving.
 */
export function StationListPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const formatDateTime = useFormatDateTime();
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
  const [isExporting, setExporting] = useState(false);
  const deleteStation = useDeleteStation();

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
  const tableWrapper = useRef<HTMLDivElement>(null);
  const scroll = useRef({ top: state.scrollTop, left: state.scrollLeft });
  const hasRestored = useRef(false);
  useLayoutEffect(() => {
    const content = document.getElementById('masthub-content');
    const wrapper = tableWrapper.current;
    // Leaving, the list is first hidden (the content then jumps to the top) and only later unmounted, and
    // the layout scrolls to the top on the new path: only scrolling while the list is shown counts.
    const isHere = () =>
      hasRestored.current &&
      window.location.pathname === LIST_PATH &&
      (wrapper?.getClientRects().length ?? 0) > 0;
    const onContentScroll = () => {
      if (isHere() && content) scroll.current.top = content.scrollTop;
    };
    const onTableScroll = (event: Event) => {
      const target = event.target as HTMLElement;
      if (isHere() && target.classList?.contains('ant-table-content')) {
        scroll.current.left = target.scrollLeft;
      }
    };
    content?.addEventListener('scroll', onContentScroll, { passive: true });
    wrapper?.addEventListener('scroll', onTableScroll, { capture: true, passive: true });
    return () => {
      content?.removeEventListener('scroll', onContentScroll);
      wrapper?.removeEventListener('scroll', onTableScroll, { capture: true });
      stationListState.write(userKey, { scrollTop: scroll.current.top, scrollLeft: scroll.current.left });
    };
  }, [userKey]);
  useEffect(() => {
    if (hasRestored.current || !page || isFetching) return;
    // After the layout's own scroll-to-top on navigation (a parent effect that runs after this one).
    const frame = requestAnimationFrame(() => {
      document.getElementById('masthub-content')?.scrollTo(0, scroll.current.top);
      const body = tableWrapper.current?.querySelector<HTMLElement>('.ant-table-content');
      if (body) body.scrollLeft = scroll.current.left;
      hasRestored.current = true;
    });
    return () => cancelAnimationFrame(frame);
  }, [page, isFetching]);

  const applySearch = (values: PlainValues) => update({ query: values, pageNo: 1 });
  const resetSearch = () => {
    searchForm.resetFields();
    searchForm.setFieldsValue(defaultValues(fieldSet?.query ?? []));
    update({ query: {}, pageNo: 1 });
  };

  const askDelete = (station: TStationRecord) => {
    modal.confirm({
      title: t('stations.delete.title'),
      content: t('stations.delete.confirm', { code: station.stationCode, name: station.projectName }),
      okType: 'danger',
      okText: t('stations.actions.delete'),
      onOk: async () => {
        await deleteStation.mutateAsync(station.id);
        feedback.success(t('stations.delete.done'));
      },
    });
  };

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const file = await exportCoordinates(filter);
      saveFile(file, 'site-coordinates.xlsx');
    } catch {
      // The request layer showed why.
    } finally {
      setExporting(false);
    }
  };

  const renderCell = (key: string, record: TStationRecord) => {
    const value = (record as unknown as Record<string, unknown>)[key];
    if (key === 'stationCode') {
      return <Link to={stationDetailPath(record.id)}>{record.stationCode}</Link>;
    }
    if (key === 'statusName') return <StationStatusTag status={record.status} name={record.statusName} />;
    if (key === 'tagNames') return <StationTagList tags={record.tags} />;
    // The latest data time is written only by ingestion: without it the site holds no data at all.
    if (key === 'dataTime' && !record.dataTime) {
      return (
        <Tag data-testid="station-no-data" variant="filled">
          {t('stations.list.noData')}
        </Tag>
      );
    }
    if (DATE_TIME_KEYS.has(key)) return formatDateTime(value as string | null);
    if (DATE_RANGE_KEYS.has(key)) return Array.isArray(value) ? value.join(' ~ ') : '';
    if (Array.isArray(value)) return value.join(', ');
    return value === null || value === undefined ? '' : String(value);
  };

  const columns: TableColumnsType<TStationRecord> = [
    ...visibleColumns(columnSettings).map((column) => {
      const sortField = column.sortable ? sortFieldOf(column.key) : undefined;
      return {
        key: column.key,
        dataIndex: column.key,
        title: column.title,
        width: column.width,
        fixed: column.fixed ?? undefined,
        ellipsis: column.key !== 'tagNames',
        sorter: sortField !== undefined,
        sortOrder:
          sortField !== undefined && state.sortField === sortField
            ? state.sortOrder === 'asc'
              ? ('ascend' as const)
              : ('descend' as const)
            : null,
        render: (_: unknown, record: TStationRecord) => renderCell(column.key, record),
      };
    }),
    {
      key: 'actions',
      title: t('stations.list.actions'),
      fixed: 'right',
      width: 240,
      render: (_, station) => (
        <Space size={0} wrap={false}>
          <PermissionButton
            type="link"
            size="small"
            feature="station.edit"
            onClick={() => setEditing({ mode: 'edit', station })}
          >
            {t('stations.actions.edit')}
          </PermissionButton>
          <PermissionButton
            type="link"
            size="small"
            feature="station.saveAs"
            onClick={() => setEditing({ mode: 'saveAs', station })}
          >
            {t('stations.actions.saveAs')}
          </PermissionButton>
          <PermissionButton
            type="link"
            size="small"
            feature="station.edit"
            onClick={() => setTagging(station)}
          >
            {t('stations.actions.tags')}
          </PermissionButton>
          <PermissionButton
            type="link"
            size="small"
            danger
            feature="station.edit"
            onClick={() => askDelete(station)}
          >
            {t('stations.actions.delete')}
          </PermissionButton>
        </Space>
      ),
    },
  ];

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
      <Card size="small">
        <Form<PlainValues> form={searchForm} name="stationSearch" layout="vertical" onFinish={applySearch}>
          <Row gutter={16}>
            {searchFields.map((field) => (
              <Col key={field.key} xs={24} sm={12} lg={8} xxl={6}>
                <Form.Item
                  name={field.key}
                  label={field.title}
                  style={{ marginBottom: 12 }}
                  {...dateItemProps(field)}
                >
                  <FieldControl field={field} mode="query" />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Flex justify="space-between" align="center">
            <Typography.Text type="secondary">
              {applied > 0
                ? t('stations.list.appliedFilters', { count: applied })
                : t('stations.list.noFilters')}
            </Typography.Text>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('stations.actions.search')}
              </Button>
              <Button onClick={resetSearch}>{t('stations.actions.reset')}</Button>
            </Space>
          </Flex>
        </Form>
      </Card>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Space size={12}>
            <Typography.Text strong>{t('stations.list.total', { total: page?.total ?? 0 })}</Typography.Text>
            {selectedIds.length > 0 ? (
              <Space size={4} data-testid="stations-selection">
                <Typography.Text>
                  {t('stations.list.selected', { count: selectedIds.length })}
                </Typography.Text>
                <Button type="link" size="small" onClick={() => setSelectedIds([])}>
                  {t('stations.list.clearSelection')}
                </Button>
              </Space>
            ) : null}
          </Space>
          <Space wrap>
            <PermissionButton
              feature="station.add"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ mode: 'create' })}
            >
              {t('stations.actions.add')}
            </PermissionButton>
            <PermissionButton
              feature="station.coordinateExport"
              icon={<ExportOutlined />}
              loading={isExporting}
              onClick={() => void exportXlsx()}
            >
              {t('stations.actions.exportCoordinates')}
            </PermissionButton>
            <Tooltip title={selectedIds.length === 0 ? t('stations.rawDownload.selectFirst') : undefined}>
              <PermissionButton
                feature="station.downloadRaw"
                icon={<CloudDownloadOutlined />}
                disabled={selectedIds.length === 0}
                data-testid="stations-download-raw"
                onClick={() => setRawDownloadOpen(true)}
              >
                {t('stations.actions.downloadRaw')}
              </PermissionButton>
            </Tooltip>
            <Tooltip title={selectedIds.length === 0 ? t('apply.selectFirst') : undefined}>
              <Button
                icon={<AuditOutlined />}
                disabled={selectedIds.length === 0}
                data-testid="stations-apply"
                onClick={() => setApplying([...selectedIds])}
              >
                {t('apply.open')}
              </Button>
            </Tooltip>
            <Button data-testid="stations-my-applications" onClick={() => setMineOpen(true)}>
              {t('apply.mine')}
            </Button>
            <Tooltip title={selectedIds.length === 0 ? t('stations.repair.selectFirst') : undefined}>
              <PermissionButton
                feature="alarm.handle"
                icon={<ToolOutlined />}
                disabled={selectedIds.length === 0}
                data-testid="stations-repair"
                onClick={() => setRepairing({ stationIds: selectedIds })}
              >
                {t('stations.repair.open')}
              </PermissionButton>
            </Tooltip>
            <PermissionButton
              feature="station.batchImport"
              icon={<ImportOutlined />}
              data-testid="stations-batch-import"
              onClick={() => setImportOpen(true)}
            >
              {t('stations.actions.batchImport')}
            </PermissionButton>
            <Tooltip title={t('stations.fileRules.hint')}>
              <Button
                icon={<FileSearchOutlined />}
                data-testid="stations-file-rules"
                onClick={() => setFileRulesOpen(true)}
              >
                {t('stations.fileRules.open')}
              </Button>
            </Tooltip>
            <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
              {t('stations.settings.open')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void refetch()}
              aria-label={t('common.actions.refresh')}
            />
          </Space>
        </Flex>
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
              showTotal: (total) => t('stations.list.total', { total }),
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
