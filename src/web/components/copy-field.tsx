import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';

/** Copies a text to the clipboard; when the browser refuses, says to copy it by hand. */
export async function copyText(text: string, what: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    toast({
      title: 'Could not copy',
      description: `Select the ${what} and copy it by hand.`,
      variant: 'destructive',
    });
    return false;
  }
}

/** A secret or link shown once: read-only (selected on focus) with a copy button that says it copied. */
export function CopyField({
  value,
  label,
  what,
  className,
}: {
  value: string;
  /** The field's accessible name ("New API token"). */
  label: string;
  /** What is copied, in "Copy token" and in the refusal ("token"). */
  what: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <Input
        readOnly
        value={value}
        aria-label={label}
        onFocus={(e) => e.currentTarget.select()}
        className={className ?? 'min-w-0 flex-1 font-mono'}
      />
      <Button type="button" variant="outline" onClick={() => void copyText(value, what).then(setCopied)}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : `Copy ${what}`}
      </Button>
    </>
  );
}
