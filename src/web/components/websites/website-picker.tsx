import { OptionPicker } from '@web/components/option-picker';
import type { FieldControlProps } from '@web/components/ui/form-field';
import { useState } from 'react';
import { useWebsiteSearch } from '../../lib/websites/api';

export type PickedWebsite = { id: number; name: string; domain: string };

/**
 * A form's website: a picker searching the server (a fleet can hold 20,000 websites), "No website"
 * for none. Removed websites are not offered.
 */
export function WebsitePicker({
  field,
  value,
  current,
  onChange,
}: {
  field: FieldControlProps;
  value: number | null | undefined;
  /** The website already linked (its name), shown until another is picked. */
  current: { id: number; name: string } | null;
  onChange: (website: PickedWebsite | null) => void;
}) {
  const [search, setSearch] = useState('');
  const websites = useWebsiteSearch(search);
  const [picked, setPicked] = useState(current);
  const found = (websites.data?.data ?? []).filter((w) => !w.removed);
  return (
    <OptionPicker
      field={field}
      label="Website"
      allLabel="No website"
      value={value == null ? undefined : String(value)}
      valueLabel={picked && value === picked.id ? picked.name : undefined}
      options={found.map((w) => ({ id: String(w.id), label: w.name }))}
      search={search}
      onSearch={setSearch}
      onChange={(id) => {
        const website = found.find((w) => String(w.id) === id);
        const next = website ? { id: website.id, name: website.name, domain: website.domain } : null;
        setPicked(next);
        onChange(next);
      }}
      placeholder="Search websites..."
      loading={websites.isFetching}
      className="w-full"
    />
  );
}
