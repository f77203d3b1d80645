import { Button, type ButtonProps } from '@web/components/ui/button';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';

/** The https address of a provider url given with or without a scheme. */
export function httpsUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

interface ExternalLinkButtonProps {
  href: string;
  /** Visible text; without it the button is an icon with `label` for assistive technology. */
  children?: ReactNode;
  label: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

/** A link styled as a button that opens in a new tab, without handing the new page our window. */
export function ExternalLinkButton({
  href,
  children,
  label,
  variant = 'outline',
  size,
}: ExternalLinkButtonProps) {
  return (
    <Button asChild variant={variant} size={size ?? (children ? 'sm' : 'icon-sm')}>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={children ? undefined : label}
        title={label}
      >
        <ExternalLink aria-hidden="true" />
        {children}
      </a>
    </Button>
  );
}
