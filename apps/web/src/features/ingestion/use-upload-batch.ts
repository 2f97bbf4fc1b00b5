import type { TParseRule, TParseTask, TRecognizedChannel } from '@masthub/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { RequestError } from '../../request/request.ts';
import {
  confirmRecognize,
  previewRecognize,
  previewStoredFile,
  type TPreviewResult,
  uploadSiteFiles,
  useInvalidateSiteData,
  waitForTask,
} from './api.ts';
import { duplicateDataKeys, openDoubts } from './ingestion.utils.ts';

export type ItemState = 'recognizing' | 'ready' | 'unreadable' | 'confirming' | 'done';

/** A file given to the upload, or a stored raw file of the site confirmed again (a held one, issue 40). */
export type TUploadSource = File | { rawFileId: number; name: string };

export interface UploadItem {
  uid: string;
  file: TUploadSource;
  /** The file's name. */
  name: string;
  state: ItemState;
  result?: TPreviewResult;
  channels: TRecognizedChannel[];
  /** The recognised rule as the user edited it in the preview (the stamps' meaning). */
  rule?: TParseRule;
  error?: string;
  task?: TParseTask;
  /** The doubts the user confirmed as they are (issue 40). */
  accepted: string[];
  /** Read the site's later files of this layout the same way (default). */
  rememberLayout: boolean;
}

/** The doubts of an item neither resolved by an edit nor confirmed as they are. */
export function unansweredDoubts(item: UploadItem): number {
  const recognition = item.result?.recognition;
  if (item.state !== 'ready' || !recognition) return 0;
  const open = openDoubts(recognition, item.rule ?? recognition.rule, item.channels);
  return open.filter((doubt) => !item.accepted.includes(doubt.id)).length;
}

/** An updater that changes one item of the list. */
function patchItem(uid: string, change: Partial<UploadItem>) {
  return (items: UploadItem[]) => items.map((item) => (item.uid === uid ? { ...item, ...change } : item));
}

/**
 * The files of one upload: each recognised in turn (preview_recognize) as soon as they are given, then
 * confirmed together — unreadable ones kept as raw files, the others imported and followed to the end.
 */
export function useUploadBatch(stationId: number, files: TUploadSource[]) {
  const { t } = useTranslation();
  const invalidate = useInvalidateSiteData(stationId);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [active, setActive] = useState<string>();
  const [isConfirming, setConfirming] = useState(false);
  const [isFinished, setFinished] = useState(false);
  const abort = useRef<AbortController>(undefined);

  const patch = (uid: string, change: Partial<UploadItem>) => setItems(patchItem(uid, change));

  useEffect(() => {
    if (files.length === 0) return;
    const controller = new AbortController();
    abort.current = controller;
    const batch = files.map((file, i) => ({
      uid: `${i}-${file.name}`,
      file,
      name: file.name,
      state: 'recognizing' as const,
      channels: [],
      accepted: [],
      rememberLayout: true,
    }));
    setItems(batch);
    setActive(batch[0]?.uid);
    setFinished(false);
    void (async () => {
      // One file at a time: each preview reads the whole file on the server.
      for (const item of batch) {
        if (controller.signal.aborted) return;
        try {
          const result =
            item.file instanceof File
              ? await previewRecognize(stationId, item.file, controller.signal)
              : await previewStoredFile(item.file.rawFileId, controller.signal);
          setItems(
            patchItem(item.uid, {
              state: 'ready',
              result,
              channels: result.recognition?.channels ?? [],
              ...(result.recognition ? { rule: result.recognition.rule } : {}),
            }),
          );
        } catch (error) {
          if (controller.signal.aborted) return;
          setItems(
            patchItem(item.uid, {
              state: 'unreadable',
              error: error instanceof RequestError ? error.message : String(error),
            }),
          );
        }
      }
    })();
    return () => controller.abort();
  }, [files, stationId]);

  const isRecognizing = items.some((item) => item.state === 'recognizing');
  const confirmable = items.filter((item) => item.state === 'ready' || item.state === 'unreadable');

  const confirm = async () => {
    for (const item of items) {
      const duplicates = duplicateDataKeys(item.channels);
      if (duplicates.length > 0 || item.channels.some((channel) => channel.dataKey.trim() === '')) {
        setActive(item.uid);
        feedback.error(t('ingestion.upload.badDataKeys', { name: item.name, keys: duplicates.join(', ') }));
        return;
      }
      if (unansweredDoubts(item) > 0) {
        setActive(item.uid);
        feedback.error(t('ingestion.doubts.unanswered', { name: item.name, count: unansweredDoubts(item) }));
        return;
      }
    }
    setConfirming(true);
    let parsed = 0;
    let failed = 0;
    try {
      const unreadable = items.filter((item) => item.state === 'unreadable');
      if (unreadable.length > 0) {
        // Kept as raw files with their reason, to be re-parsed once the site's rule is fixed.
        for (const item of unreadable) patch(item.uid, { state: 'confirming' });
        try {
          const outcomes = await uploadSiteFiles(
            stationId,
            unreadable.flatMap((item) => (item.file instanceof File ? [item.file] : [])),
          );
          unreadable.forEach((item, i) => {
            const outcome = outcomes[i];
            if (outcome?.status === 'parsed') parsed += 1;
            else failed += 1;
            patch(item.uid, {
              state: 'done',
              task: outcome && {
                taskId: outcome.rawFileId,
                rawFileId: outcome.rawFileId,
                status: outcome.status,
                progress: 100,
                reasonKey: outcome.reasonKey,
                reason: outcome.reason,
              },
            });
          });
        } catch {
          for (const item of unreadable) patch(item.uid, { state: 'unreadable' });
          failed += unreadable.length;
        }
      }
      for (const item of items.filter((candidate) => candidate.state === 'ready')) {
        const result = item.result as TPreviewResult;
        patch(item.uid, { state: 'confirming' });
        try {
          const task = await confirmRecognize({
            stationId,
            token: result.token,
            ...(result.recognition
              ? {
                  rule: item.rule ?? result.recognition.rule,
                  channels: item.channels,
                  acceptedDoubts: openDoubts(
                    result.recognition,
                    item.rule ?? result.recognition.rule,
                    item.channels,
                  )
                    .map((doubt) => doubt.id)
                    .filter((id) => item.accepted.includes(id)),
                  rememberLayout: item.rememberLayout,
                }
              : {}),
          });
          const end = await waitForTask(task, (progress) => patch(item.uid, { task: progress }));
          if (end.status === 'parsed' || end.status === 'duplicate') parsed += 1;
          else if (end.status === 'failed' || end.status === 'held') failed += 1;
          patch(item.uid, { state: 'done', task: end });
        } catch {
          patch(item.uid, { state: 'ready' });
          failed += 1;
        }
      }
      await invalidate();
      setFinished(true);
      if (failed === 0) feedback.success(t('ingestion.upload.finished', { count: parsed }));
      else feedback.warning(t('ingestion.upload.finishedWithFailures', { count: parsed, failed }));
    } finally {
      setConfirming(false);
    }
  };

  /** Stops recognising and forgets the files. */
  const stop = () => {
    abort.current?.abort();
    setItems([]);
  };

  return {
    items,
    active,
    setActive,
    patch,
    isConfirming,
    isFinished,
    isRecognizing,
    confirmable,
    confirm,
    stop,
  };
}
