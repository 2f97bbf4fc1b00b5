/** Keys of everything the web app keeps in localStorage / sessionStorage. */
export const STORAGE_KEYS = {
  login: 'masthub.login',
  rightConfig: 'masthub.rightConfig',
  language: 'masthub.lang',
  utcCode: 'masthub.utcCode',
  /** A notice to show on the next page load (the 401 toast would be lost in the reload). */
  pendingNotice: 'masthub.pendingNotice',
  /** Device tokens by account (lower case): this browser's earlier logins, kept across logouts. */
  devices: 'masthub.devices',
  /** A delivered download link opened before logging in: where to go after the login (session). */
  returnTo: 'masthub.returnTo',
} as const;

function getStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    // Storage can throw when the browser blocks it (privacy mode): behave as if it were empty.
    return undefined;
  }
}

export function readItem(key: string, kind: 'local' | 'session' = 'local'): string | null {
  return getStorage(kind)?.getItem(key) ?? null;
}

export function writeItem(key: string, value: string, kind: 'local' | 'session' = 'local'): void {
  getStorage(kind)?.setItem(key, value);
}

export function removeItem(key: string, kind: 'local' | 'session' = 'local'): void {
  getStorage(kind)?.removeItem(key);
}
