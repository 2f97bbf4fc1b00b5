import {
  isLoginChallenge,
  type TChangePasswordRequest,
  type TLoginChallenge,
  type TLoginReply,
  type TLoginRequest,
  type TLoginResult,
  type TSecondFactorChallengeRequest,
  type TSecondFactorLoginEnableReply,
  type TSecondFactorLoginEnableRequest,
  type TSecondFactorLoginRequest,
  type TSecondFactorSetup,
} from '@masthub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearLogin, readDeviceToken, saveLogin, saveRightConfig } from '../../browser/login.storage.ts';
import { realtimeClient } from '../../realtime/realtime-client.ts';
import { http, LOGIN_PATH } from '../../request/request.ts';

/**
 * Logs in. A session reply is stored (see finishLogin); a challenge (the user's second factor, or the
 * set-up their role requires) is handed back for the next step, with nothing stored yet. The caller shows
 * errors itself, so the call is silent.
 */
export async function logIn(credentials: TLoginRequest): Promise<TLoginReply | TLoginChallenge> {
  const deviceToken = readDeviceToken(credentials.account);
  const reply = await http.post<TLoginResult>(
    '/security/sys/user/login',
    deviceToken ? { ...credentials, deviceToken } : credentials,
    { silent: true },
  );
  if (isLoginChallenge(reply)) return reply;
  await finishLogin(reply);
  return reply;
}

/** The second login step: the authenticator code or a recovery code. */
export async function logInWithCode(body: TSecondFactorLoginRequest): Promise<TLoginReply> {
  const reply = await http.post<TLoginReply>('/security/sys/user/login/second_factor', body, {
    silent: true,
  });
  await finishLogin(reply);
  return reply;
}

/**
 * A key to scan when the role requires a second factor the user has not set up, given the one-time
 * enrolment code their administrator handed over.
 */
export function beginSetupAtLogin(body: TSecondFactorChallengeRequest): Promise<TSecondFactorSetup> {
  return http.post<TSecondFactorSetup>('/security/sys/user/login/second_factor/setup', body, {
    silent: true,
  });
}

/** Confirms that key with its first code: the session opens; the recovery codes come back once. */
export async function enableAtLogin(
  body: TSecondFactorLoginEnableRequest,
): Promise<TSecondFactorLoginEnableReply> {
  const reply = await http.post<TSecondFactorLoginEnableReply>(
    '/security/sys/user/login/second_factor/enable',
    body,
    { silent: true },
  );
  const { recoveryCodes: _shownOnce, ...session } = reply;
  await finishLogin(session);
  return reply;
}

/** Stores the reply (`masthub.login`), then the per-user permission config (`masthub.rightConfig`, SPEC §6). */
async function finishLogin(reply: TLoginReply): Promise<void> {
  saveLogin(reply);
  try {
    saveRightConfig(
      await http.get<unknown>('/security/sys/permission/user_permission', undefined, { silent: true }),
    );
  } catch {
    // The config only refines what the UI shows; the login itself succeeded.
    saveRightConfig(null);
  }
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
