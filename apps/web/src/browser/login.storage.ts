import type { TLoginReply } from '@masthub/shared';
import { useSyncExternalStore } from 'react';
import { deviceTokenOf, parseStoredLogin, withDeviceToken } from './login.utils.ts';
import { readItem, removeItem, STORAGE_KEYS, writeItem } from './storage.ts';

type Listener = () => void;

const listeners = new Set<Listener>();
let cached: TLoginReply | null = null;
/** The stored text `cached` was parsed from; undefined before the first read. */
let cachedRaw: string | null | undefined;

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * The stored login reply (SPEC §3 "stored login info"), or null when nobody is logged in. Read from storage
 * on every call (a string compare; parsed only when it changed), so a login removed behind the app's back —
 * storage cleared in this tab — is seen by the next navigation, which then leads to /login.
 */
export function readLogin(): TLoginReply | null {
  const raw = readItem(STORAGE_KEYS.login);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseStoredLogin(raw);
  }
  return cached;
}

export function saveLogin(reply: TLoginReply): void {
  if (reply.deviceToken) {
    writeItem(
      STORAGE_KEYS.devices,
      withDeviceToken(readItem(STORAGE_KEYS.devices), reply.account, reply.deviceToken),
    );
  }
  const stored = { ...reply, deviceToken: '' };
  writeItem(STORAGE_KEYS.login, JSON.stringify(stored));
  emit();
}

/** The device token this browser got at an earlier login to `account` (sent with the next login). */
export function readDeviceToken(account: string): string | undefined {
  return deviceTokenOf(readItem(STORAGE_KEYS.devices), account);
}

export function saveRightConfig(config: unknown): void {
  writeItem(STORAGE_KEYS.rightConfig, JSON.stringify(config ?? null));
}

/** Forgets the login and the permission config; the language and time zone choices stay. */
export function clearLogin(): void {
  removeItem(STORAGE_KEYS.login);
  removeItem(STORAGE_KEYS.rightConfig);
  emit();
}

export function subscribeLogin(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.login || event.key === null) emit();
  });
}

export function useLogin(): TLoginReply | null {
  return useSyncExternalStore(subscribeLogin, readLogin, () => null);
}

const NO_FEATURES: readonly string[] = [];

/** The permitted feature names of the stored login (SPEC §3 selectedFeatures); see access.ts. */
export function useSelectedFeatures(): readonly string[] {
  return useLogin()?.selectedFeatures ?? NO_FEATURES;
}
