import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FEATURE_GROUPS, FEATURE_KEYS } from '@masthub/shared/identity/features.ts';
import { describe, expect, it } from 'vitest';
import { featureGroupLabelKey, featureLabelKey } from './feature-tree.ts';

type Tree = { [key: string]: string | Tree };

function lookup(language: string, key: string): unknown {
  const [area, ...path] = key.split('.');
  const file = join(import.meta.dirname, '../../locales', language, `${area}.json`);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8')) as Tree;
  for (const part of path) node = (node as Tree | undefined)?.[part];
  return node;
}

describe('feature labels', () => {
  for (const language of ['zh-CN', 'en-US']) {
    it(`labels every feature key and group in ${language}`, () => {
      for (const feature of FEATURE_KEYS) {
        const label = lookup(language, featureLabelKey(feature));
        expect(typeof label === 'string' && label.trim() !== '', `${language}: ${feature}`).toBe(true);
      }
      for (const group of Object.keys(FEATURE_GROUPS)) {
        const label = lookup(language, featureGroupLabelKey(group as keyof typeof FEATURE_GROUPS));
        expect(typeof label === 'string' && label !== '', `${language}: ${group}`).toBe(true);
      }
    });
  }
});
