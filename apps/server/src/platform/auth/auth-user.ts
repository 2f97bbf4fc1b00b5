import type { FeatureKey } from '@masthub/shared';

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
  tokenId: number;
}
