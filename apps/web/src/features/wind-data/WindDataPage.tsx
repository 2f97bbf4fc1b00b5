import { HistoryOutlined, LineChartOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { TProcessingTask } from '@masthub/shared';
import { CHART_MAX_CHANNELS } from '@masthub/shared/wind-data/wind-data.schema.ts';
import { Empty, Flex, Result, Skeleton, Tabs } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { feedback } from '../../browser/feedback.ts';
import { readUtcCode } from '../../request/request.ts';
import { useCan } from '../../ui/PermissionButton.tsx';
import { useStationId } from '../../ui/use-station-id.ts';
import { useVersionChannels, useVersionDetail, useVersions } from './api.ts';
import type { TimeWindow } from './chart.utils.ts';
import { ChannelSelect } from './components/ChannelSelect.tsx';
import { DataPanel } from './components/DataPanel.tsx';
import { type MarkDraft, MarkModal } from './components/MarkModal.tsx';
import { MarksList } from './components/MarksList.tsx';
import { ProcessDialogs, useProcessDialogs } from './components/ProcessDialogs.tsx';
import { RangeSelect } from './components/RangeSelect.tsx';
import { TrackedTaskBanner } from './components/TaskBanner.tsx';
import { TasksList } from './components/TasksList.tsx';
import { VersionControls, ViewOnlyAlert } from './components/VersionControls.tsx';
import { VersionFormModal } from './components/VersionFormModal.tsx';
import { WorkspaceActions } from './components/WorkspaceActions.tsx';
import { useTaskTracker } from './use-task-tracker.ts';
import { useViewSelection } from './use-view-selection.ts';
import { defaultVersion, focusFromQuery, rowsPickerRange, snapPickerRange } from './wind-data.utils.ts';

type TabKey = 'data' | 'marks' | 'tasks';

const tabLabel = (icon: ReactNode, text: string) => (
  <span>
    {icon} {text}
  </span>
);

/**
 * Wind data of a site (SPEC §2 /StationDetail/MeasureWind): versions (the original is view-only; work
 * happens on copies), the time range and channels, a chart and a ≤500-row grid coloured by flag, manual
 * marking, processing tasks (QC, tower shadow, interpolation, extrapolation, representative year) with
 * live progress, import and export.
 */
export function WindDataPage() {
  const stationId = useStationId();
  // The detail layout already asks for a site when the id is missing.
  if (stationId === undefined) return null;
  return <MeasureWindWorkspace key={stationId} stationId={stationId} />;
}

function MeasureWindWorkspace({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const utcCode = readUtcCode();
  const canProcess = useCan('data.process');

  // Version: picked by the user, else the newest working version, else the original.
  const {
    data: versions = [],
    isPending: isVersionsPending,
    isError: isVersionsError,
  } = useVersions(stationId);
  // A link to one record (`?versionId=…&at=…&channelId=…`) opens its version, its day and its channel.
  const [searchParams] = useSearchParams();
  const focus = useMemo(() => focusFromQuery(searchParams), [searchParams]);
  const [pickedVersionId, setPickedVersionId] = useState<number | undefined>(focus.versionId);
  const version = versions.find((candidate) => candidate.id === pickedVersionId) ?? defaultVersion(versions);
  const versionId = version?.id;
  const { data: channels = [], isPending: isChannelsPending } = useVersionChannels(versionId);
  const { data: detail } = useVersionDetail(versionId);
  const tracker = useTaskTracker(stationId, versionId, detail?.activeTaskId);

  // Range and channels: per version, defaulting to its last month and its averages.
  const { intervalS, range, setRangeState, rangeIso, selectedIds, setSelectionState } = useViewSelection(
    version,
    channels,
    utcCode,
    focus,
  );

  // Table paging and row selection start over whenever what the table shows changes.
  const viewKey = JSON.stringify([versionId, rangeIso, selectedIds]);
  const [rowSelection, setRowSelection] = useState<{ key: string; times: string[] }>({ key: '', times: [] });
  const selectedTimes = rowSelection.key === viewKey ? rowSelection.times : [];

  // The grid below the chart is asked for once the channels are known (else it would first load every
  // channel) and once the chart has its data: the chart is what the screen opens on, and a page of up to
  // 500 rows laid out at the same time held its first drawing up by seconds (issue 26).
  const [chartReadyKey, setChartReadyKey] = useState<number>();
  const isTableWanted = !isChannelsPending && (chartReadyKey === versionId || selectedIds.length === 0);

  const [tab, setTab] = useState<TabKey>('data');
  const { dialog, dialogSeq, openDialog, closeDialog } = useProcessDialogs();
  const [versionDialog, setVersionDialog] = useState<'create' | 'rename'>();
  const [markDraft, setMarkDraft] = useState<MarkDraft>();

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

  /** The mark dialog: the given range (a chart brush), else the selected rows, else the page's range. */
  const openMark = (draft?: Partial<MarkDraft>) => {
    if (workBlocked) {
      feedback.warning(workBlocked);
      return;
    }
    setMarkDraft({
      channelIds: draft?.channelIds ?? selectedIds,
      range: draft?.range ?? rowsPickerRange(selectedTimes, intervalS, utcCode) ?? range ?? undefined,
    });
  };

  const onBrushRange = (window: TimeWindow) => {
    if (!canProcess) {
      feedback.warning(t('common.noPermission'));
      return;
    }
    openMark({
      channelIds: selectedIds.slice(0, CHART_MAX_CHANNELS),
      range: snapPickerRange(window, intervalS, utcCode),
    });
  };

  return (
    <Flex vertical gap={12} data-testid="mw-page" data-version-id={versionId}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <Flex gap={8} wrap align="center" style={{ flex: '1 1 640px', minWidth: 0 }}>
          <VersionControls
            versions={versions}
            version={version}
            onPick={setPickedVersionId}
            blockedReason={versionEditBlocked}
            onVersionDialog={setVersionDialog}
            onLineage={() => openDialog('lineage')}
            onStarted={onStarted}
          />
          <RangeSelect
            version={version}
            intervalS={intervalS}
            utcCode={utcCode}
            value={range}
            onChange={(picked) => setRangeState({ versionId, range: picked })}
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
        <WorkspaceActions
          stationId={stationId}
          versionId={versionId}
          workBlocked={workBlocked}
          hasData={hasData}
          onOpenDialog={openDialog}
          onMark={() => openMark()}
        />
      </Flex>

      <TrackedTaskBanner tracker={tracker} versionId={versionId} />
      {isViewOnly ? <ViewOnlyAlert onCopy={() => setVersionDialog('create')} /> : null}

      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          {
            key: 'data',
            label: tabLabel(<LineChartOutlined />, t('measure-wind.tabs.data')),
            children: (
              <DataPanel
                view={{ versionId, selectedIds, rangeIso, utcCode }}
                isMarkable={!workBlocked}
                onBrushRange={onBrushRange}
                onFirstData={() => setChartReadyKey(versionId)}
                isTableWanted={isTableWanted}
                viewKey={viewKey}
                selectedTimes={selectedTimes}
                onSelectTimes={(times) => setRowSelection({ key: viewKey, times })}
              />
            ),
          },
          {
            key: 'marks',
            label: tabLabel(<UnorderedListOutlined />, t('measure-wind.tabs.marks')),
            children: <MarksList versionId={versionId} blockedReason={workBlocked} />,
          },
          {
            key: 'tasks',
            label: tabLabel(<HistoryOutlined />, t('measure-wind.tabs.tasks')),
            children: <TasksList {...{ stationId, versionId, versions, onStarted }} />,
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
      <MarkModal
        draft={markDraft}
        versionId={versionId}
        channels={channels}
        utcCode={utcCode}
        onClose={() => setMarkDraft(undefined)}
        onSaved={() => setRowSelection({ key: '', times: [] })}
      />
      <ProcessDialogs
        dialog={dialog}
        dialogSeq={dialogSeq}
        stationId={stationId}
        version={version}
        versions={versions}
        channels={channels}
        selectedIds={selectedIds}
        range={range}
        utcCode={utcCode}
        onClose={closeDialog}
        onStarted={onStarted}
      />
    </Flex>
  );
}
