import {
  BranchesOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FlagOutlined,
  HistoryOutlined,
  LineChartOutlined,
  LockOutlined,
  ReloadOutlined,
  TableOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { TChartRequest, TDataPageRequest, TDatasetVersion, TProcessingTask } from '@masthub/shared';
import {
  CHART_DEFAULT_POINTS,
  CHART_MAX_CHANNELS,
  DATA_PAGE_MAX_ROWS,
} from '@masthub/shared/wind-data/wind-data.schema.ts';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Empty,
  Flex,
  Popconfirm,
  Result,
  Select,
  Skeleton,
  Space,
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { useCan } from '../../app/PermissionButton.tsx';
import { readUtcCode } from '../../request/request.ts';
import { useStationId } from '../station-detail/use-station-id.ts';
import {
  deleteVersion,
  type TProcessKind,
  useChartData,
  useDataPage,
  useVersionChannels,
  useVersionDetail,
  useVersions,
  windKeys,
} from './api.ts';
import { detailWindowFor, mergeChartData, type TimeWindow } from './chart.utils.ts';
import { ActionButton } from './components/ActionButton.tsx';
import { ChannelSelect } from './components/ChannelSelect.tsx';
import { DataTable } from './components/DataTable.tsx';
import { ExportModal } from './components/ExportModal.tsx';
import { ExtrapolationModal } from './components/ExtrapolationModal.tsx';
import { ImportModal } from './components/ImportModal.tsx';
import { InterpolationModal } from './components/InterpolationModal.tsx';
import { LineageDrawer } from './components/LineageDrawer.tsx';
import { type MarkDraft, MarkModal } from './components/MarkModal.tsx';
import { MarksList } from './components/MarksList.tsx';
import { RANGE_FORMAT } from './components/ProcessingModal.tsx';
import { ProcessMenu } from './components/ProcessMenu.tsx';
import { QcModal } from './components/QcModal.tsx';
import { RepresentativeYearModal } from './components/RepresentativeYearModal.tsx';
import { TaskBanner } from './components/TaskBanner.tsx';
import { TasksList } from './components/TasksList.tsx';
import { TowerShadowModal } from './components/TowerShadowModal.tsx';
import { VersionFormModal } from './components/VersionFormModal.tsx';
import { WindChart } from './components/WindChart.tsx';
import {
  baseIntervalS,
  bucketParts,
  defaultChannelSelection,
  defaultDataRange,
  defaultVersion,
  isoToPicker,
  keepExisting,
  type PickerRange,
  pickerRangeToIso,
  rowsTimeRange,
  snapIso,
} from './measure-wind.utils.ts';
import { useTaskTracker } from './use-task-tracker.ts';

type TabKey = 'data' | 'marks' | 'tasks';
type DialogKey = TProcessKind | 'import' | 'export' | 'lineage';
type RangeIso = { startTime?: string; endTime?: string };

/**
 * Wind data of a site (SPEC §2 /StationDetail/MeasureWind): versions (the original is view-only; work
 * happens on copies), the time range and channels, a chart and a ≤500-row grid coloured by flag, manual
 * marking, processing tasks (QC, tower shadow, interpolation, extrapolation, representative year) with
 * live progress, import and export.
 */
export function MeasureWindPage() {
  const stationId = useStationId();
  // The detail layout already asks for a site when the id is missing.
  if (stationId === undefined) return null;
  return <MeasureWindWorkspace key={stationId} stationId={stationId} />;
}

function VersionLabel({ version }: { version: TDatasetVersion }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      {version.isViewOnly ? <LockOutlined /> : null}
      {/* The original version's stored name is Chinese: it is shown by kind, in the user's language. */}
      <span>{version.kind === 'original' ? t('measure-wind.version.kinds.original') : version.name}</span>
    </Space>
  );
}

function MeasureWindWorkspace({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const utcCode = readUtcCode();
  const canProcess = useCan('data.process');

  // Version: picked by the user, else the newest working version, else the original.
  const {
    data: versions = [],
    isPending: isVersionsPending,
    isError: isVersionsError,
  } = useVersions(stationId);
  const [pickedVersionId, setPickedVersionId] = useState<number>();
  const version = versions.find((candidate) => candidate.id === pickedVersionId) ?? defaultVersion(versions);
  const versionId = version?.id;
  const { data: channels = [], isPending: isChannelsPending } = useVersionChannels(versionId);
  const { data: detail } = useVersionDetail(versionId);
  const tracker = useTaskTracker(stationId, versionId, detail?.activeTaskId);
  const [dismissedTaskIds, setDismissedTaskIds] = useState<number[]>([]);

  // Range and channels: per version, defaulting to its last month and its averages.
  const intervalS = baseIntervalS(channels);
  const defaultRange = useMemo(
    () => defaultDataRange(version, intervalS, utcCode),
    [version, intervalS, utcCode],
  );
  const [rangeState, setRangeState] = useState<{ versionId: number; range: PickerRange | null }>();
  const range = rangeState && rangeState.versionId === versionId ? rangeState.range : (defaultRange ?? null);
  const rangeIso = useMemo<RangeIso>(() => pickerRangeToIso(range, utcCode), [range, utcCode]);
  const defaultIds = useMemo(() => defaultChannelSelection(channels), [channels]);
  const [selectionState, setSelectionState] = useState<{ versionId: number; ids: number[] }>();
  const selectedIds = useMemo(
    () =>
      selectionState && selectionState.versionId === versionId
        ? keepExisting(selectionState.ids, channels)
        : defaultIds,
    [selectionState, versionId, channels, defaultIds],
  );

  // Table paging and row selection start over whenever what the table shows changes.
  const viewKey = JSON.stringify([versionId, rangeIso, selectedIds]);
  const [paging, setPaging] = useState({ key: '', pageNo: 1, pageSize: DATA_PAGE_MAX_ROWS });
  const pageNo = paging.key === viewKey ? paging.pageNo : 1;
  const [rowSelection, setRowSelection] = useState<{ key: string; times: string[] }>({ key: '', times: [] });
  const selectedTimes = rowSelection.key === viewKey ? rowSelection.times : [];

  // The grid below the chart is asked for once the channels are known (else it would first load every
  // channel) and once the chart has its data: the chart is what the screen opens on, and a page of up to
  // 500 rows laid out at the same time held its first drawing up by seconds (issue 26).
  const [chartReadyKey, setChartReadyKey] = useState<number>();
  const isTableWanted = !isChannelsPending && (chartReadyKey === versionId || selectedIds.length === 0);

  const [tab, setTab] = useState<TabKey>('data');
  const [dialog, setDialog] = useState<DialogKey>();
  // Every opening mounts the dialogs afresh (new form instances): list forms lose their initial rows
  // when a form instance outlives its fields.
  const [dialogSeq, setDialogSeq] = useState(0);
  const openDialog = (key: DialogKey) => {
    setDialog(key);
    setDialogSeq((seq) => seq + 1);
  };
  const [versionDialog, setVersionDialog] = useState<'create' | 'rename'>();
  const [markDraft, setMarkDraft] = useState<MarkDraft>();
  const [isDeleting, setDeleting] = useState(false);

  if (isVersionsPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isVersionsError) return <Result status="warning" title={t('measure-wind.loadFailed')} />;
  if (!version || versionId === undefined) {
    return (
      <Empty data-testid="mw-empty" style={{ padding: 48 }} description={t('measure-wind.noVersions')} />
    );
  }

  const isViewOnly = version.isViewOnly;
  const taskRunning = tracker.isActive ? t('measure-wind.blocked.taskRunning') : undefined;
  const workBlocked = isViewOnly ? t('measure-wind.blocked.viewOnly') : taskRunning;
  const versionEditBlocked = isViewOnly ? t('measure-wind.blocked.originalFixed') : taskRunning;
  const hasData = channels.length > 0;

  const onStarted = (task: TProcessingTask) => tracker.track(task);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: windKeys.versions(stationId) }),
      queryClient.invalidateQueries({ queryKey: windKeys.version(versionId) }),
      queryClient.invalidateQueries({ queryKey: windKeys.tasks(stationId) }),
    ]);

  const removeVersion = async () => {
    setDeleting(true);
    try {
      const task = await deleteVersion(versionId);
      feedback.success(t('measure-wind.version.deleting', { id: task.id }));
      onStarted(task);
    } catch {
      // Shown by the request layer (409 while another task runs).
    } finally {
      setDeleting(false);
    }
  };

  /** The mark dialog: the given range (a chart brush), else the selected rows, else the page's range. */
  const openMark = (draft?: Partial<MarkDraft>) => {
    if (workBlocked) {
      feedback.warning(workBlocked);
      return;
    }
    const rows = rowsTimeRange(selectedTimes, intervalS);
    const rowsRange: PickerRange | undefined = rows
      ? [isoToPicker(rows.startTime, utcCode), isoToPicker(rows.endTime, utcCode)]
      : undefined;
    setMarkDraft({
      channelIds: draft?.channelIds ?? selectedIds,
      range: draft?.range ?? rowsRange ?? range ?? undefined,
    });
  };

  const onBrushRange = (window: TimeWindow) => {
    if (!canProcess) {
      feedback.warning(t('common.noPermission'));
      return;
    }
    openMark({
      channelIds: selectedIds.slice(0, CHART_MAX_CHANNELS),
      range: [
        isoToPicker(snapIso(window.startMs, intervalS, 'floor'), utcCode),
        isoToPicker(snapIso(window.endMs, intervalS, 'ceil'), utcCode),
      ],
    });
  };

  const dataEnd = version.endTime
    ? isoToPicker(version.endTime, utcCode).add(intervalS, 'second')
    : undefined;
  const presets =
    dataEnd && version.startTime
      ? [
          { key: 'month', value: [dataEnd.subtract(1, 'month'), dataEnd] as PickerRange },
          { key: 'quarter', value: [dataEnd.subtract(3, 'month'), dataEnd] as PickerRange },
          { key: 'year', value: [dataEnd.subtract(1, 'year'), dataEnd] as PickerRange },
          { key: 'all', value: [isoToPicker(version.startTime, utcCode), dataEnd] as PickerRange },
        ].map((preset) => ({ label: t(`measure-wind.range.presets.${preset.key}`), value: preset.value }))
      : [];

  const shownTask =
    tracker.task &&
    tracker.task.versionId === versionId &&
    (tracker.isActive || !dismissedTaskIds.includes(tracker.task.id))
      ? tracker.task
      : undefined;

  return (
    <Flex vertical gap={12} data-testid="mw-page" data-version-id={versionId}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <Flex gap={8} wrap align="center" style={{ flex: '1 1 640px', minWidth: 0 }}>
          <Select<number>
            data-testid="mw-version"
            aria-label={t('measure-wind.version.label')}
            style={{ width: 240 }}
            value={versionId}
            onChange={setPickedVersionId}
            popupMatchSelectWidth={false}
            options={versions.map((candidate) => ({
              value: candidate.id,
              label: <VersionLabel version={candidate} />,
              title: candidate.name,
            }))}
          />
          <Space.Compact>
            <ActionButton
              feature="data.process"
              icon={<CopyOutlined />}
              data-testid="mw-version-new"
              onClick={() => setVersionDialog('create')}
            >
              {t('measure-wind.version.new')}
            </ActionButton>
            <ActionButton
              feature="data.process"
              icon={<EditOutlined />}
              blockedReason={versionEditBlocked}
              tooltip={t('measure-wind.version.rename')}
              aria-label={t('measure-wind.version.rename')}
              data-testid="mw-version-rename"
              onClick={() => setVersionDialog('rename')}
            />
            {versionEditBlocked || !canProcess ? (
              <ActionButton
                feature="data.process"
                icon={<DeleteOutlined />}
                blockedReason={versionEditBlocked}
                aria-label={t('measure-wind.version.delete')}
                data-testid="mw-version-delete"
              />
            ) : (
              <Popconfirm
                title={t('measure-wind.version.deleteConfirm', { name: version.name })}
                description={t('measure-wind.version.deleteHint')}
                okButtonProps={{ danger: true, loading: isDeleting }}
                onConfirm={() => removeVersion()}
              >
                <Tooltip title={t('measure-wind.version.delete')}>
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('measure-wind.version.delete')}
                    data-testid="mw-version-delete"
                  />
                </Tooltip>
              </Popconfirm>
            )}
            <Tooltip title={t('measure-wind.lineage.title')}>
              <Button
                icon={<BranchesOutlined />}
                aria-label={t('measure-wind.lineage.title')}
                data-testid="mw-version-lineage"
                onClick={() => openDialog('lineage')}
              />
            </Tooltip>
          </Space.Compact>
          <DatePicker.RangePicker
            data-testid="mw-range"
            aria-label={t('measure-wind.range.label')}
            showTime={{ format: 'HH:mm' }}
            format={RANGE_FORMAT}
            value={range}
            allowClear
            placeholder={[t('measure-wind.range.start'), t('measure-wind.range.end')]}
            presets={presets}
            onChange={(value) =>
              setRangeState({
                versionId,
                range: value?.[0] && value[1] ? [value[0], value[1]] : null,
              })
            }
          />
          <ChannelSelect
            data-testid="mw-channels"
            aria-label={t('measure-wind.channels.label')}
            placeholder={t('measure-wind.channels.placeholder')}
            channels={channels}
            loading={isChannelsPending}
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            style={{ flex: '1 1 280px', minWidth: 220 }}
            value={selectedIds}
            onChange={(ids) => setSelectionState({ versionId, ids: ids as number[] })}
          />
        </Flex>
        <Space wrap>
          <ProcessMenu
            blockedReason={workBlocked ?? (hasData ? undefined : t('measure-wind.blocked.noData'))}
            onPick={openDialog}
          />
          <ActionButton
            feature="data.process"
            blockedReason={workBlocked}
            icon={<FlagOutlined />}
            data-testid="mw-mark"
            onClick={() => openMark()}
          >
            {t('measure-wind.mark.button')}
          </ActionButton>
          <ActionButton
            feature="data.import"
            blockedReason={workBlocked}
            icon={<UploadOutlined />}
            data-testid="mw-import"
            onClick={() => openDialog('import')}
          >
            {t('measure-wind.import.button')}
          </ActionButton>
          <ActionButton
            feature="station.downloadRaw"
            icon={<DownloadOutlined />}
            data-testid="mw-export"
            disabled={!hasData}
            onClick={() => openDialog('export')}
          >
            {t('measure-wind.export.button')}
          </ActionButton>
          <Tooltip title={t('common.actions.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('common.actions.refresh')}
              onClick={() => void refresh()}
            />
          </Tooltip>
        </Space>
      </Flex>

      {shownTask ? (
        <TaskBanner task={shownTask} onDismiss={() => setDismissedTaskIds((ids) => [...ids, shownTask.id])} />
      ) : null}
      {isViewOnly ? (
        <Alert
          type="info"
          showIcon
          icon={<LockOutlined />}
          title={t('measure-wind.blocked.viewOnly')}
          action={
            <ActionButton
              size="small"
              feature="data.process"
              icon={<CopyOutlined />}
              onClick={() => setVersionDialog('create')}
            >
              {t('measure-wind.version.copyToWork')}
            </ActionButton>
          }
        />
      ) : null}

      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          {
            key: 'data',
            label: (
              <span>
                <LineChartOutlined /> {t('measure-wind.tabs.data')}
              </span>
            ),
            // Chart over grid, as in Windographer: the brush and the row selection both feed the mark dialog.
            children: (
              <Flex vertical gap={16}>
                <ChartPane
                  versionId={versionId}
                  selectedIds={selectedIds}
                  rangeIso={rangeIso}
                  utcCode={utcCode}
                  isMarkable={!workBlocked}
                  onBrushRange={onBrushRange}
                  onFirstData={() => setChartReadyKey(versionId)}
                />
                <Typography.Title level={5} style={{ margin: 0 }}>
                  <TableOutlined /> {t('measure-wind.tabs.table')}
                </Typography.Title>
                <TablePane
                  isWanted={isTableWanted}
                  versionId={versionId}
                  selectedIds={selectedIds}
                  rangeIso={rangeIso}
                  utcCode={utcCode}
                  pageNo={pageNo}
                  pageSize={paging.pageSize}
                  onPageChange={(nextPageNo, nextPageSize) =>
                    setPaging({
                      key: viewKey,
                      pageNo: nextPageSize === paging.pageSize ? nextPageNo : 1,
                      pageSize: nextPageSize,
                    })
                  }
                  selectedTimes={selectedTimes}
                  onSelectTimes={(times) => setRowSelection({ key: viewKey, times })}
                />
              </Flex>
            ),
          },
          {
            key: 'marks',
            label: (
              <span>
                <UnorderedListOutlined /> {t('measure-wind.tabs.marks')}
              </span>
            ),
            children: <MarksList versionId={versionId} blockedReason={workBlocked} />,
          },
          {
            key: 'tasks',
            label: (
              <span>
                <HistoryOutlined /> {t('measure-wind.tabs.tasks')}
              </span>
            ),
            children: <TasksList stationId={stationId} versionId={versionId} versions={versions} />,
          },
        ]}
      />

      <VersionFormModal
        mode={versionDialog}
        stationId={stationId}
        version={version}
        versions={versions}
        onClose={() => setVersionDialog(undefined)}
        onCreated={(created) => setPickedVersionId(created.id)}
      />
      <LineageDrawer
        open={dialog === 'lineage'}
        versionId={versionId}
        versions={versions}
        onClose={() => setDialog(undefined)}
      />
      <MarkModal
        draft={markDraft}
        versionId={versionId}
        channels={channels}
        utcCode={utcCode}
        onClose={() => setMarkDraft(undefined)}
        onSaved={() => setRowSelection({ key: '', times: [] })}
      />
      <QcModal
        key={`QcModal-${dialogSeq}`}
        open={dialog === 'qc'}
        stationId={stationId}
        versionId={versionId}
        utcCode={utcCode}
        onClose={() => setDialog(undefined)}
        onStarted={onStarted}
      />
      <TowerShadowModal
        key={`TowerShadowModal-${dialogSeq}`}
        open={dialog === 'tower_shadow'}
        stationId={stationId}
        versionId={versionId}
        channels={channels}
        utcCode={utcCode}
        onClose={() => setDialog(undefined)}
        onStarted={onStarted}
      />
      <InterpolationModal
        key={`InterpolationModal-${dialogSeq}`}
        open={dialog === 'interpolation'}
        versionId={versionId}
        channels={channels}
        selectedIds={selectedIds}
        utcCode={utcCode}
        onClose={() => setDialog(undefined)}
        onStarted={onStarted}
      />
      <ExtrapolationModal
        key={`ExtrapolationModal-${dialogSeq}`}
        open={dialog === 'extrapolation'}
        versionId={versionId}
        channels={channels}
        utcCode={utcCode}
        onClose={() => setDialog(undefined)}
        onStarted={onStarted}
      />
      <RepresentativeYearModal
        key={`RepresentativeYearModal-${dialogSeq}`}
        open={dialog === 'representative_year'}
        stationId={stationId}
        version={version}
        channels={channels}
        onClose={() => setDialog(undefined)}
        onStarted={onStarted}
      />
      <ImportModal
        key={`ImportModal-${dialogSeq}`}
        open={dialog === 'import'}
        versionId={versionId}
        versionName={version.name}
        onClose={() => setDialog(undefined)}
        onStarted={onStarted}
      />
      <ExportModal
        key={`ExportModal-${dialogSeq}`}
        open={dialog === 'export'}
        version={version}
        channels={channels}
        selectedIds={selectedIds}
        shownRange={range ?? undefined}
        utcCode={utcCode}
        onClose={() => setDialog(undefined)}
      />
    </Flex>
  );
}

interface ChartPaneProps {
  versionId: number;
  selectedIds: readonly number[];
  rangeIso: RangeIso;
  utcCode: string;
  isMarkable: boolean;
  onBrushRange: (window: TimeWindow) => void;
  /** Called once the chart is drawn, or has nothing to draw (the grid below waits for it). */
  onFirstData: () => void;
}

/**
 * The chart tab: an overview of the whole range (server-aggregated), and after zooming into at most
 * half of it, the visible window again in detail, spliced into the overview.
 */
function ChartPane({
  versionId,
  selectedIds,
  rangeIso,
  utcCode,
  isMarkable,
  onBrushRange,
  onFirstData,
}: ChartPaneProps) {
  const { t } = useTranslation();
  const chartIds = useMemo(() => selectedIds.slice(0, CHART_MAX_CHANNELS), [selectedIds]);
  const overviewRequest = useMemo<TChartRequest | undefined>(
    () =>
      chartIds.length > 0
        ? { versionId, channelIds: chartIds, ...rangeIso, maxPoints: CHART_DEFAULT_POINTS }
        : undefined,
    [versionId, chartIds, rangeIso],
  );
  const overviewKey = JSON.stringify(overviewRequest ?? null);
  const overview = useChartData(overviewRequest);
  const [visible, setVisible] = useState<{ key: string; window: TimeWindow }>();
  const overviewData = overview.isPlaceholderData ? undefined : overview.data;
  const detailRequest = useMemo<TChartRequest | undefined>(() => {
    const window =
      overviewData && visible?.key === overviewKey
        ? detailWindowFor(overviewData, visible.window)
        : undefined;
    if (!overviewRequest || !window) return undefined;
    return {
      ...overviewRequest,
      startTime: new Date(window.startMs).toISOString(),
      endTime: new Date(window.endMs).toISOString(),
    };
  }, [overviewRequest, overviewData, overviewKey, visible]);
  const detail = useChartData(detailRequest);
  // The grid waits for the chart's first drawing; a chart with nothing to draw lets it come at once.
  const firstData = useRef(onFirstData);
  firstData.current = onFirstData;
  const hasNothingToDraw =
    overview.isError || (overview.data !== undefined && overview.data.times.length === 0);
  useEffect(() => {
    if (hasNothingToDraw) firstData.current();
  }, [hasNothingToDraw]);
  const data = useMemo(
    () =>
      overview.data ? mergeChartData(overview.data, detailRequest ? detail.data : undefined) : undefined,
    [overview.data, detail.data, detailRequest],
  );

  if (selectedIds.length === 0) {
    return <Empty style={{ padding: 48 }} description={t('measure-wind.chart.chooseChannels')} />;
  }
  const bucket = overview.data ? bucketParts(overview.data.bucketSeconds) : undefined;
  return (
    <Flex vertical gap={8}>
      <Flex gap={12} wrap align="center">
        {overview.data && bucket ? (
          <Typography.Text type="secondary" data-testid="mw-chart-resolution">
            {overview.data.isAggregated
              ? t('measure-wind.chart.aggregated', {
                  count: bucket.count,
                  unit: t(`measure-wind.units.${bucket.unit}`),
                })
              : t('measure-wind.chart.raw')}
            {detailRequest ? ` · ${t('measure-wind.chart.detail')}` : ''}
          </Typography.Text>
        ) : null}
        {isMarkable ? (
          <Typography.Text type="secondary">{t('measure-wind.chart.brushHint')}</Typography.Text>
        ) : null}
        {selectedIds.length > CHART_MAX_CHANNELS ? (
          <Typography.Text type="warning">
            {t('measure-wind.chart.tooMany', { max: CHART_MAX_CHANNELS })}
          </Typography.Text>
        ) : null}
      </Flex>
      <WindChart
        key={overviewKey}
        data={data}
        isLoading={overview.isFetching || detail.isFetching}
        utcCode={utcCode}
        onBrushRange={onBrushRange}
        onVisibleWindow={(window) => setVisible({ key: overviewKey, window })}
        onDrawn={() => firstData.current()}
      />
    </Flex>
  );
}

interface TablePaneProps {
  /** False until the grid is wanted: nothing is asked for before. */
  isWanted: boolean;
  versionId: number;
  selectedIds: readonly number[];
  rangeIso: RangeIso;
  utcCode: string;
  pageNo: number;
  pageSize: number;
  onPageChange: (pageNo: number, pageSize: number) => void;
  selectedTimes: string[];
  onSelectTimes: (times: string[]) => void;
}

/** The table tab: one page (≤500 rows) of the selected channels over the range. */
function TablePane({
  isWanted,
  versionId,
  selectedIds,
  rangeIso,
  pageNo,
  pageSize,
  ...rest
}: TablePaneProps) {
  const request: TDataPageRequest = {
    versionId,
    ...(selectedIds.length > 0 ? { channelIds: [...selectedIds] } : {}),
    ...rangeIso,
    pageNo,
    pageSize,
  };
  const { data: page, isFetching } = useDataPage(isWanted ? request : undefined);
  return (
    <DataTable
      page={page}
      isLoading={isFetching || !isWanted}
      pageNo={pageNo}
      pageSize={pageSize}
      {...rest}
    />
  );
}
