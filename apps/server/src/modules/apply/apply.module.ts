import type { TConfig } from '../../platform/config.ts';
import { createKeySource } from '../../platform/secrets/secret-box.ts';
import { ApplyService, type TApplyServiceDeps } from './apply.service.ts';
import { LinkSigner } from './link-signer.ts';

/**
 * Wires the apply module: the service over its collaborators, with the signer of download links keyed
 * from PASSWORD_RECORD_KEY (or <DATA_DIR>/secret.key) under its own purpose, and links to PUBLIC_URL.
 */
export function createApplyService(
  config: Pick<TConfig, 'PASSWORD_RECORD_KEY' | 'dataDirAbs' | 'PUBLIC_URL'>,
  deps: Omit<TApplyServiceDeps, 'signer'>,
): ApplyService {
  const signer = new LinkSigner(
    createKeySource({
      configuredSecret: config.PASSWORD_RECORD_KEY,
      dataDir: config.dataDirAbs,
      purpose: 'download-link',
    }),
  );
  return new ApplyService({ ...deps, signer }, { publicUrl: config.PUBLIC_URL });
}
