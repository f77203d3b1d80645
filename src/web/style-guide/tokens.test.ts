import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupColorTokens, isColorValue, parseThemeTokens } from './tokens';

const css = `
:root {
  --radius: 0.5rem;
  --background: hsl(0 0% 100%);
  --primary: hsl(221 83% 53%);
  --sidebar: hsl(220 20% 98%);
}
.dark {
  --background: hsl(222 24% 8%);
  --primary: hsl(217 91% 60%);
}
@theme inline { --color-background: var(--background); }
`;

describe('parseThemeTokens', () => {
  it('pairs light and dark values in order', () => {
    expect(parseThemeTokens(css)).toEqual([
      { name: 'radius', light: '0.5rem', dark: null },
      { name: 'background', light: 'hsl(0 0% 100%)', dark: 'hsl(222 24% 8%)' },
      { name: 'primary', light: 'hsl(221 83% 53%)', dark: 'hsl(217 91% 60%)' },
      { name: 'sidebar', light: 'hsl(220 20% 98%)', dark: null },
    ]);
  });

  it('reads the real stylesheet, every colour with a dark value', () => {
    const real = fs.readFileSync(path.resolve(import.meta.dirname, '../styles.css'), 'utf8');
    const colors = parseThemeTokens(real).filter((t) => isColorValue(t.light));
    expect(colors.length).toBeGreaterThan(20);
    expect(colors.every((t) => t.dark !== null)).toBe(true);
  });
});

describe('groupColorTokens', () => {
  it('splits surfaces, brand and sidebar and skips non-colours', () => {
    const groups = groupColorTokens(parseThemeTokens(css));
    expect(groups.map((g) => [g.title, g.tokens.map((t) => t.name)])).toEqual([
      ['Surfaces and text', ['background']],
      ['Brand and state', ['primary']],
      ['Sidebar', ['sidebar']],
    ]);
  });
});
