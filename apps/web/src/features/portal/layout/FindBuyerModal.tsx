import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buyerSearchQuery, type PortalBuyer } from '../api.ts';

/**
 * Find a buyer by name and work with it: for a supplier whose buyers the API does not list yet. The server
 * refuses a buyer that does not have the supplier on its list, and says so.
 */
export function FindBuyerModal({
  opened,
  busy,
  onClose,
  onChoose,
}: {
  opened: boolean;
  busy: boolean;
  onClose(): void;
  onChoose(buyer: PortalBuyer): void;
}) {
  const { t } = useTranslation('portal');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('findBuyer.title')}
      centered
      data-testid="find-buyer-modal"
    >
      {opened && <FindBuyerForm busy={busy} onClose={onClose} onChoose={onChoose} />}
    </Modal>
  );
}

function FindBuyerForm({
  busy,
  onClose,
  onChoose,
}: {
  busy: boolean;
  onClose(): void;
  onChoose(buyer: PortalBuyer): void;
}) {
  const { t } = useTranslation('portal');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<PortalBuyer | null>(null);
  const found = useQuery({ ...buyerSearchQuery(debounced), placeholderData: keepPreviousData });
  const options = (found.data?.results ?? []).map((b) => ({ value: String(b.id), label: b.company_name }));
  if (chosen && !options.some((o) => o.value === String(chosen.id))) {
    options.unshift({ value: String(chosen.id), label: chosen.name });
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('findBuyer.body')}
      </Text>
      <Select
        label={t('findBuyer.label')}
        placeholder={t('findBuyer.placeholder')}
        data={options}
        value={chosen ? String(chosen.id) : null}
        onChange={(value) => {
          const option = options.find((o) => o.value === value);
          setChosen(option ? { id: Number(option.value), name: option.label } : null);
        }}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server already filtered by name.
        filter={({ options: all }) => all}
        nothingFoundMessage={found.isFetching ? '…' : t('findBuyer.nothingFound')}
        comboboxProps={{ shadow: 'md', withinPortal: true }}
        data-autofocus
        data-testid="find-buyer-picker"
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          disabled={!chosen}
          loading={busy}
          onClick={() => chosen && onChoose(chosen)}
          data-testid="find-buyer-confirm"
        >
          {t('findBuyer.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
