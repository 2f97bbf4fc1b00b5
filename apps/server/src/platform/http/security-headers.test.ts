import { describe, expect, it } from 'vitest';
import { tileOrigin } from './security-headers.ts';

describe('tileOrigin', () => {
  it.each([
    ['', null],
    ['https://tiles.example.com/{z}/{x}/{y}.png', 'https://tiles.example.com'],
    ['http://10.0.0.5:8081/wmts/{z}/{x}/{y}', 'http://10.0.0.5:8081'],
    ['https://{s}.tile.example.org/{z}/{x}/{y}.png', 'https://*.tile.example.org'],
    ['https://t{s}.tianditu.gov.cn/img_w/wmts?x={x}', null],
    ['/relative/{z}/{x}/{y}', null],
  ])('reads %j as %j', (template, origin) => {
    expect(tileOrigin(template)).toBe(origin);
  });
});
