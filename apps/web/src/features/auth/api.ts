import type { TChangePasswordRequest, TLoginReply, TLoginRequest } from '@masthub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { realtimeClient } from '../../realtime/realtime-client.ts';
import { http, LOGIN_PATH } from '../../request/request.ts';
import { clearLogin, readDeviceToken, saveLogin, saveRightConfig } from './login.storage.ts';

/**
 * Logs in, stores the reply (`masthub.login`), then the per-user permission config (`masthub.rightConfig`,
 * SPEC §6). The caller shows errors itself, so the call is silent.
 */
export async function logIn(credentials: TLoginRequest): Promise<TLoginReply> {
  const deviceToken = readDeviceToken(credentials.account);
  const reply = await http.post<TLoginReply>(
    '/security/sys/user/login',
    deviceToken ? { ...credentials, deviceToken } : credentials,
    { silent: true },
  );
  saveLogin(reply);
  try {
    saveRightConfig(
      await http.get<unknown>('/security/sys/permission/user_permission', undefined, { silent: true }),
    );
  } catch {
    // The config only refines what the UI shows; the login itself succeeded.
    saveRightConfig(null);
  }
  return reply;
}

export function changePassword(body: TChangePasswordRequest): Promise<unknown> {
  return http.post<unknown>('/security/sys/user/change_password', body);
}

/** Forgets the session locally: socket closed, storage and cached server state cleared, back to /login. */
export function useEndSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    realtimeClient.stop();
    clearLogin();
    queryClient.clear();
    void navigate(LOGIN_PATH, { replace: true });
  }, [navigate, queryClient]);
}

/** POST logout with the token, then end the session whatever the server answered. */
export function useLogout() {
  const endSession = useEndSession();
  return useCallback(async () => {
    try {
      await http.post<unknown>('/security/sys/user/logout', undefined, { silent: true });
    } catch {
      // An expired token cannot be logged out on the server; the local session still ends.
    }
    endSession();
  }, [endSession]);
}
