import { describe, expect, it } from 'vitest';
import { detectLanguage, languageFromPath, toHeaderLanguage, toShortLanguage } from './languages.ts';

describe('detectLanguage(stored, browserLanguages)', () => {
  it('uses the stored choice first', () => {
    expect(detectLanguage('en-US', ['zh-CN'])).toBe('en-US');
    expect(detectLanguage('zh-CN', ['en-GB'])).toBe('zh-CN');
  });

  it('ignores a stored value that is not a known language', () => {
    expect(detectLanguage('fr-FR', ['en-US'])).toBe('en-US');
  });

  it('picks English when the browser prefers English', () => {
    expect(detectLanguage(null, ['en-GB', 'zh-CN'])).toBe('en-US');
    expect(detectLanguage(null, ['EN'])).toBe('en-US');
  });

  it('falls back to Chinese for every other browser language', () => {
    expect(detectLanguage(null, ['zh-TW'])).toBe('zh-CN');
    expect(detectLanguage(null, ['de-DE', 'en-US'])).toBe('zh-CN');
    expect(detectLanguage(null, [])).toBe('zh-CN');
  });
});

describe('language codes', () => {
  it('maps to the header and short codes', () => {
    expect(toHeaderLanguage('zh-CN')).toBe('ZH');
    expect(toHeaderLanguage('en-US')).toBe('EN');
    expect(toShortLanguage('zh-CN')).toBe('zh');
    expect(toShortLanguage('en-US')).toBe('en');
  });
});

describe('languageFromPath', () => {
  it('takes the language from the first path segment and keeps the rest of the path', () => {
    expect(languageFromPath('/en')).toEqual({ language: 'en-US', rest: '/' });
    expect(languageFromPath('/en/')).toEqual({ language: 'en-US', rest: '/' });
    expect(languageFromPath('/zh/stationManage')).toEqual({ language: 'zh-CN', rest: '/stationManage' });
    expect(languageFromPath('/en-US/index')).toEqual({ language: 'en-US', rest: '/index' });
    expect(languageFromPath('/ZH-cn/report')).toEqual({ language: 'zh-CN', rest: '/report' });
  });

  it('leaves paths that name no language alone', () => {
    expect(languageFromPath('/index')).toBeUndefined();
    expect(languageFromPath('/fr/index')).toBeUndefined();
    expect(languageFromPath('/english')).toBeUndefined();
    expect(languageFromPath('/')).toBeUndefined();
  });
});
