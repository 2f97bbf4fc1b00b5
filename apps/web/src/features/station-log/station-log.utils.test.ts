import { describe, expect, it } from 'vitest';
import { detailRows, formatDetailValue, toStationLogRequest } from './station-log.utils.ts';

describe('toStationLogRequest', () => {
  it('sends page 20 and leaves out blank filters', () => {
    expect(toStationLogRequest({ operator: '  ', stationCode: '' }, 2, '+08:00')).toEqual({
      pageNo: 2,
      pageSize: 20,
    });
  });

  it('trims the text filters, keeps the type and sends the range as instants in the user zone', () => {
    expect(
      toStationLogRequest(
        {
          operator: ' admin ',
          type: 'delete',
          stationCode: ' 000123 ',
          range: ['2026-05-01 00:00:00', '2026-05-02 23:59:59'],
        },
        1,
        '+08:00',
      ),
    ).toEqual({
      pageNo: 1,
      pageSize: 20,
      operator: 'admin',
      type: 'delete',
      stationCode: '000123',
      startTime: '2026-05-01T00:00:00+08:00',
      endTime: '2026-05-02T23:59:59+08:00',
    });
  });
});

describe('formatDetailValue', () => {
  it('shows blanks as empty, plain lists comma-joined and objects as JSON', () => {
    expect(formatDetailValue(null)).toBe('');
    expect(formatDetailValue(12.5)).toBe('12.5');
    expect(formatDetailValue(false)).toBe('false');
    expect(formatDetailValue([3, 7])).toBe('3, 7');
    expect(formatDetailValue([{ a: 1 }])).toBe('[{"a":1}]');
  });
});

describe('detailRows', () => {
  it('has no lines for a row without details', () => {
    expect(detailRows(null)).toEqual([]);
    expect(detailRows(undefined)).toEqual([]);
  });

  it('turns the changes of an edit into before → after lines', () => {
    expect(detailRows({ changes: { project_name: ['测风塔A', '测风塔B'], tags: [[1], [1, 4]] } })).toEqual([
      { kind: 'change', key: 'project_name', before: '测风塔A', after: '测风塔B' },
      { kind: 'change', key: 'tags', before: '1', after: '1, 4' },
    ]);
  });

  it('shows a before/after pair (site tags) as one change line', () => {
    expect(detailRows({ before: [2], after: [2, 9] })).toEqual([
      { kind: 'change', key: '', before: '2', after: '2, 9' },
    ]);
  });

  it('lists the values of a new site field by field, and other keys as values', () => {
    expect(detailRows({ values: { station_code: '000301', notes: null }, tagIds: [] })).toEqual([
      { kind: 'value', key: 'station_code', value: '000301' },
      { kind: 'value', key: 'notes', value: '' },
      { kind: 'value', key: 'tagIds', value: '' },
    ]);
    expect(detailRows({ attachmentId: 5, fileName: 'a.pdf' })).toEqual([
      { kind: 'value', key: 'attachmentId', value: '5' },
      { kind: 'value', key: 'fileName', value: 'a.pdf' },
    ]);
  });

  it('shows details that are not an object as one value line', () => {
    expect(detailRows('imported')).toEqual([{ kind: 'value', key: '', value: 'imported' }]);
  });

  it('shows tag ids as tag names, a deleted tag as #id', () => {
    const tagNames = new Map([
      [2, '沿海'],
      [9, '重点关注'],
    ]);
    expect(detailRows({ before: [2], after: [2, 9, 77] }, { tagNames, pairIsTags: true })).toEqual([
      { kind: 'change', key: '', before: '沿海', after: '沿海, 重点关注, #77' },
    ]);
    expect(detailRows({ changes: { tags: [[2], [9]], notes: ['', 'x'] } }, { tagNames })).toEqual([
      { kind: 'change', key: 'tags', before: '沿海', after: '重点关注' },
      { kind: 'change', key: 'notes', before: '', after: 'x' },
    ]);
    expect(detailRows({ values: { notes: 'a' }, tagIds: [9] }, { tagNames })).toEqual([
      { kind: 'value', key: 'notes', value: 'a' },
      { kind: 'value', key: 'tagIds', value: '重点关注' },
    ]);
    // Without the tag-pair flag a before/after pair stays as recorded.
    expect(detailRows({ before: [2], after: [] }, { tagNames })).toEqual([
      { kind: 'change', key: '', before: '2', after: '' },
    ]);
  });
});
