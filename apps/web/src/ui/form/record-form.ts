/** The props every dialog (or drawer) gets from its opener. */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/** The props of a dialog about one site. */
export interface StationDialogProps extends DialogProps {
  stationId: number;
}

/** The props of a dialog about the sites chosen in a list. */
export interface StationsDialogProps extends DialogProps {
  stationIds: readonly number[];
}

/** The props of a dialog that creates a record (none given) or edits the one given. */
export interface RecordFormModalProps<R> extends DialogProps {
  record: R | undefined;
}
