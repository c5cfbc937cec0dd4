import { Badge, Group, Loader, Modal, Text } from '@mantine/core';
import type { AvailableJob } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { useAvailableJob } from '../api/available-jobs.ts';

export type JobDetailView = { job: AvailableJob; show: 'instructions' | 'categories' } | null;

/** The instructions (already in the list answer) or the categories (fetched on demand) of one job. */
export function JobDetailModal({ view, onClose }: { view: JobDetailView; onClose(): void }) {
  const { t } = useTranslation('jobs');
  const wantsCategories = view?.show === 'categories';
  const detail = useAvailableJob(view?.job.id ?? 0, wantsCategories);
  return (
    <Modal
      opened={view !== null}
      onClose={onClose}
      title={view ? t(wantsCategories ? 'modal.categoriesTitle' : 'modal.instructionsTitle') : ''}
      closeButtonProps={{ 'aria-label': t('modal.close') }}
      size="lg"
    >
      {view && (
        <>
          <Text fw={600} mb="sm">
            {view.job.title}
          </Text>
          {!wantsCategories && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {view.job.instructions}
            </Text>
          )}
          {wantsCategories && detail.isPending && <Loader size="sm" />}
          {wantsCategories && detail.data && detail.data.categories.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('modal.noCategories')}
            </Text>
          )}
          {wantsCategories && detail.data && (
            <Group gap="xs" data-testid="job-categories">
              {detail.data.categories.map((category) => (
                <Badge key={category.id} variant="outline" color="gray" radius="sm" tt="none" fw={500}>
                  {category.name}
                </Badge>
              ))}
            </Group>
          )}
        </>
      )}
    </Modal>
  );
}
