import { ZApplySave } from '@masthub/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toApplyRequest } from './ApplyModal.tsx';
import { formatBytes } from './apply-columns.tsx';

describe('toApplyRequest', () => {
  it('turns the picked days into the start of the first and the end of the last day', () => {
    const request = toApplyRequest([3, 5], {
      fileType: 4,
      range: [dayjs('2026-10-01T12:00:00Z'), dayjs('2026-10-31T08:00:00Z')],
      versionMode: 'latest',
      applyReason: '测风分析',
      toAddr: '',
    });
    expect(request.stationIds).toEqual([3, 5]);
    expect(Date.parse(request.endTime!) - Date.parse(request.startTime!)).toBe(31 * 86_400_000 - 1);
    expect(ZApplySave.safeParse(request).success).toBe(true);
  });

  it('leaves an empty period out, so the shared schema names the field', () => {
    const request = toApplyRequest([3], {
      versionMode: 'original',
      applyReason: 'x',
      toAddr: '',
      range: null,
    });
    const parsed = ZApplySave.safeParse(request);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path[0])).toEqual(
      expect.arrayContaining(['fileType', 'startTime', 'endTime']),
    );
  });
});

describe('formatBytes', () => {
  it('writes sizes in binary units with one decimal', () => {
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GB');
  });
});
