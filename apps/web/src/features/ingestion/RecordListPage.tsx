import type { FeatureKey } from '@masthub/shared';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordFormModalProps } from '../../ui/form/record-form.ts';
import { ListPage, type ListPageProps } from '../../ui/list/ListPage.tsx';

/**
 * A bordered list of records (rules, data sources) created and edited in one form dialog: the editor
 * opens `form` empty or with the row, deletes through `remove` and words both with `texts`.
 */
export function RecordListPage<T extends object>({
  form: FormModal,
  feature,
  texts,
  remove,
  ...list
}: Omit<ListPageProps<T>, 'editor' | 'tableProps'> & {
  form: ComponentType<RecordFormModalProps<T>>;
  feature: FeatureKey;
  /** The i18n prefix of the create label (`<texts>.create`) and the delete texts. */
  texts: string;
  remove: (record: T) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<T | null>();
  return (
    <>
      <ListPage<T>
        {...list}
        tableProps={{ bordered: true }}
        editor={{ feature, createLabel: t(`${texts}.create`), open: setEditing, remove, texts }}
      />
      <FormModal
        open={editing !== undefined}
        record={editing ?? undefined}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
