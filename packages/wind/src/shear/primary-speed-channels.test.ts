import { describe, expect, it } from 'vitest';
import { primarySpeedChannels } from './primary-speed-channels.ts';

describe('primarySpeedChannels', () => {
  it('primarySpeedChannels(cups and sonics at other heights) keeps the cups only (NREL M5 layout)', () => {
    const chosen = primarySpeedChannels([
      { id: 'cup130', heightM: 130, valueCount: 145_269 },
      { id: 'sonic119', heightM: 119, sensorKind: 'sonic', valueCount: 60_000 },
      { id: 'cup87', heightM: 87, sensorKind: 'cup', valueCount: 150_000 },
      { id: 'sonic15', heightM: 15, sensorKind: 'sonic', valueCount: 33_000 },
      { id: 'cup3', heightM: 3, valueCount: 150_000 },
    ]);
    expect(chosen.map((c) => c.id)).toEqual(['cup3', 'cup87', 'cup130']);
  });

  it('primarySpeedChannels(two booms at one height) keeps the boom with more records, the first on a tie', () => {
    const chosen = primarySpeedChannels([
      { id: 'N80', heightM: 80, valueCount: 100 },
      { id: 'S80', heightM: 80, valueCount: 120 },
      { id: 'N40', heightM: 40, valueCount: 100 },
      { id: 'S40', heightM: 40, valueCount: 100 },
    ]);
    expect(chosen.map((c) => c.id)).toEqual(['N40', 'S80']);
  });

  it('primarySpeedChannels(one cup height, two sonic heights) fits the sonics rather than mixing kinds', () => {
    const chosen = primarySpeedChannels([
      { id: 'cup80', heightM: 80, valueCount: 100 },
      { id: 'sonic60', heightM: 60, sensorKind: 'sonic', valueCount: 100 },
      { id: 'sonic40', heightM: 40, sensorKind: 'sonic', valueCount: 100 },
    ]);
    expect(chosen.map((c) => c.id)).toEqual(['sonic40', 'sonic60']);
  });

  it('primarySpeedChannels(one cup and one sonic height) uses both: nothing else gives two heights', () => {
    const chosen = primarySpeedChannels([
      { id: 'cup80', heightM: 80, valueCount: 100 },
      { id: 'sonic60', heightM: 60, sensorKind: 'sonic', valueCount: 100 },
    ]);
    expect(chosen.map((c) => c.id)).toEqual(['sonic60', 'cup80']);
  });
});
