import { PRESET_COLORS, presetName, readableTextColor } from '@web/lib/colors';
import { cn } from '@web/lib/utils';
import { Check } from 'lucide-react';
import { useId } from 'react';

interface ColorPickerProps {
  value: string;
  onChange: (color: string) => void;
}

/** The 12 preset swatches plus a free colour input. */
export function ColorPicker({ value, onChange }: ColorPickerProps) {
  const customId = useId();
  const current = value.toLowerCase();
  const isCustom = presetName(current) === undefined;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm leading-none font-medium">Colour</legend>
      <div className="grid grid-cols-6 gap-2 sm:flex sm:flex-wrap">
        {PRESET_COLORS.map((preset) => {
          const selected = preset.value === current;
          return (
            <button
              key={preset.value}
              type="button"
              aria-label={preset.name}
              aria-pressed={selected}
              title={preset.name}
              onClick={() => onChange(preset.value)}
              className={cn(
                'flex size-8 items-center sm:size-7 justify-center rounded-full border border-black/10 transition-transform outline-none hover:scale-110 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background dark:border-white/15',
                selected && 'ring-2 ring-foreground ring-offset-2 ring-offset-background',
              )}
              style={{ backgroundColor: preset.value }}
            >
              {selected && (
                <Check
                  className="size-4"
                  style={{ color: readableTextColor(preset.value) }}
                  aria-hidden="true"
                />
              )}
            </button>
          );
        })}
      </div>
      <div className="flex items-center gap-3">
        <input
          id={customId}
          type="color"
          value={current}
          onChange={(event) => onChange(event.target.value)}
          className={cn(
            'h-8 w-12 cursor-pointer rounded-md border border-input bg-background p-0.5',
            isCustom && 'ring-2 ring-foreground ring-offset-2 ring-offset-background',
          )}
        />
        <label htmlFor={customId} className="text-sm text-muted-foreground">
          Custom colour <span className="font-mono text-foreground">{current}</span>
        </label>
      </div>
    </fieldset>
  );
}
