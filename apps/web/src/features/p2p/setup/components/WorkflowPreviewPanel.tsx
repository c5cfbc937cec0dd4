import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Department } from '@zabuni/contracts';
import {
  APPROVAL_DOCUMENT_TYPES,
  CURRENCY_EXPONENTS,
  SUPPLIER_RISK_BANDS,
  type ApprovalDocumentType,
  type SupplierRiskBand,
} from '@zabuni/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client.ts';
import { useAllCategories } from '../api/categories.ts';
import { workflowsApi, type WorkflowPreview } from '../api/workflows.ts';
import { formatMoneyText } from '../model/money.ts';
import { errorText, NS, useMessage } from './shared.tsx';

const CURRENCIES = Object.keys(CURRENCY_EXPONENTS).sort((a, b) =>
  a === 'KES' ? -1 : b === 'KES' ? 1 : a.localeCompare(b),
);

interface Asked {
  documentType: ApprovalDocumentType;
  amount: string;
  currency: string;
  department: Department | null;
  supplierRiskBand: SupplierRiskBand | null;
}

/**
 * "This requisition of KES 750,000.00 for IT would go to: Step 1 … Step 2 …": the organisation's saved
 * rules applied to an example document, with the rule that matched or the default route when none does.
 */
export function WorkflowPreviewPanel({
  departments,
  initialDocumentType = 'requisition',
  note,
  wide = false,
}: {
  departments: readonly Department[];
  initialDocumentType?: ApprovalDocumentType;
  note?: string;
  /** Full page width: the inputs side by side. */
  wide?: boolean;
}) {
  const { t } = useTranslation(NS);
  const message = useMessage();
  const categories = useAllCategories();
  const [documentType, setDocumentType] = useState<ApprovalDocumentType>(initialDocumentType);
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('KES');
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  // Rules with a supplier risk band condition: the band of the example document's supplier.
  const [supplierRiskBand, setSupplierRiskBand] = useState<SupplierRiskBand | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [asked, setAsked] = useState<Asked | null>(null);
  // Called directly, not as a mutation: the answer, or its error, shows in the panel without a toast.
  const [result, setResult] = useState<WorkflowPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = amount.trim().replace(/,/g, '');
    if (!/^\d+(\.\d+)?$/.test(text)) {
      setAmountError(t('preview.amountRequired'));
      return;
    }
    setAmountError(null);
    const department = departments.find((d) => String(d.id) === departmentId) ?? null;
    setPending(true);
    setFailure(null);
    workflowsApi
      .preview({
        document_type: documentType,
        amount: text,
        currency,
        department_ids: department ? [department.id] : [],
        category_ids: categoryId ? [Number(categoryId)] : [],
        supplier_risk_band: supplierRiskBand,
      })
      .then((answer) => {
        setAsked({ documentType, amount: text, currency, department, supplierRiskBand });
        setResult(answer);
      })
      .catch((error: unknown) => {
        setResult(null);
        const onAmount = error instanceof ApiError ? error.messageFor('amount') : undefined;
        if (onAmount !== undefined) setAmountError(message(onAmount) ?? null);
        else setFailure(message(errorText(error)) ?? errorText(error));
      })
      .finally(() => setPending(false));
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="workflow-preview-title"
      data-testid="workflow-preview"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg" id="workflow-preview-title">
            {t('preview.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {note ?? t('preview.description')}
          </Text>
        </div>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={wide ? { base: 1, sm: 2, lg: 4 } : 1} spacing="sm">
              <Select
                label={t('workflows.fields.documentType')}
                data={APPROVAL_DOCUMENT_TYPES.map((type) => ({
                  value: type,
                  label: t(`documentType.${type}`),
                }))}
                value={documentType}
                onChange={(value) => setDocumentType((value as ApprovalDocumentType | null) ?? 'requisition')}
                allowDeselect={false}
                data-testid="preview-document-type"
              />
              <SimpleGrid cols={2} spacing="sm">
                <TextInput
                  label={t('preview.amount')}
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  value={amount}
                  onChange={(event) => setAmount(event.currentTarget.value)}
                  error={amountError}
                  data-testid="preview-amount"
                />
                <Select
                  label={t('preview.currency')}
                  data={CURRENCIES}
                  value={currency}
                  onChange={(value) => setCurrency(value ?? 'KES')}
                  searchable
                  allowDeselect={false}
                  data-testid="preview-currency"
                />
              </SimpleGrid>
              <Select
                label={t('preview.department')}
                placeholder={t('preview.anyDepartment')}
                data={departments.map((d) => ({ value: String(d.id), label: `${d.code} · ${d.name}` }))}
                value={departmentId}
                onChange={setDepartmentId}
                clearable
                searchable
                nothingFoundMessage={t('form.nothingFound')}
                data-testid="preview-department"
              />
              <Select
                label={t('preview.category')}
                placeholder={t('preview.anyCategory')}
                data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                value={categoryId}
                onChange={setCategoryId}
                clearable
                searchable
                limit={60}
                nothingFoundMessage={categories.isPending ? t('form.loading') : t('form.nothingFound')}
                data-testid="preview-category"
              />
              <Select
                label={t('preview.supplierRiskBand')}
                placeholder={t('preview.noSupplierRiskBand')}
                data={SUPPLIER_RISK_BANDS.map((band) => ({
                  value: band.key,
                  label: t(`preview.supplierRisk.${band.key}`),
                }))}
                value={supplierRiskBand}
                onChange={(value) => setSupplierRiskBand((value as SupplierRiskBand | null) ?? null)}
                clearable
                data-testid="preview-supplier-risk-band"
              />
            </SimpleGrid>
            <Group>
              <Button type="submit" variant="light" loading={pending} data-testid="preview-run">
                {t('preview.run')}
              </Button>
            </Group>
          </Stack>
        </form>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {result && asked && !pending && <PreviewResult result={result} asked={asked} />}
      </Stack>
    </Paper>
  );
}

function PreviewResult({ result, asked }: { result: WorkflowPreview; asked: Asked }) {
  const { t } = useTranslation(NS);
  const amount = formatMoneyText(asked.amount, asked.currency);
  const document = t(`preview.documentName.${asked.documentType}`);
  return (
    <Stack gap="xs" data-testid="workflow-preview-result" aria-live="polite">
      <Text fw={600}>
        {asked.department
          ? t('preview.sentenceFor', { document, amount, department: asked.department.name })
          : t('preview.sentence', { document, amount })}
      </Text>
      {asked.supplierRiskBand && (
        <Text size="sm" c="dimmed" data-testid="workflow-preview-supplier-risk">
          {t('preview.withSupplierRisk', { band: t(`preview.supplierRisk.${asked.supplierRiskBand}`) })}
        </Text>
      )}
      {result.steps.length > 0 ? (
        <List listStyleType="none" spacing={4} size="sm" data-testid="workflow-preview-steps">
          {result.steps.map((step, index) => (
            <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
              {step}
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">{t('preview.noSteps')}</Text>
      )}
      <Group gap={6} wrap="wrap">
        {result.rule ? (
          <Badge variant="light" tt="none" data-testid="workflow-preview-rule">
            {t('preview.rule', { name: result.rule.name })}
          </Badge>
        ) : (
          <Badge variant="light" color="gray" tt="none" data-testid="workflow-preview-rule">
            {t('preview.defaultRoute')}
          </Badge>
        )}
      </Group>
      {!result.rule && (
        <Text size="xs" c="dimmed">
          {t('preview.defaultRouteHint')}
        </Text>
      )}
      {!result.assignable && (
        <Alert color="orange" variant="light" data-testid="workflow-preview-unassignable">
          {t('preview.unassignable')}
        </Alert>
      )}
    </Stack>
  );
}
