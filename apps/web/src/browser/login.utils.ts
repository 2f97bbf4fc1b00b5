import type { TLoginReply } from '@masthub/shared';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * Reads the stored login reply. Anything unreadable (edited by hand, an older shape) counts as logged out,
 * so the guard sends the user to /login instead of the app failing later.
 */
export function parseStoredLogin(raw: string | null): TLoginReply | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { token, userId, account, userName } = value;
  if (typeof token !== 'string' || token === '' || typeof userId !== 'number' || !Number.isInteger(userId)) {
    return null;
  }
  const features = Array.isArray(value['selectedFeatures'])
    ? value['selectedFeatures'].filter((f): f is string => typeof f === 'string')
    : [];
  return {
    token,
    // Kept apart (STORAGE_KEYS.devices) so that logging out does not forget the browser.
    deviceToken: '',
    userId,
    account: typeof account === 'string' ? account : '',
    userName: typeof userName === 'string' ? userName : '',
    roleName: optionalString(value['roleName']),
    companyName: optionalString(value['companyName']),
    groupName: optionalString(value['groupName']),
    isAdmin: value['isAdmin'] === true,
    selectedFeatures: features,
    expiresAt: typeof value['expiresAt'] === 'string' ? value['expiresAt'] : '',
  };
}

/** The device token remembered for `account` in a stored `{ account: token }` map, if any. */
export function deviceTokenOf(raw: string | null, account: string): string | undefined {
  try {
    const map: unknown = JSON.parse(raw ?? '{}');
    const token = isRecord(map) ? map[account.trim().toLowerCase()] : undefined;
    return typeof token === 'string' && token !== '' && token.length <= 128 ? token : undefined;
  } catch {
    return undefined;
  }
}

/** The map with `token` remembered for `account`. */
export function withDeviceToken(raw: string | null, account: string, token: string): string {
  let map: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (isRecord(parsed)) map = parsed;
  } catch {
    // An unreadable map is replaced.
  }
  return JSON.stringify({ ...map, [account.trim().toLowerCase()]: token });
}
