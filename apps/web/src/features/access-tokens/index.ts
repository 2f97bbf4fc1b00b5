export { AccessTokensCard } from './AccessTokensCard.tsx';
export { AccessTokenTable } from './AccessTokenTable.tsx';
export { accessTokenKeys, useAdminAccessTokens, useRevokeAccessTokenAsAdmin } from './api.ts';
