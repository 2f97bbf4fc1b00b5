import type { FeatureKey, TAccessTokenScope } from '@masthub/shared';

/** The personal access token a call came with (issue 32): what it adds as a limit to the user's rights. */
export interface TAccessTokenGrant {
  id: number;
  name: string;
  scopes: readonly TAccessTokenScope[];
}

/** The authenticated caller of a request, resolved from its token. */
export interface TAuthUser {
  id: number;
  account: string;
  userName: string;
  roleId: number | null;
  roleName: string | null;
  companyId: number | null;
  companyName: string | null;
  deptId: number | null;
  deptName: string | null;
  isAdmin: boolean;
  dataScope: 'all' | 'list';
  features: ReadonlySet<FeatureKey>;
  /** The login token of the session; 0 for a call made with a personal access token or by the system. */
  tokenId: number;
  /** Set when the call came with `Authorization: Bearer`: the token's name and scopes. */
  accessToken?: TAccessTokenGrant | undefined;
  /**
   * The sites the call is limited to (a token's site subset), within the user's own; absent: every site the
   * user sees. Station access narrows every list and check to them (modules/access).
   */
  stationIds?: readonly number[] | undefined;
}
