/** A design token of styles.css: its name and its value in the light and dark themes. */
export interface ThemeToken {
  name: string;
  light: string;
  dark: string | null;
}

const DECLARATION = /--([\w-]+)\s*:\s*([^;]+);/g;

function block(css: string, selector: string): string {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) return '';
  const end = css.indexOf('}', start);
  return css.slice(start, end < 0 ? undefined : end);
}

function declarations(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const match of text.matchAll(DECLARATION)) map.set(match[1] ?? '', (match[2] ?? '').trim());
  return map;
}

/** The custom properties of `:root` (light) with their `.dark` values, in the stylesheet's order. */
export function parseThemeTokens(css: string): ThemeToken[] {
  const light = declarations(block(css, ':root'));
  const dark = declarations(block(css, '.dark'));
  return [...light].map(([name, value]) => ({ name, light: value, dark: dark.get(name) ?? null }));
}

/** Colour tokens only (the radius and other non-colours are listed elsewhere). */
export function isColorValue(value: string): boolean {
  return /^(hsl|rgb|oklch|#)/i.test(value.trim());
}

/** Colour tokens grouped: surfaces, brand and state, sidebar. */
export function groupColorTokens(tokens: readonly ThemeToken[]): { title: string; tokens: ThemeToken[] }[] {
  const colors = tokens.filter((t) => isColorValue(t.light));
  const sidebar = colors.filter((t) => t.name.startsWith('sidebar'));
  const brand = colors.filter((t) => /^(primary|secondary|accent|destructive|ring)/.test(t.name));
  const surfaces = colors.filter((t) => !sidebar.includes(t) && !brand.includes(t));
  return [
    { title: 'Surfaces and text', tokens: surfaces },
    { title: 'Brand and state', tokens: brand },
    { title: 'Sidebar', tokens: sidebar },
  ].filter((group) => group.tokens.length > 0);
}
