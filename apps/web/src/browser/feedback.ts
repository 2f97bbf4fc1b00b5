import type { useAppProps } from 'antd/es/app/context';

/**
 * Toasts for code outside React (request layer, guard, socket). `FeedbackBridge` hands over the antd `App`
 * instance so the toasts follow the theme, locale and the 3 s / 70 px / max 3 configuration.
 */
let api: useAppProps | undefined;
const pending: Array<(app: useAppProps) => void> = [];

export function setFeedbackApi(next: useAppProps | undefined): void {
  api = next;
  if (next) for (const show of pending.splice(0)) show(next);
}

function run(show: (app: useAppProps) => void): void {
  if (api) show(api);
  else pending.push(show);
}

/** Identical texts share a key, so a burst of failing calls shows one toast, not three. */
export const feedback = {
  error(text: string): void {
    run((app) => void app.message.error({ content: text, key: `error:${text}` }));
  },
  warning(text: string): void {
    run((app) => void app.message.warning({ content: text, key: `warning:${text}` }));
  },
  success(text: string): void {
    run((app) => void app.message.success({ content: text, key: `success:${text}` }));
  },
  notify(title: string, description: string): void {
    run((app) => app.notification.info({ title, description }));
  },
};
