import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { STEP_PURPOSES, type StepMode, type StepPurpose } from '@zabuni/domain';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { displayName, type Member } from '../api/members.ts';
import {
  APPROVER_KINDS,
  BUYER_ROLES,
  emptyApprover,
  emptyStep,
  type ApproverKind,
  type BuyerRole,
  type WorkflowFormValues,
} from '../model/workflow-form.ts';
import { NS, useMessage } from './shared.tsx';

const MAX_STEPS = 10;
const MAX_APPROVERS = 10;

function Icon({ path }: { path: string }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
const UP = 'M12 19V5M6 11l6-6 6 6';
const DOWN = 'M12 5v14M6 13l6 6 6-6';
const REMOVE = 'M6 6l12 12M18 6L6 18';

/**
 * The ordered approval steps of a rule: add, remove and reorder steps; each step has one or more approvers
 * (a role, a named member, or the cost centre's budget owner) and, with several, whether any one of them or
 * all of them (in parallel) must approve.
 */
export function StepsEditor({ members, readOnly }: { members: readonly Member[]; readOnly: boolean }) {
  const { t } = useTranslation(NS);
  const message = useMessage();
  const { control, formState } = useFormContext<WorkflowFormValues>();
  const steps = useFieldArray({ control, name: 'steps' });
  const rootError = formState.errors.root?.steps?.message ?? formState.errors.steps?.message;
  return (
    <Stack gap="sm" data-testid="steps-editor">
      {rootError && (
        <Alert color="red" variant="light" role="alert" data-testid="steps-error">
          {message(rootError)}
        </Alert>
      )}
      {steps.fields.map((field, index) => (
        <StepCard
          key={field.id}
          index={index}
          count={steps.fields.length}
          members={members}
          readOnly={readOnly}
          onMove={(to) => steps.move(index, to)}
          onRemove={() => steps.remove(index)}
        />
      ))}
      {steps.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('workflows.steps.none')}
        </Text>
      )}
      {!readOnly && (
        <Group>
          <Button
            variant="light"
            onClick={() => steps.append(emptyStep())}
            disabled={steps.fields.length >= MAX_STEPS}
            data-testid="step-add"
          >
            {t('workflows.steps.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function StepCard({
  index,
  count,
  members,
  readOnly,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  members: readonly Member[];
  readOnly: boolean;
  onMove(to: number): void;
  onRemove(): void;
}) {
  const { t } = useTranslation(NS);
  const message = useMessage();
  const { control, formState } = useFormContext<WorkflowFormValues>();
  const approvers = useFieldArray({ control, name: `steps.${index}.approvers` });
  const mode = useWatch({ control, name: `steps.${index}.mode` });
  const number = index + 1;
  const stepErrors = formState.errors.steps?.[index];
  const stepError =
    stepErrors?.root?.message ?? stepErrors?.approvers?.root?.message ?? stepErrors?.approvers?.message;
  const memberOptions = members.map((m) => ({
    value: String(m.userId),
    label: `${displayName(m)} (${m.email})`,
  }));
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid={`step-${number}`}
      role="group"
      aria-label={t('workflows.steps.title', { number })}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" miw={0}>
            <Badge size="lg" radius="sm" variant="filled" tt="none">
              {t('workflows.steps.title', { number })}
            </Badge>
            {approvers.fields.length > 1 && (
              <Text size="xs" c="dimmed">
                {t(`workflows.mode.short.${mode}`)}
              </Text>
            )}
          </Group>
          {!readOnly && (
            <Group gap={4} wrap="nowrap">
              <Tooltip label={t('workflows.steps.moveUp', { number })}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={index === 0}
                  onClick={() => onMove(index - 1)}
                  aria-label={t('workflows.steps.moveUp', { number })}
                  data-testid={`step-${number}-up`}
                >
                  <Icon path={UP} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('workflows.steps.moveDown', { number })}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={index === count - 1}
                  onClick={() => onMove(index + 1)}
                  aria-label={t('workflows.steps.moveDown', { number })}
                  data-testid={`step-${number}-down`}
                >
                  <Icon path={DOWN} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('workflows.steps.remove', { number })}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={onRemove}
                  aria-label={t('workflows.steps.remove', { number })}
                  data-testid={`step-${number}-remove`}
                >
                  <Icon path={REMOVE} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
        <Controller
          control={control}
          name={`steps.${index}.purpose`}
          render={({ field }) => (
            <Select
              label={t('workflows.steps.purpose')}
              data={STEP_PURPOSES.map((purpose) => ({
                value: purpose,
                label: t(`workflows.purpose.${purpose}`),
              }))}
              value={field.value}
              onChange={(value) => field.onChange((value as StepPurpose | null) ?? 'approval')}
              description={t(`workflows.purposeHint.${field.value}`)}
              allowDeselect={false}
              disabled={readOnly}
              data-testid={`step-${number}-purpose`}
            />
          )}
        />
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t('workflows.steps.approvers')}
          </Text>
          {approvers.fields.map((approver, approverIndex) => (
            <ApproverRow
              key={approver.id}
              stepIndex={index}
              index={approverIndex}
              memberOptions={memberOptions}
              readOnly={readOnly}
              canRemove={approvers.fields.length > 1}
              onRemove={() => approvers.remove(approverIndex)}
            />
          ))}
          {stepError && (
            <Text size="sm" c="red.7" role="alert">
              {message(stepError)}
            </Text>
          )}
          {!readOnly && (
            <Group>
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => approvers.append(emptyApprover())}
                disabled={approvers.fields.length >= MAX_APPROVERS}
                data-testid={`step-${number}-add-approver`}
              >
                {t('workflows.steps.addApprover')}
              </Button>
            </Group>
          )}
        </Stack>
        {approvers.fields.length > 1 && (
          <Controller
            control={control}
            name={`steps.${index}.mode`}
            render={({ field }) => (
              <Radio.Group
                label={t('workflows.steps.mode')}
                value={field.value}
                onChange={(value) => field.onChange(value as StepMode)}
                data-testid={`step-${number}-mode`}
              >
                <Stack gap={6} mt={6}>
                  <Radio value="any" label={t('workflows.mode.any')} disabled={readOnly} />
                  <Radio value="all" label={t('workflows.mode.all')} disabled={readOnly} />
                </Stack>
              </Radio.Group>
            )}
          />
        )}
      </Stack>
    </Paper>
  );
}

function ApproverRow({
  stepIndex,
  index,
  memberOptions,
  readOnly,
  canRemove,
  onRemove,
}: {
  stepIndex: number;
  index: number;
  memberOptions: { value: string; label: string }[];
  readOnly: boolean;
  canRemove: boolean;
  onRemove(): void;
}) {
  const { t } = useTranslation(NS);
  const message = useMessage();
  const { control, setValue, formState } = useFormContext<WorkflowFormValues>();
  const path = `steps.${stepIndex}.approvers.${index}` as const;
  const kind = useWatch({ control, name: `${path}.kind` });
  const errors = formState.errors.steps?.[stepIndex]?.approvers?.[index];
  const step = stepIndex + 1;
  const number = index + 1;
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" data-testid={`step-${step}-approver-${number}`}>
      <Controller
        control={control}
        name={`${path}.kind`}
        render={({ field }) => (
          <Select
            label={t('workflows.approver.kindLabel', { number })}
            data={APPROVER_KINDS.map((k) => ({ value: k, label: t(`workflows.approver.kind.${k}`) }))}
            value={field.value}
            onChange={(value) => {
              field.onChange((value as ApproverKind | null) ?? 'role');
              setValue(`${path}.role`, null);
              setValue(`${path}.user_id`, null);
            }}
            allowDeselect={false}
            disabled={readOnly}
            w={{ base: '100%', xs: 270 }}
            data-testid={`step-${step}-approver-${number}-kind`}
          />
        )}
      />
      {kind === 'role' && (
        <Controller
          control={control}
          name={`${path}.role`}
          render={({ field }) => (
            <Select
              label={t('workflows.approver.role')}
              placeholder={t('form.choose')}
              data={BUYER_ROLES.map((role) => ({
                value: role,
                label: t(`roles.${role}`, { ns: 'platform' }),
              }))}
              value={field.value}
              onChange={(value) => field.onChange((value as BuyerRole | null) ?? null)}
              error={message(errors?.role?.message)}
              searchable
              disabled={readOnly}
              style={{ flex: 1, minWidth: 200 }}
              data-testid={`step-${step}-approver-${number}-role`}
            />
          )}
        />
      )}
      {kind === 'user' && (
        <Controller
          control={control}
          name={`${path}.user_id`}
          render={({ field }) => (
            <Select
              label={t('workflows.approver.user')}
              placeholder={t('form.choose')}
              data={memberOptions}
              value={field.value === null ? null : String(field.value)}
              onChange={(value) => field.onChange(value ? Number(value) : null)}
              error={message(errors?.user_id?.message)}
              searchable
              nothingFoundMessage={t('form.nothingFound')}
              disabled={readOnly}
              style={{ flex: 1, minWidth: 200 }}
              data-testid={`step-${step}-approver-${number}-user`}
            />
          )}
        />
      )}
      {kind === 'budget_owner' && (
        <Text size="sm" c="dimmed" pt={{ base: 0, xs: 30 }} style={{ flex: 1, minWidth: 200 }}>
          {t('workflows.approver.budgetOwnerHint')}
        </Text>
      )}
      {!readOnly && canRemove && (
        <Tooltip label={t('workflows.approver.remove', { number })}>
          <ActionIcon
            variant="subtle"
            color="red"
            mt={{ base: 0, xs: 28 }}
            onClick={onRemove}
            aria-label={t('workflows.approver.remove', { number, step })}
            data-testid={`step-${step}-approver-${number}-remove`}
          >
            <Icon path={REMOVE} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
