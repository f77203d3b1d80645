import type { Theme } from '@web/app/theme';
import { useTheme } from '@web/app/theme-provider';
import { cn } from '@web/lib/utils';
import { Monitor, Moon, Sun } from 'lucide-react';

const options: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/** The same choice as the top bar's theme menu, as radio buttons (stored in this browser). */
export function ThemeChoice() {
  const { theme, setTheme } = useTheme();
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">Theme</legend>
      <div className="grid grid-cols-3 gap-2 sm:max-w-md">
        {options.map(({ value, label, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2 text-sm font-medium',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-background',
              theme === value ? 'border-primary bg-primary/10' : 'hover:bg-accent',
            )}
          >
            <input
              type="radio"
              name="theme"
              value={value}
              checked={theme === value}
              onChange={() => setTheme(value)}
              className="sr-only"
            />
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
