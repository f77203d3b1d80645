import { BrandMark } from '@web/app/shell/brand';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import type { ReactNode } from 'react';

interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The centred card of the public pages (sign-in, password recovery, first-run setup). */
export function AuthLayout({ title, description, children }: AuthLayoutProps) {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center bg-muted/40 px-4 py-10 dark:bg-background">
      <main className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-center gap-2.5">
          <BrandMark className="size-10" />
          <span className="text-2xl font-semibold tracking-tight">Agency Hub</span>
        </div>
        <Card className="shadow-md">
          <CardHeader className="text-center">
            <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
            {description && <CardDescription>{description}</CardDescription>}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
      <footer className="mt-8 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} Agency Hub
      </footer>
    </div>
  );
}
