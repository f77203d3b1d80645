import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { FleetFilter, FleetPick } from './api';

export type FleetParams = FleetFilter & FleetPick & { page: number };

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Address names of the view's parts. */
const NAMES: Record<keyof FleetParams, string> = {
  clientId: 'client',
  serverId: 'server',
  tagId: 'tag',
  php: 'php',
  wordpress: 'wordpress',
  page: 'page',
};

/** The fleet view in the address (/fleet?client=3&php=7.4): a link, a reload and Back bring the same view. */
export function useFleetParams() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const read = new URLSearchParams(search);
  const params: FleetParams = {
    clientId: positive(read.get('client')),
    serverId: /^\d+$/.test(read.get('server') ?? '') ? read.get('server')! : undefined,
    tagId: positive(read.get('tag')),
    php: read.get('php') || undefined,
    wordpress: read.get('wordpress') || undefined,
    page: positive(read.get('page')) ?? 1,
  };
  const set = useCallback(
    (patch: Partial<FleetParams>) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(patch)) {
        const name = NAMES[key as keyof FleetParams];
        if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(name);
        else next.set(name, String(value));
      }
      const q = next.toString();
      navigate(`${location}${q ? `?${q}` : ''}`);
    },
    [search, location, navigate],
  );
  return { params, set };
}

/** The fleet filters of a patch under the address names the lists use (client, server, tag). */
export function fleetAddressPatch(patch: Partial<FleetParams>): Record<string, string | number | undefined> {
  return {
    ...('clientId' in patch ? { client: patch.clientId } : {}),
    ...('serverId' in patch ? { server: patch.serverId } : {}),
    ...('tagId' in patch ? { tag: patch.tagId } : {}),
  };
}
