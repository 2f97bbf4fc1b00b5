import type { TDeleteCheck } from '@masthub/shared';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';

/** How a list deletes a record: the server's check first (when it has one), then a confirmation. */
export interface DeleteSpec<T> {
  /** Asks the server whether the record can go and why not; refusals are shown instead of the confirm. */
  check?: (record: T) => Promise<TDeleteCheck>;
  remove: (record: T) => Promise<unknown>;
  /** The refusal title (with the server's reasons as a list). */
  refusedTitle?: (record: T) => string;
  title?: string;
  /** The confirmation text (usually names the record). */
  confirm?: (record: T) => ReactNode;
  /**
   * The texts by convention instead: `<prefix>.deleteTitle`, `<prefix>.deleteConfirm` and
   * `<prefix>.cannotDelete` (the latter two with `{{name}}` = the record's `name`).
   */
  texts?: string;
}

/**
 * The one delete flow of administration lists: ask the server whether the record can be deleted (it
 * knows what still uses it), show its reasons when it cannot, else confirm, delete and say so.
 */
export function useConfirmDelete<T>(spec: DeleteSpec<T> | undefined) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return async (record: T): Promise<void> => {
    if (!spec) return;
    const name = (record as { name?: unknown }).name;
    const title = spec.title ?? t(`${spec.texts}.deleteTitle`);
    const confirm = spec.confirm?.(record) ?? t(`${spec.texts}.deleteConfirm`, { name });
    const refusedTitle =
      spec.refusedTitle?.(record) ?? (spec.texts ? t(`${spec.texts}.cannotDelete`, { name }) : title);
    if (spec.check) {
      const check = await spec.check(record).catch(() => undefined);
      if (!check) return;
      if (!check.canDelete) {
        modal.warning({
          title: refusedTitle,
          content: (
            <ul style={{ paddingInlineStart: 20, margin: 0 }}>
              {check.reasons.map((reason) => (
                <li key={reason.errorCode}>{reason.message}</li>
              ))}
            </ul>
          ),
        });
        return;
      }
    }
    modal.confirm({
      title,
      content: confirm,
      okType: 'danger',
      okText: t('system.common.delete'),
      onOk: async () => {
        await spec.remove(record);
        feedback.success(t('system.common.deleted'));
      },
    });
  };
}
