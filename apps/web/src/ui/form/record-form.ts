/** The props of a dialog that creates a record (none given) or edits the one given. */
export interface RecordFormModalProps<R> {
  open: boolean;
  record: R | undefined;
  onClose: () => void;
}
