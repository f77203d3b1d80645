import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  DARK_TEXT,
  LIGHT_TEXT,
  PRESET_COLORS,
  presetName,
  readableTextColor,
  relativeLuminance,
} from './colors';

describe('relativeLuminance', () => {
  it('is 0 for black and 1 for white, with or without #', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('FFFFFF')).toBeCloseTo(1);
  });

  it('rejects anything but six hex digits', () => {
    expect(relativeLuminance('#fff')).toBeUndefined();
    expect(relativeLuminance('blue')).toBeUndefined();
  });
});

describe('readableTextColor', () => {
  it('picks white on dark colours and dark text on light ones', () => {
    expect(readableTextColor('#000000')).toBe(LIGHT_TEXT);
    expect(readableTextColor('#1e3a8a')).toBe(LIGHT_TEXT);
    expect(readableTextColor('#ffffff')).toBe(DARK_TEXT);
    expect(readableTextColor('#fde047')).toBe(DARK_TEXT);
    expect(readableTextColor('#22c55e')).toBe(DARK_TEXT);
  });

  it('falls back to dark text for an invalid colour', () => {
    expect(readableTextColor('nope')).toBe(DARK_TEXT);
  });

  it('reaches at least 4.5:1 on every preset', () => {
    for (const { value } of PRESET_COLORS) {
      const text = readableTextColor(value);
      const ratio = contrastRatio(relativeLuminance(value)!, relativeLuminance(text)!);
      expect(ratio, value).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('reaches at least 4.5:1 on any grey', () => {
    for (let v = 0; v < 256; v += 5) {
      const hex = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      const ratio = contrastRatio(relativeLuminance(hex)!, relativeLuminance(readableTextColor(hex))!);
      expect(ratio, hex).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('PRESET_COLORS', () => {
  it('has 12 distinct lower-case colours including the default blue', () => {
    expect(PRESET_COLORS).toHaveLength(12);
    expect(new Set(PRESET_COLORS.map((c) => c.value)).size).toBe(12);
    expect(PRESET_COLORS.every((c) => /^#[0-9a-f]{6}$/.test(c.value))).toBe(true);
    expect(presetName('#3B82F6')).toBe('Blue');
    expect(presetName('#123456')).toBeUndefined();
  });
});
