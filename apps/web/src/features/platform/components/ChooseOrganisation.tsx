import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Membership } from '../../../lib/organisations.ts';

/** The session speaks for no organisation of the user's own (it named a buyer a supplier works for). */
export function ChooseOrganisation({
  memberships,
  busy,
  onChoose,
}: {
  memberships: Membership[];
  busy: boolean;
  onChoose(organisationId: number): void;
}) {
  const { t } = useTranslation('platform');
  return (
    <Paper withBorder radius="md" p="xl" maw={620} mx="auto" mt="xl" data-testid="platform-choose">
      <Stack gap="sm">
        <Title order={1} fz={24}>
          {t('choose.title')}
        </Title>
        <Text c="dimmed">{t('choose.body')}</Text>
        {memberships.map((m) => (
          <Button
            key={m.organisation.id}
            variant="default"
            justify="flex-start"
            loading={busy}
            onClick={() => onChoose(m.organisation.id)}
          >
            {m.organisation.name}
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}
