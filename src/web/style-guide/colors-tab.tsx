import css from '@web/styles.css?raw';
import { Section } from './section';
import { groupColorTokens, parseThemeTokens, type ThemeToken } from './tokens';

const tokens = parseThemeTokens(css);

/** Every colour token of styles.css, as used now and in both themes. */
export function ColorsTab() {
  return (
    <div className="grid gap-8">
      {groupColorTokens(tokens).map((group) => (
        <Section
          key={group.title}
          title={group.title}
          description="Left: current theme. Right: light and dark values."
        >
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {group.tokens.map((token) => (
              <Swatch key={token.name} token={token} />
            ))}
          </ul>
        </Section>
      ))}
    </div>
  );
}

function Swatch({ token }: { token: ThemeToken }) {
  return (
    <li className="flex items-center gap-3 rounded-lg border p-3">
      <span
        aria-hidden="true"
        className="size-12 shrink-0 rounded-md border"
        style={{ background: `var(--${token.name})` }}
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-mono text-sm font-medium">--{token.name}</p>
        <p className="truncate font-mono text-xs text-muted-foreground">
          <span className="sr-only">Light: </span>
          {token.light}
        </p>
        {token.dark && (
          <p className="truncate font-mono text-xs text-muted-foreground">
            <span className="sr-only">Dark: </span>
            {token.dark}
          </p>
        )}
      </div>
      <span className="grid shrink-0 gap-1" aria-hidden="true">
        <span className="size-5 rounded border" style={{ background: token.light }} title="Light" />
        {token.dark && (
          <span className="size-5 rounded border" style={{ background: token.dark }} title="Dark" />
        )}
      </span>
    </li>
  );
}
