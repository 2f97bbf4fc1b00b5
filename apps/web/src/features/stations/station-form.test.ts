import type { TFormField, TStationRecord } from '@masthub/shared';
import { ZStationSaveRequest } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  copyValues,
  countApplied,
  defaultValues,
  isEmptyValue,
  queryToFilter,
  recordToValues,
  valuesToSaveRequest,
} from './station-form.ts';

function field(key: string, type: TFormField['type'], extra: Partial<TFormField> = {}): TFormField {
  return {
    key,
    title: key,
    titleZh: key,
    titleEn: key,
    type,
    required: false,
    defaultValue: null,
    defaultVisible: true,
    ...extra,
  };
}

const QUERY = [
  field('keywords', 'input'),
  field('status', 'multiSelect'),
  field('manufacturerId', 'cascader'),
  field('createTimeRange', 'dateTimeRange'),
  field('installDateRange', 'dateRange'),
  field('warrantyStatus', 'select'),
];

describe('queryToFilter(fields, values, utcCode)', () => {
  it('drops empty values, trims text, splits the manufacturer cascader and sends instants', () => {
    const filter = queryToFilter(
      QUERY,
      {
        keywords: '  北京 ',
        status: [],
        manufacturerId: [[3], [4, 41], [4, 42]],
        createTimeRange: ['2026-01-01 00:00:00', '2026-01-31 23:59:59'],
        installDateRange: ['2025-01-01', '2025-12-31'],
        warrantyStatus: 0,
        notAField: 'x',
      },
      '+08:00',
    );
    expect(filter).toEqual({
      keywords: '北京',
      deviceTypeId: [3],
      manufacturerId: [41, 42],
      createTimeRange: ['2026-01-01T00:00:00+08:00', '2026-01-31T23:59:59+08:00'],
      installDateRange: ['2025-01-01', '2025-12-31'],
      warrantyStatus: 0,
    });
  });

  it('counts applied filters', () => {
    expect(countApplied(QUERY, { keywords: ' ', status: [1], warrantyStatus: 0 })).toBe(2);
  });
});

describe('isEmptyValue(value)', () => {
  it('treats blank text, empty arrays and nullish as empty, but not 0 or false', () => {
    for (const value of [undefined, null, '', '  ', []]) expect(isEmptyValue(value)).toBe(true);
    for (const value of [0, false, 'a', [1]]) expect(isEmptyValue(value)).toBe(false);
  });
});

const EDIT = [
  field('stationCode', 'input', { required: true, defaultValue: '' }),
  field('projectName', 'input', { required: true, defaultValue: '' }),
  field('stationType', 'select', { defaultValue: 'met_mast' }),
  field('status', 'select', { defaultValue: 0 }),
  field('longitude', 'number'),
  field('latitude', 'number'),
  field('manufacturerId', 'cascader'),
  field('startTime', 'date'),
  field('warrantyDateRange', 'dateRange'),
  field('tagIds', 'tags', { defaultValue: [] }),
  field('repairEmails', 'emails', { defaultValue: [] }),
  field('notes', 'textarea', { defaultValue: '' }),
];

describe('edit form mapping', () => {
  it('starts from the server defaults', () => {
    expect(defaultValues(EDIT)).toMatchObject({
      stationCode: '',
      stationType: 'met_mast',
      status: 0,
      longitude: null,
      tagIds: [],
      repairEmails: [],
    });
  });

  it('turns the values into a body the shared schema accepts', () => {
    const body = valuesToSaveRequest(
      EDIT,
      {
        stationCode: ' 123 ',
        projectName: '张北测风塔',
        stationType: 'met_mast',
        status: 0,
        longitude: 114.7,
        latitude: 41.1,
        manufacturerId: [2, 21],
        startTime: '2026-03-01',
        warrantyDateRange: ['2026-01-01', '2027-12-31'],
        tagIds: [5],
        repairEmails: ['ops@example.com'],
        notes: null,
      },
      undefined,
      '+08:00',
    );
    expect(body).toMatchObject({
      stationCode: '123',
      manufacturerId: 21,
      startTime: '2026-03-01T00:00:00+08:00',
      notes: '',
    });
    expect(body).not.toHaveProperty('id');
    const parsed = ZStationSaveRequest.parse(body);
    expect(parsed.stationCode).toBe('000123');
  });

  it('sends no manufacturer for a bare device type and keeps the id when editing', () => {
    const body = valuesToSaveRequest(EDIT, { ...defaultValues(EDIT), manufacturerId: [2] }, 9, '+08:00');
    expect(body).toMatchObject({ id: 9, manufacturerId: null, startTime: null });
  });

  it('reads a site back into the form (ids and dates in the user zone) and copies it without its code', () => {
    const record = {
      stationCode: '000042',
      projectName: 'P',
      stationType: 'lidar',
      status: 2,
      longitude: 110,
      latitude: 30,
      deviceTypeId: 2,
      manufacturerId: 21,
      startTime: '2026-02-28T16:30:00.000Z',
      warrantyDateRange: ['2026-01-01', '2026-12-31'],
      tags: [{ id: 5, name: 'A', color: '#ff0000' }],
      repairEmails: [],
      notes: '',
    } as unknown as TStationRecord;
    const values = recordToValues(EDIT, record, '+08:00');
    expect(values).toMatchObject({
      stationCode: '000042',
      manufacturerId: [2, 21],
      startTime: '2026-03-01',
      tagIds: [5],
      warrantyDateRange: ['2026-01-01', '2026-12-31'],
    });
    expect(copyValues(values)).toMatchObject({ stationCode: '', projectName: 'P' });
  });
});
