import { Box } from '@mantine/core';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '@zabuni/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RemotePicker } from '../../../../components/RemotePicker.tsx';
import { usePlatform } from '../../../../lib/platform-context.ts';
import { ordersKey } from '../api/keys.ts';
import { supplierSearchQuery, type Supplier } from '../api/suppliers.ts';
import { NS } from '../model/messages.ts';

/** The picker's options: the current organisation's active suppliers matching what is typed. */
function useActiveSupplierOptions(search: string) {
  const { current } = usePlatform();
  return useQuery(supplierSearchQuery(current.organisation.id, search, true));
}

/** A list filter's options: blocked suppliers too (their old orders and invoices are still listed). */
function useAnySupplierOptions(search: string) {
  const { current } = usePlatform();
  return useQuery(supplierSearchQuery(current.organisation.id, search, false));
}

/** A supplier some search of this visit returned (the picker only hands back its id). */
function knownSupplier(queryClient: QueryClient, organisationId: number, id: number) {
  for (const [, page] of queryClient.getQueriesData<Page<Supplier>>({
    queryKey: ordersKey(organisationId, 'suppliers', 'search'),
  })) {
    const found = page?.results.find((s) => s.id === id);
    if (found) return found;
  }
  return undefined;
}

/** One of the organisation's suppliers (only active ones with `onlyActive`), searched by name on the server. */
export function SupplierPicker({
  onlyActive = false,
  inToolbar = false,
  value,
  selectedName,
  onChange,
  label,
  placeholder,
  error,
  required,
  testId,
}: {
  onlyActive?: boolean;
  /** A list's filter: the toolbar's width on wide screens, the whole row on phones. */
  inToolbar?: boolean;
  value: number | undefined;
  selectedName?: string;
  onChange(id: number | undefined, supplier: Supplier | undefined): void;
  label: string;
  placeholder?: string;
  error?: ReactNode;
  required?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(NS);
  const { current } = usePlatform();
  const queryClient = useQueryClient();
  const picker = (
    <RemotePicker<Supplier>
      label={label}
      placeholder={placeholder ?? t('orders.form.supplierPlaceholder')}
      nothingFound={onlyActive ? t('orders.form.noSuppliers') : t('common.nothingFound')}
      value={value}
      onChange={(id) =>
        onChange(id, id === undefined ? undefined : knownSupplier(queryClient, current.organisation.id, id))
      }
      useOptions={onlyActive ? useActiveSupplierOptions : useAnySupplierOptions}
      toOption={(s) => ({ value: String(s.id), label: s.name })}
      selectedOption={
        value !== undefined && selectedName ? { value: String(value), label: selectedName } : undefined
      }
      error={error}
      required={required}
      testId={testId}
    />
  );
  return inToolbar ? <Box w={{ base: '100%', xs: 240 }}>{picker}</Box> : picker;
}
