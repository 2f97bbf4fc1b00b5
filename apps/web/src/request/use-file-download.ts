import { useState } from 'react';
import { feedback } from '../browser/feedback.ts';
import { type DownloadedFile, saveFile } from './request.ts';

/**
 * A download a button starts: its loading state, the file saved under the server's name (else
 * `fallbackName`), an optional success message. A failed request was already shown by the request layer.
 */
export function useFileDownload(): {
  isSaving: boolean;
  download: (fetch: () => Promise<DownloadedFile>, fallbackName: string, success?: string) => Promise<void>;
} {
  const [isSaving, setSaving] = useState(false);
  const download = async (fetch: () => Promise<DownloadedFile>, fallbackName: string, success?: string) => {
    setSaving(true);
    try {
      saveFile(await fetch(), fallbackName);
      if (success) feedback.success(success);
    } catch {
      // The request layer already showed the error.
    } finally {
      setSaving(false);
    }
  };
  return { isSaving, download };
}
