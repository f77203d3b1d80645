import { CodeForm } from '@web/components/code-form';
import { SectionQuery } from '@web/components/section-query';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import {
  useForgetBrowser,
  useRememberedBrowsers,
  useTwoFactor,
  useTwoFactorStep,
} from '@web/lib/auth/account-api';
import { formatDate } from '@web/lib/format';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { describeDevice } from './device';

type Setup = { secret: string; otpauthUrl: string };
type Codes = { recoveryCodes: string[] };

/**
 * Settings → Two-factor sign-in: turn it on (scan the QR code, confirm a code, keep the recovery codes
 * shown once), get new recovery codes, or turn it off, each confirmed with a code.
 */
export function TwoFactorSection() {
  const [codes, setCodes] = useState<string[]>();
  return (
    <SectionQuery query={useTwoFactor()} loading="Loading..." failed="Could not load two-factor sign-in">
      {(status) =>
        codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />
        ) : status.enabled ? (
          <TwoFactorOn left={status.recoveryCodesLeft} onCodes={setCodes} />
        ) : (
          <TwoFactorOff onCodes={setCodes} />
        )
      }
    </SectionQuery>
  );
}

function TwoFactorOff({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const start = useTwoFactorStep<undefined, Setup>('setup');
  const enable = useTwoFactorStep<{ code: string }, Codes>('enable');
  const [setup, setSetup] = useState<Setup>();
  const begin = () =>
    start.mutate(undefined, {
      onSuccess: setSetup,
      onError: (e) =>
        toast({
          title: 'Could not start the set-up',
          description: errorMessage(e, ''),
          variant: 'destructive',
        }),
    });
  if (!setup)
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Off. With it on, signing in also asks for a code from an authenticator app on your phone, so a
          stolen password alone does not open your account.
        </p>
        <Button className="w-fit" onClick={begin} disabled={start.isPending}>
          {start.isPending && <Spinner />}
          Turn on two-factor sign-in
        </Button>
      </div>
    );
  return (
    <div className="grid gap-4">
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>Scan this QR code with an authenticator app (1Password, Google Authenticator, Authy…).</li>
        <li>Enter the 6-digit code it shows to confirm.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-4">
        <QrCode text={setup.otpauthUrl} />
        <div className="grid gap-1 text-sm">
          <span className="text-muted-foreground">Cannot scan? Enter this key by hand:</span>
          <code className="font-mono break-all" data-testid="totp-secret">
            {setup.secret.match(/.{1,4}/g)?.join(' ')}
          </code>
        </div>
      </div>
      <CodeForm
        label="Code from the app"
        submit="Confirm and turn on"
        busy={enable.isPending}
        onSubmit={async ({ code }) => {
          const answer = await enable.mutateAsync({ code: code! });
          toast({ title: 'Two-factor sign-in is on' });
          onCodes(answer.recoveryCodes);
        }}
      />
    </div>
  );
}

/** The otpauth address as a QR code, drawn in the browser (the library loads only here). */
function QrCode({ text }: { text: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { margin: 1, width: 176 }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(undefined));
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img
      src={src}
      alt="QR code to scan with an authenticator app"
      className="size-44 rounded-md border bg-white"
    />
  ) : (
    <div className="grid size-44 place-items-center rounded-md border">
      <Spinner />
    </div>
  );
}

function TwoFactorOn({ left, onCodes }: { left: number; onCodes: (codes: string[]) => void }) {
  const renew = useTwoFactorStep<{ code: string }, Codes>('recovery-codes');
  const disable = useTwoFactorStep<{ code?: string; recoveryCode?: string }, null>('disable');
  const [doing, setDoing] = useState<'renew' | 'disable'>();
  return (
    <div className="grid gap-4">
      <p className="flex items-center gap-2 text-sm">
        <ShieldCheck className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
        <span>
          <span className="font-medium">On.</span> {left} of 10 recovery codes left
          {left <= 3 && ': make new ones before they run out'}.
        </span>
      </p>
      {doing === undefined && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDoing('renew')}>
            New recovery codes
          </Button>
          <Button variant="outline" onClick={() => setDoing('disable')}>
            Turn off
          </Button>
        </div>
      )}
      {doing === 'renew' && (
        <CodeForm
          label="Code from the app"
          submit="Make new recovery codes"
          busy={renew.isPending}
          onSubmit={async ({ code }) => {
            const answer = await renew.mutateAsync({ code: code! });
            setDoing(undefined);
            onCodes(answer.recoveryCodes);
          }}
        />
      )}
      {doing === 'disable' && (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">
            Turning it off lets your password alone sign you in again; your recovery codes stop working.
          </p>
          <CodeForm
            label="Code from the app"
            submit="Turn off two-factor sign-in"
            busy={disable.isPending}
            allowRecovery
            onSubmit={async (proof) => {
              await disable.mutateAsync(proof);
              setDoing(undefined);
              toast({ title: 'Two-factor sign-in is off' });
            }}
          />
        </div>
      )}
      <RememberedBrowsers />
    </div>
  );
}

/** The browsers where the password alone signs in for now, each to forget (or all at once). */
function RememberedBrowsers() {
  const forget = useForgetBrowser();
  const run = (id: number | undefined) =>
    forget.mutate(id, {
      onSuccess: () => toast({ title: id === undefined ? 'Every browser forgotten' : 'Browser forgotten' }),
      onError: (e) =>
        toast({ title: 'Could not forget it', description: errorMessage(e, ''), variant: 'destructive' }),
    });
  return (
    <div className="grid gap-2 border-t pt-4">
      <h3 className="text-sm font-medium">Remembered browsers</h3>
      <SectionQuery
        query={useRememberedBrowsers()}
        loading="Loading..."
        failed="Could not load the remembered browsers"
      >
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              None. Tick “Remember this browser” when you sign in with a code to skip the code there for 30
              days.
            </p>
          ) : (
            <>
              <ul className="divide-y" aria-label="Remembered browsers">
                {list.map((b) => {
                  const device = describeDevice(b.userAgent);
                  return (
                    <li key={b.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2">
                      <div className="min-w-0 flex-1">
                        <p className="font-medium" title={b.userAgent ?? undefined}>
                          {device}
                        </p>
                        <p className="text-sm text-muted-foreground">
                          {b.ip ?? 'Unknown address'} · remembered {formatDate(b.createdAt)} · until{' '}
                          {formatDate(b.expiresAt)}
                        </p>
                      </div>
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={forget.isPending}
                        onClick={() => run(b.id)}
                        aria-label={`Forget ${device}, ${b.ip ?? 'unknown address'}`}
                      >
                        Forget
                      </Button>
                    </li>
                  );
                })}
              </ul>
              {list.length > 1 && (
                <Button variant="outline" size="sm" className="w-fit" onClick={() => run(undefined)}>
                  Forget every browser
                </Button>
              )}
            </>
          )
        }
      </SectionQuery>
    </div>
  );
}

/** The recovery codes, shown once: to copy, download or print before leaving. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Agency Hub recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = Object.assign(document.createElement('a'), {
      href: url,
      download: 'agency-hub-recovery-codes.txt',
    });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        <span className="font-medium">Keep these recovery codes somewhere safe.</span> Each signs you in once
        if your phone is lost. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid w-fit grid-cols-2 gap-x-8 gap-y-1 rounded-md border p-4 font-mono text-sm"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() =>
            navigator.clipboard.writeText(text).then(
              () => toast({ title: 'Recovery codes copied' }),
              () => toast({ title: 'Could not copy: select them instead', variant: 'destructive' }),
            )
          }
        >
          Copy
        </Button>
        <Button variant="outline" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
