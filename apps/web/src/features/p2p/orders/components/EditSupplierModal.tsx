import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { ordersKey } from '../api/keys.ts';
import { suppliersApi, type Supplier } from '../api/suppliers.ts';
import { FORM_MESSAGES, NS } from '../model/messages.ts';
import { messageText } from '../../../../lib/form-errors.ts';
import { CategoriesPicker } from './CategoriesPicker.tsx';

/** This organisation's terms with a supplier: the categories it supplies and its payment terms. */
export function EditSupplierModal({
  organisationId,
  supplier,
  onClose,
}: {
  organisationId: number;
  supplier: Supplier | null;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      opened={supplier !== null}
      onClose={onClose}
      title={supplier ? t('suppliers.edit.title', { name: supplier.name }) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {supplier && (
        <EditForm key={supplier.id} organisationId={organisationId} supplier={supplier} onClose={onClose} />
      )}
    </Modal>
  );
}

function EditForm({
  organisationId,
  supplier,
  onClose,
}: {
  organisationId: number;
  supplier: Supplier;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [categories, setCategories] = useState(supplier.categories.map((c) => c.id));
  const [terms, setTerms] = useState<number | ''>(supplier.payment_terms_days);
  const [errors, setErrors] = useState<{ categories?: string; terms?: string; general?: string }>({});
  const [busy, setBusy] = useState(false);
  const message = (text: string) => messageText(text) ?? text;

  const save = async () => {
    if (terms === '' || terms < 0 || terms > 365 || !Number.isInteger(terms)) {
      setErrors({ terms: t(FORM_MESSAGES.terms) });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await suppliersApi.update(supplier.id, { category_ids: categories, payment_terms_days: terms });
      await queryClient.invalidateQueries({ queryKey: ordersKey(organisationId, 'suppliers') });
      toast.success(t('suppliers.edit.done', { name: supplier.name }));
      onClose();
    } catch (failure) {
      const first = (field: string) => {
        const said = failure instanceof ApiError ? failure.messageFor(field) : undefined;
        return said === undefined ? undefined : message(said);
      };
      const next = {
        categories: first('category_ids'),
        terms: first('payment_terms_days'),
      };
      setErrors(
        next.categories || next.terms
          ? next
          : { general: message(failure instanceof Error ? failure.message : String(failure)) },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="edit-supplier-form">
      <Text size="sm" c="dimmed">
        {t('suppliers.edit.hint')}
      </Text>
      <CategoriesPicker
        label={t('suppliers.fields.categories')}
        placeholder={t('suppliers.fields.categoriesPlaceholder')}
        nothingFound={t('common.nothingFound')}
        value={categories}
        known={supplier.categories}
        onChange={(ids) => setCategories(ids)}
        error={errors.categories}
        testId="edit-supplier-categories"
      />
      <NumberInput
        label={t('suppliers.fields.paymentTerms')}
        description={t('suppliers.fields.paymentTermsHint')}
        min={0}
        max={365}
        allowDecimal={false}
        allowNegative={false}
        value={terms}
        onChange={(value) => setTerms(typeof value === 'number' ? value : '')}
        error={errors.terms}
        w={{ base: '100%', xs: 220 }}
        data-testid="edit-supplier-terms"
      />
      {errors.general && (
        <Alert color="red" variant="light" role="alert">
          {errors.general}
        </Alert>
      )}
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button loading={busy} onClick={() => void save()} data-testid="edit-supplier-save">
          {t('actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}
