import { ZLongTermDefaultRequest, ZMcpCompareRequest } from '@masthub/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  candidateToValues,
  isDefaultMethod,
  LONG_TERM_DEFAULTS,
  toCompareRequest,
  toDefaultRequest,
  toFormField,
  toGenerateRequest,
} from './longterm.request.ts';

const target = { versionId: 11, speedChannelId: 21, directionChannelId: 22 };

describe('toCompareRequest', () => {
  it('sends the issue 46 choices: campaign window, methods, long-term series and sector minimum', () => {
    const byDefault = ZMcpCompareRequest.parse(
      toCompareRequest({ ...LONG_TERM_DEFAULTS, ...target, datasetId: 5, speedKey: 'ws100' }, '+08:00'),
    );
    expect(byDefault).toMatchObject({
      campaign: { start: null, end: null },
      methods: ['ols', 'tls', 'variance_ratio', 'speed_sort', 'speed_ratio'],
      longTermSeries: 'prediction_only',
      minSectorCount: 30,
    });
    const chosen = ZMcpCompareRequest.parse(
      toCompareRequest(
        {
          ...LONG_TERM_DEFAULTS,
          ...target,
          datasetId: 5,
          speedKey: 'ws100',
          campaign: [dayjs('2024-03-01'), null],
          methods: ['ols', 'ols_through_origin'],
          longTermSeries: 'synthesised',
          minSectorCount: 50,
        },
        '+08:00',
      ),
    );
    expect(chosen).toMatchObject({
      campaign: { start: '2024-03-01T00:00:00+08:00', end: null },
      methods: ['ols', 'ols_through_origin'],
      longTermSeries: 'synthesised',
      minSectorCount: 50,
    });
    // an emptied sector minimum is caught by the schema, not sent as 30
    const empty = toCompareRequest({ ...LONG_TERM_DEFAULTS, ...target, minSectorCount: null }, '+08:00');
    expect(ZMcpCompareRequest.safeParse(empty).success).toBe(false);
    expect(isDefaultMethod('ols_through_origin')).toBe(false);
    expect(isDefaultMethod('tls')).toBe(true);
  });

  it('builds a mesoscale reference with the defaults that the shared schema accepts', () => {
    const request = toCompareRequest(
      { ...LONG_TERM_DEFAULTS, ...target, datasetId: 5, speedKey: 'ws100', directionKey: 'wd100' },
      '+08:00',
    );
    expect(request.reference).toEqual({
      kind: 'mesoscale',
      datasetId: 5,
      speedKey: 'ws100',
      directionKey: 'wd100',
    });
    const parsed = ZMcpCompareRequest.parse(request);
    expect(parsed).toMatchObject({
      ...target,
      period: '1H',
      coverage: 0.9,
      sectors: 12,
      longTermPeriods: [],
    });
    expect(parsed.includeSuspicious).toBe(false);
  });

  it('builds a site reference from the prefixed fields and leaves an empty direction out', () => {
    const request = toCompareRequest(
      {
        ...LONG_TERM_DEFAULTS,
        ...target,
        directionChannelId: undefined,
        referenceKind: 'site',
        refStationId: 3,
        refVersionId: 31,
        refSpeedChannelId: 41,
      },
      '+08:00',
    );
    expect(request.reference).toEqual({ kind: 'site', versionId: 31, speedChannelId: 41 });
    expect('directionChannelId' in request).toBe(false);
    expect(ZMcpCompareRequest.safeParse(request).success).toBe(true);
  });

  it('turns picked days into instants of the user zone, the end at the start of the next day', () => {
    const request = toCompareRequest(
      {
        ...LONG_TERM_DEFAULTS,
        ...target,
        datasetId: 5,
        speedKey: 'ws',
        longTermPeriods: [[dayjs('2005-01-01'), dayjs('2024-12-31')], [null, dayjs('2020-06-30')], null],
      },
      '+08:00',
    );
    expect(request.longTermPeriods).toEqual([
      { start: '2005-01-01T00:00:00+08:00', end: '2025-01-01T00:00:00+08:00' },
      { start: null, end: '2020-07-01T00:00:00+08:00' },
      { start: null, end: null },
    ]);
    expect(ZMcpCompareRequest.safeParse(request).success).toBe(true);
  });

  it('lets the schema report a missing dataset and a coverage out of range on their fields', () => {
    const result = ZMcpCompareRequest.safeParse(
      toCompareRequest({ ...LONG_TERM_DEFAULTS, ...target, coverage: 0.3 }, '+08:00'),
    );
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('reference.datasetId');
    expect(paths).toContain('coverage');
  });
});

describe('toFormField', () => {
  it('maps the nested reference fields of a server error onto the form fields of the reference kind', () => {
    expect(toFormField('reference.versionId', 'site')).toBe('refVersionId');
    expect(toFormField('reference.speedChannelId', 'site')).toBe('refSpeedChannelId');
    expect(toFormField('reference.speedKey', 'mesoscale')).toBe('speedKey');
    expect(toFormField('coverage', 'site')).toBe('coverage');
  });
});

describe('toGenerateRequest', () => {
  it('adds the row method, whether it is by sector, the period index and the name to the compare request', () => {
    const compare = ZMcpCompareRequest.parse(
      toCompareRequest({ ...LONG_TERM_DEFAULTS, ...target, datasetId: 5, speedKey: 'ws' }, '+08:00'),
    );
    expect(toGenerateRequest(compare, { method: 'speed_sort', sectors: 12 }, 1, 'LT 2005')).toEqual({
      ...compare,
      method: 'speed_sort',
      isBySector: true,
      longTermPeriodIndex: 1,
      name: 'LT 2005',
    });
    expect(toGenerateRequest(compare, { method: 'ols', sectors: 0 }, 0, 'x').isBySector).toBe(false);
  });
});

describe('the reference-series kind', () => {
  it('builds a stored reference series from its id and columns, checked by the shared schema', () => {
    const request = toCompareRequest(
      {
        ...LONG_TERM_DEFAULTS,
        ...target,
        referenceKind: 'reference',
        referenceId: 7,
        speedKey: 'ws_50_mean',
      },
      '+08:00',
    );
    expect(request.reference).toEqual({ kind: 'reference', referenceId: 7, speedKey: 'ws_50_mean' });
    expect(ZMcpCompareRequest.safeParse(request).success).toBe(true);
  });

  it('candidateToValues(candidate) fills the fields of each kind from the ranked candidate', () => {
    expect(
      candidateToValues({
        stationId: 3,
        reference: { kind: 'reference', referenceId: 7, speedKey: 'ws_50_mean', directionKey: 'wd_50_mean' },
      }),
    ).toEqual({
      referenceKind: 'reference',
      referenceId: 7,
      speedKey: 'ws_50_mean',
      directionKey: 'wd_50_mean',
    });
    expect(
      candidateToValues({ stationId: 3, reference: { kind: 'mesoscale', datasetId: 5, speedKey: 'ws' } }),
    ).toEqual({
      referenceKind: 'mesoscale',
      datasetId: 5,
      speedKey: 'ws',
      directionKey: undefined,
    });
    expect(
      candidateToValues({ stationId: 9, reference: { kind: 'site', versionId: 31, speedChannelId: 41 } }),
    ).toEqual({
      referenceKind: 'site',
      refStationId: 9,
      refVersionId: 31,
      refSpeedChannelId: 41,
      refDirectionChannelId: undefined,
    });
  });
});

describe('toDefaultRequest', () => {
  it('takes the compared target, reference and first long-term period with the chosen row, for the shared schema', () => {
    const request = ZMcpCompareRequest.parse({
      ...target,
      reference: { kind: 'site', versionId: 31, speedChannelId: 41 },
      period: '1D',
      coverage: 0.8,
      sectors: 12,
      longTermPeriods: [
        { start: '2010-01-01T00:00:00+08:00', end: null },
        { start: null, end: null },
      ],
    });
    const body = ZLongTermDefaultRequest.parse(toDefaultRequest(7, request, { method: 'tls', sectors: 12 }));
    expect(body).toEqual({
      stationId: 7,
      ...target,
      reference: { kind: 'site', versionId: 31, speedChannelId: 41 },
      method: 'tls',
      period: '1D',
      coverage: 0.8,
      sectors: 12,
      longTermPeriod: { start: '2010-01-01T00:00:00+08:00', end: null },
    });
  });

  it('has no long-term period when none was compared, and no direction when the target has none', () => {
    const request = ZMcpCompareRequest.parse({
      versionId: 11,
      speedChannelId: 21,
      reference: { kind: 'mesoscale', datasetId: 5, speedKey: 'ws100' },
    });
    const body = toDefaultRequest(7, request, { method: 'ols', sectors: 0 });
    expect(body.longTermPeriod).toBeNull();
    expect('directionChannelId' in body).toBe(false);
    expect(ZLongTermDefaultRequest.safeParse(body).success).toBe(true);
  });
});
