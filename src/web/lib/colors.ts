import { TAG_DEFAULT_COLOR } from '@shared/tags';

/** The 12 preset tag colours of the Manage Tags dialog, with names for screen readers. */
export const PRESET_COLORS: readonly { name: string; value: string }[] = [
  { name: 'Red', value: '#ef4444' },
  { name: 'Orange', value: '#f97316' },
  { name: 'Amber', value: '#f59e0b' },
  { name: 'Green', value: '#22c55e' },
  { name: 'Teal', value: '#14b8a6' },
  { name: 'Cyan', value: '#06b6d4' },
  { name: 'Blue', value: TAG_DEFAULT_COLOR },
  { name: 'Indigo', value: '#6366f1' },
  { name: 'Violet', value: '#8b5cf6' },
  { name: 'Pink', value: '#ec4899' },
  { name: 'Brown', value: '#92400e' },
  { name: 'Slate', value: '#64748b' },
];

export const DARK_TEXT = '#000000';
export const LIGHT_TEXT = '#ffffff';

const HEX = /^#?([0-9a-f]{6})$/i;

/** WCAG relative luminance of a #rrggbb colour, or undefined when it is not one. */
export function relativeLuminance(hex: string): number | undefined {
  const match = HEX.exec(hex.trim());
  if (!match) return undefined;
  const value = Number.parseInt(match[1]!, 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
}

export function contrastRatio(a: number, b: number): number {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05);
}

/** Dark or white text, whichever reads better on the given background (dark text if it is no colour). */
export function readableTextColor(background: string): string {
  const bg = relativeLuminance(background);
  if (bg === undefined) return DARK_TEXT;
  const dark = contrastRatio(bg, relativeLuminance(DARK_TEXT)!);
  const light = contrastRatio(bg, 1);
  return light >= dark ? LIGHT_TEXT : DARK_TEXT;
}

export function presetName(color: string): string | undefined {
  return PRESET_COLORS.find((c) => c.value === color.toLowerCase())?.name;
}
