import { describe, expect, it } from 'vitest';
import { filterFromLink } from './StationListPage.tsx';

describe('filterFromLink', () => {
  it('reads the hub’s status, type and warning links as multi-select filters', () => {
    expect(filterFromLink(new URLSearchParams('status=-1'))).toEqual({ status: [-1] });
    expect(filterFromLink(new URLSearchParams('stationType=floating_lidar&warnStatus=1'))).toEqual({
      stationType: ['floating_lidar'],
      warnStatus: [1],
    });
  });

  it('ignores anything else, so a crafted link cannot inject a filter', () => {
    expect(filterFromLink(new URLSearchParams(''))).toBeNull();
    expect(filterFromLink(new URLSearchParams('status=1;drop&stationType=<x>&applications=1'))).toBeNull();
  });
});
