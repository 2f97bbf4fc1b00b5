import { feedback } from '../browser/feedback.ts';
import { i18next } from '../i18n/i18n.ts';

/** Copies text and says so (SPEC §8: 'copy succeeded' or 'could not copy'). */
export async function copyWithFeedback(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('clipboard unavailable');
    await navigator.clipboard.writeText(text);
    feedback.success(i18next.t('common.copy.success'));
    return true;
  } catch {
    feedback.error(i18next.t('common.copy.failed'));
    return false;
  }
}
