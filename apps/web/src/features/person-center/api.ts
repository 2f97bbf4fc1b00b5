import type {
  TProfile,
  TProfileUpdateRequest,
  TRecoveryCodes,
  TSecondFactorDisableRequest,
  TSecondFactorEnableRequest,
  TSecondFactorSetup,
  TSecondFactorStatus,
} from '@masthub/shared';
import { listUtcOptions, type TUtcOption } from '@masthub/shared/time-zones.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createPostHook } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

/** Time-zone options; reference data, so a failure is silent and the built-in list is used. */
export function useUtcOptions() {
  return useQuery({
    queryKey: ['sys-info', 'utc-options'],
    queryFn: async () => {
      try {
        return await http.get<TUtcOption[]>('/web/sys_info/utcOptionsList', undefined, { silent: true });
      } catch {
        return listUtcOptions();
      }
    },
    placeholderData: listUtcOptions,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const profileKey = ['profile'] as const;

/** The caller's own record (phone, e-mail, registration and last login) for the personal centre. */
export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: () => http.get<TProfile>('/security/sys/user/profile'),
  });
}

export const useUpdateProfile = createPostHook<TProfileUpdateRequest, null>(
  '/security/sys/user/update_profile',
  [profileKey],
);

export const secondFactorKey = ['profile', 'second-factor'] as const;

/** The caller's two-factor login: on or off, required by the role, recovery codes left. */
export function useSecondFactorStatus() {
  return useQuery({
    queryKey: secondFactorKey,
    queryFn: () => http.get<TSecondFactorStatus>('/security/sys/user/second_factor'),
  });
}

/** A new authenticator key to scan (replacing one scanned but never confirmed). */
export function useBeginSecondFactor() {
  return useMutation({
    mutationFn: () => http.post<TSecondFactorSetup>('/security/sys/user/second_factor/setup'),
  });
}

/** Turns two-factor login on with the key's first code; the recovery codes come back once. */
export const useEnableSecondFactor = createPostHook<TSecondFactorEnableRequest, TRecoveryCodes>(
  '/security/sys/user/second_factor/enable',
  [secondFactorKey],
);

export const useDisableSecondFactor = createPostHook<TSecondFactorDisableRequest, null>(
  '/security/sys/user/second_factor/disable',
  [secondFactorKey],
);
