import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';

/**
 * A page's search box, seeded from `?q=` so that a global-search result ("/clients?q=Acme") lands on
 * the filtered list; following another such link while on the page updates it too.
 */
export function useSearchParamState(name = 'q'): [string, (value: string) => void] {
  const fromUrl = new URLSearchParams(useSearch()).get(name) ?? '';
  const [value, setValue] = useState(fromUrl);
  useEffect(() => setValue(fromUrl), [fromUrl]);
  return [value, setValue];
}
