import type { FieldControlProps } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { type Ref, useState } from 'react';

interface TagsInputProps {
  field: FieldControlProps;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * Tags typed as comma-separated text. The text is kept as typed (a trailing comma or space survives);
 * the form holds the split list, which the shared schema trims, de-duplicates and checks.
 */
export function TagsInput({ field, value, onChange, onBlur, inputRef }: TagsInputProps) {
  const [text, setText] = useState(() => value.join(', '));
  return (
    <Input
      {...field}
      ref={inputRef}
      autoComplete="off"
      placeholder="e.g. seo, wordpress"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(event.target.value.split(','));
      }}
      onBlur={onBlur}
    />
  );
}
