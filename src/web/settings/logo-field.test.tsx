// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { authKeys } from '@web/lib/use-auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LogoField } from './logo-field';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Signed in as an Admin, who may change the logo (the session is known, so not asked for). */
const renderField = () => {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
  client.setQueryData(authKeys.me, { id: 1, username: 'admin', email: 'admin@agency.test', role: 'admin' });
  return render(
    <QueryClientProvider client={client}>
      <LogoField logo={null} />
    </QueryClientProvider>,
  );
};

const choose = (file: File) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};

describe('LogoField', () => {
  it('states the limits, and shows the server’s reason when it refuses an image', async () => {
    const message = 'The logo is 8000 × 8000 px; use an image of at most 2,000 × 2,000 px.';
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ message, code: 'invalid_input', fieldErrors: { data: [message] } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderField();
    expect(screen.getByText('PNG, JPEG or WebP, at most 512 KB and 2,000 × 2,000 px.')).toBeTruthy();
    choose(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'bomb.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('refuses a GIF before sending it', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderField();
    choose(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The logo must be a PNG, JPEG or WebP image.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
