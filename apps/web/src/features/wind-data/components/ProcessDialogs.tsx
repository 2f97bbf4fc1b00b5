import type { TDatasetVersion, TProcessingTask, TVersionChannel } from '@masthub/shared';
import { useState } from 'react';
import type { TProcessKind } from '../api.ts';
import type { PickerRange } from '../wind-data.utils.ts';
import { ExportModal } from './ExportModal.tsx';
import { ExtrapolationModal } from './ExtrapolationModal.tsx';
import { ImportModal } from './ImportModal.tsx';
import { InterpolationModal } from './InterpolationModal.tsx';
import { LineageDrawer } from './LineageDrawer.tsx';
import { QcModal } from './QcModal.tsx';
import { ReconstructModal } from './ReconstructModal.tsx';
import { RepresentativeYearModal } from './RepresentativeYearModal.tsx';
import { TowerShadowModal } from './TowerShadowModal.tsx';

export type DialogKey = TProcessKind | 'import' | 'export' | 'lineage';

/** Which dialog is open. Every opening mounts the dialogs afresh (new form instances): list forms lose
 * their initial rows when a form instance outlives its fields. */
export function useProcessDialogs() {
  const [dialog, setDialog] = useState<DialogKey>();
  const [dialogSeq, setDialogSeq] = useState(0);
  const openDialog = (key: DialogKey) => {
    setDialog(key);
    setDialogSeq((seq) => seq + 1);
  };
  return { dialog, dialogSeq, openDialog, closeDialog: () => setDialog(undefined) };
}

interface ProcessDialogsProps {
  /** The open dialog, if any. */
  dialog: DialogKey | undefined;
  /** Bumped on every opening: the dialogs mount afresh (new form instances). */
  dialogSeq: number;
  stationId: number;
  version: TDatasetVersion;
  versions: TDatasetVersion[];
  channels: TVersionChannel[];
  selectedIds: number[];
  range: PickerRange | null;
  utcCode: string;
  onClose: () => void;
  onStarted: (task: TProcessingTask) => void;
}

/** The lineage drawer and the processing, import and export dialogs of the workspace. */
export function ProcessDialogs(props: ProcessDialogsProps) {
  const { dialog, dialogSeq, version, channels, onClose } = props;
  const versionId = version.id;
  // What every processing dialog is given: the task it starts is followed by the workspace.
  const task = { onClose, onStarted: props.onStarted };
  const at = { versionId, utcCode: props.utcCode };
  return (
    <>
      <LineageDrawer
        open={dialog === 'lineage'}
        versionId={versionId}
        versions={props.versions}
        onClose={onClose}
      />
      <QcModal
        key={`QcModal-${dialogSeq}`}
        open={dialog === 'qc'}
        stationId={props.stationId}
        {...at}
        {...task}
      />
      <TowerShadowModal
        key={`TowerShadowModal-${dialogSeq}`}
        open={dialog === 'tower_shadow'}
        stationId={props.stationId}
        channels={channels}
        {...at}
        {...task}
      />
      <InterpolationModal
        key={`InterpolationModal-${dialogSeq}`}
        open={dialog === 'interpolation'}
        channels={channels}
        selectedIds={props.selectedIds}
        {...at}
        {...task}
      />
      <ExtrapolationModal
        key={`ExtrapolationModal-${dialogSeq}`}
        open={dialog === 'extrapolation'}
        channels={channels}
        {...at}
        {...task}
      />
      <RepresentativeYearModal
        key={`RepresentativeYearModal-${dialogSeq}`}
        open={dialog === 'representative_year'}
        stationId={props.stationId}
        version={version}
        channels={channels}
        {...task}
      />
      <ReconstructModal
        key={`ReconstructModal-${dialogSeq}`}
        open={dialog === 'reconstruct'}
        channels={channels}
        {...at}
        {...task}
      />
      <ImportModal
        key={`ImportModal-${dialogSeq}`}
        open={dialog === 'import'}
        versionId={versionId}
        versionName={version.name}
        {...task}
      />
      <ExportModal
        key={`ExportModal-${dialogSeq}`}
        open={dialog === 'export'}
        version={version}
        channels={channels}
        selectedIds={props.selectedIds}
        shownRange={props.range ?? undefined}
        utcCode={props.utcCode}
        onClose={onClose}
      />
    </>
  );
}
