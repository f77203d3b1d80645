import {
  type AgencySettings,
  LOGO_MAX_BYTES,
  LOGO_MAX_SIDE,
  LOGO_TOO_LARGE,
  LOGO_TYPE_INVALID,
  LOGO_TYPES,
} from '@shared/settings';
import { RoleGate } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { ImageIcon, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useRemoveLogo, useUploadLogo } from './api';

const maxSide = LOGO_MAX_SIDE.toLocaleString('en');

/** The file's bytes as base64 (the API speaks JSON only). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

export function LogoField({ logo }: { logo: AgencySettings['logo'] }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const errorId = useId();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setError(LOGO_TYPE_INVALID);
    if (file.size > LOGO_MAX_BYTES) return setError(LOGO_TOO_LARGE);
    try {
      await upload.mutateAsync(await readBase64(file));
      toast({ title: 'Logo saved', description: 'Reports and emails will use it.' });
    } catch (e) {
      setError(errorMessage(e, 'Could not save the logo'));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="grid gap-3">
      <p className="text-sm font-medium">Logo</p>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-16 w-32 items-center justify-center overflow-hidden rounded-md border bg-muted/40">
          {logo ? (
            <img src={logo.url} alt="Current agency logo" className="max-h-full max-w-full object-contain" />
          ) : (
            <ImageIcon className="size-6 text-muted-foreground" aria-label="No logo yet" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={LOGO_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          <RoleGate need="admin">
            <Button
              type="button"
              variant="outline"
              onClick={() => input.current?.click()}
              disabled={upload.isPending}
              aria-describedby={error ? errorId : undefined}
            >
              {upload.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
              {logo ? 'Replace logo' : 'Upload logo'}
            </Button>
          </RoleGate>
          {logo && (
            <RoleGate need="admin">
              <Button
                type="button"
                variant="ghost"
                onClick={() => setConfirming(true)}
                disabled={remove.isPending}
              >
                Remove logo
              </Button>
            </RoleGate>
          )}
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">
          PNG, JPEG or WebP, at most 512 KB and {maxSide} × {maxSide} px.
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove the logo?"
        description="Reports and emails will show the agency name without a logo."
        confirmLabel="Remove"
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}
