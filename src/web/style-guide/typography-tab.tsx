import { Section } from './section';

const scale = [
  { name: 'Page title', className: 'text-2xl font-semibold tracking-tight', sample: 'Agency Management Hub' },
  { name: 'Top bar title', className: 'text-lg font-semibold', sample: 'Website Status' },
  { name: 'Card title', className: 'text-base font-semibold', sample: 'Uptime Monitoring' },
  { name: 'Metric', className: 'text-3xl font-bold tracking-tight tabular-nums', sample: '99.87%' },
  { name: 'Body', className: 'text-sm', sample: 'Monitor and manage all your websites and servers.' },
  { name: 'Muted', className: 'text-sm text-muted-foreground', sample: 'Last synced 5 min ago' },
  { name: 'Caption', className: 'text-xs text-muted-foreground', sample: 'of 60 monitors' },
  { name: 'Label', className: 'text-[10px] font-medium uppercase', sample: 'Website' },
  { name: 'Code', className: 'font-mono text-sm', sample: '--primary: hsl(221 83% 53%)' },
];

const weights = ['font-normal', 'font-medium', 'font-semibold', 'font-bold'];

/** The type scale the pages use, with the Tailwind classes behind each step. */
export function TypographyTab() {
  return (
    <div className="grid gap-8">
      <Section title="Scale" description="System UI font stack; sizes from Tailwind's scale.">
        <ul className="divide-y rounded-lg border">
          {scale.map((step) => (
            <li
              key={step.name}
              className="grid gap-1 p-4 sm:grid-cols-[10rem_1fr] sm:items-baseline sm:gap-4"
            >
              <div>
                <p className="text-sm font-medium">{step.name}</p>
                <p className="font-mono text-xs text-muted-foreground">{step.className}</p>
              </div>
              <p className={`${step.className} min-w-0 break-words`}>{step.sample}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Weights">
        <div className="flex flex-wrap gap-6 rounded-lg border p-4">
          {weights.map((weight) => (
            <p key={weight} className={`${weight} text-lg`}>
              Aa <span className="font-mono text-xs font-normal text-muted-foreground">{weight}</span>
            </p>
          ))}
        </div>
      </Section>
    </div>
  );
}
