import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const envExample = readFileSync(path.resolve(import.meta.dirname, '../../../../.env.example'), 'utf8');

describe('loadConfig', () => {
  it('defaults to port 8080, ./data and the embedded database', () => {
    const config = loadConfig({}, '/srv/masthub');
    expect(config.PORT).toBe(8080);
    expect(config.dataDirAbs).toBe('/srv/masthub/data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_ACCOUNT).toBe('admin');
    expect(config.ADMIN_PASSWORD).toBeUndefined();
  });

  it('listens on loopback only in the embedded mode, on every interface with an external database', () => {
    expect(loadConfig({}).listenHost).toBe('127.0.0.1');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/masthub' }).listenHost).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).listenHost).toBe('0.0.0.0');
  });

  it('treats empty variables as unset, as in a copied .env.example', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: '' }).DATABASE_URL).toBeUndefined();
  });

  it('keeps the map offline and online geocoding off by default; refuses a tile URL without {z}', () => {
    const config = loadConfig({});
    expect(config.MAP_TILE_URL).toBe('');
    expect(config.GEOCODER_PROVIDER).toBe('none');
    expect(loadConfig({ MAP_TILE_URL: 'https://t.example.com/{z}/{x}/{y}.png' }).MAP_TILE_URL).toContain(
      '{z}',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'https://t.example.com/tile.png' })).toThrow(ConfigError);
    expect(() => loadConfig({ GEOCODER_PROVIDER: 'google' })).toThrow(ConfigError);
  });

  it('takes a read replica beside an external primary, and refuses one without it, the primary itself or no postgres URL', () => {
    const primary = 'postgres://masthub@db1:5432/masthub';
    const config = loadConfig({
      DATABASE_URL: primary,
      DATABASE_REPLICA_URL: 'postgres://masthub@db2:5432/masthub',
    });
    expect(config.DATABASE_REPLICA_URL).toBe('postgres://masthub@db2:5432/masthub');
    expect(
      loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: '' }).DATABASE_REPLICA_URL,
    ).toBeUndefined();
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ DATABASE_REPLICA_URL: 'postgres://masthub@db2:5432/masthub' })).toEqual([
      'DATABASE_REPLICA_URL: needs DATABASE_URL (the primary it replicates)',
    ]);
    expect(
      problems({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'postgresql://reader@DB1/masthub' }),
    ).toEqual(['DATABASE_REPLICA_URL: names the same server and database as DATABASE_URL']);
    expect(problems({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'https://db2/masthub' })[0]).toMatch(
      /^DATABASE_REPLICA_URL: a postgres/,
    );
    expect(problems({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'db2:5432' })[0]).toMatch(
      /^DATABASE_REPLICA_URL/,
    );
  });

  it('lists every invalid variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('LOG_LEVEL');
    }
  });

  it('reads every variable documented in .env.example, and documents every variable it reads', () => {
    const documented = [...envExample.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]).sort();
    const source = readFileSync(path.resolve(import.meta.dirname, 'config.ts'), 'utf8');
    const read = [...source.matchAll(/^ {2}([A-Z_]+): /gm)].map((m) => m[1]).sort();
    expect(documented).toEqual(read);
  });
});
