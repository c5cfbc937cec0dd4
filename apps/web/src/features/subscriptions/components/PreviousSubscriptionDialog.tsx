import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The masked email of the subscription found, or null when the dialog is closed. */
  email: string | null;
  onProceed(): void;
  onEdit(): void;
}

/** SPEC §4/§5: a subscription exists for this email: proceed with it (its checkout) or edit. */
export function PreviousSubscriptionDialog({ email, onProceed, onEdit }: Props) {
  const { t } = useTranslation('subscriptions');
  return (
    <Modal
      opened={email !== null}
      onClose={onEdit}
      title={t('previous.title')}
      centered
      radius="md"
      data-testid="previous-subscription-dialog"
    >
      <Stack gap="lg">
        <Text size="sm">{t('previous.body', { email: email ?? '' })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onEdit} data-testid="previous-edit">
            {t('previous.edit')}
          </Button>
          <Button onClick={onProceed} data-testid="previous-proceed" data-autofocus>
            {t('previous.proceed')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
