export { AttachmentsCard } from './AttachmentsCard.tsx';
export { useChannelConfigs, useChannelElements } from './api.ts';
export { PasswordRecordsCard } from './PasswordRecordsCard.tsx';
export { RemoteSensingCard } from './RemoteSensingCard.tsx';
