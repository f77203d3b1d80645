import { Section } from './section';

const sidebar = [
  { name: 'Expanded', value: '16rem', width: '16rem' },
  { name: 'Mobile sheet', value: '18rem', width: '18rem' },
  { name: 'Collapsed (icons)', value: '3rem', width: '3rem' },
];
const breakpoints = [
  { name: 'sm', value: '640px', note: '' },
  { name: 'md', value: '768px', note: 'sidebar becomes a slide-in sheet below this' },
  { name: 'lg', value: '1024px', note: '' },
  { name: 'xl', value: '1280px', note: '' },
];
const spacing = [1, 2, 3, 4, 6, 8, 12, 16];
const radii = ['rounded-sm', 'rounded-md', 'rounded-lg', 'rounded-xl'];

/** Sidebar widths, breakpoints, spacing and radii. */
export function LayoutTab() {
  return (
    <div className="grid gap-8">
      <Section title="Sidebar" description="Toggle with Ctrl/Cmd + B; state kept in a cookie for 7 days.">
        <ul className="grid gap-2">
          {sidebar.map((s) => (
            <li key={s.name} className="flex items-center gap-3 text-sm">
              <span
                className="h-6 shrink-0 rounded bg-primary/70"
                style={{ width: s.width }}
                aria-hidden="true"
              />
              <span className="font-medium">{s.name}</span>
              <span className="font-mono text-xs text-muted-foreground">{s.value}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Breakpoints">
        <ul className="divide-y rounded-lg border text-sm">
          {breakpoints.map((b) => (
            <li key={b.name} className="flex flex-wrap items-baseline gap-x-3 px-4 py-2">
              <span className="w-8 font-mono font-medium">{b.name}</span>
              <span className="font-mono text-muted-foreground">{b.value}</span>
              {b.note && <span className="text-xs text-muted-foreground">{b.note}</span>}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Spacing" description="Tailwind's 0.25rem step; pages use gap-4 to gap-8.">
        <ul className="grid gap-2">
          {spacing.map((step) => (
            <li key={step} className="flex items-center gap-3 text-sm">
              <span className="w-14 font-mono text-xs text-muted-foreground">
                {step} · {step * 4}px
              </span>
              <span
                className="h-3 rounded-sm bg-primary/70"
                style={{ width: `${step * 0.25}rem` }}
                aria-hidden="true"
              />
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Radius" description="--radius is 0.5rem; the others derive from it.">
        <div className="flex flex-wrap gap-4">
          {radii.map((r) => (
            <div key={r} className="grid justify-items-center gap-1">
              <span className={`size-14 border-2 border-primary bg-primary/10 ${r}`} aria-hidden="true" />
              <span className="font-mono text-xs text-muted-foreground">{r}</span>
            </div>
          ))}
        </div>
      </Section>
    </div>
  );
}
