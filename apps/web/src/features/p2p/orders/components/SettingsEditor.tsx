import { Grid, Group, Radio, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { MATCH_LEVELS, type MatchLevel } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import {
  TOLERANCE_FIELDS,
  type SettingsValues,
  type ToleranceField,
  type ToleranceProblems,
  type ToleranceValues,
} from '../model/matching-form.ts';
import { NS } from '../model/messages.ts';
import { messageText } from '../../../../lib/form-errors.ts';

/** One tolerance: a percentage and/or an absolute amount, and whether either or both must hold. */
function ToleranceEditor({
  field,
  value,
  onChange,
  problems,
  idPrefix,
}: {
  field: ToleranceField;
  value: ToleranceValues;
  onChange(value: ToleranceValues): void;
  problems?: { percent?: string; absolute?: string };
  idPrefix: string;
}) {
  const { t } = useTranslation(NS);
  const message = (text: string | undefined) => messageText(text);
  const both = value.percent.trim() !== '' && value.absolute.trim() !== '';
  return (
    <Stack gap={6} data-testid={`${idPrefix}-${field}`}>
      <Text fw={600} size="sm">
        {t(`matching.tolerances.${field}.name`)}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`matching.tolerances.${field}.hint`)}
      </Text>
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput
            label={t('matching.percent')}
            placeholder={t('matching.notUsed')}
            inputMode="decimal"
            rightSection={
              <Text size="sm" c="dimmed">
                %
              </Text>
            }
            value={value.percent}
            onChange={(event) => onChange({ ...value, percent: event.currentTarget.value })}
            error={message(problems?.percent)}
            styles={{ input: { textAlign: 'right' } }}
            data-testid={`${idPrefix}-${field}-percent`}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput
            label={field === 'quantity' ? t('matching.absoluteQuantity') : t('matching.absoluteMoney')}
            placeholder={t('matching.notUsed')}
            inputMode="decimal"
            value={value.absolute}
            onChange={(event) => onChange({ ...value, absolute: event.currentTarget.value })}
            error={message(problems?.absolute)}
            styles={{ input: { textAlign: 'right' } }}
            data-testid={`${idPrefix}-${field}-absolute`}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`${idPrefix}-${field}-combine`}>
              {t('matching.combine')}
            </Text>
            <SegmentedControl
              value={value.combine}
              onChange={(combine) => onChange({ ...value, combine: combine as 'either' | 'both' })}
              data={[
                { value: 'either', label: t('matching.either') },
                { value: 'both', label: t('matching.both') },
              ]}
              disabled={!both}
              aria-labelledby={`${idPrefix}-${field}-combine`}
              data-testid={`${idPrefix}-${field}-combine`}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <Text size="xs" c="dimmed">
        {both
          ? t(value.combine === 'either' ? 'matching.eitherHint' : 'matching.bothHint')
          : value.percent.trim() || value.absolute.trim()
            ? t('matching.oneHint')
            : t('matching.zeroHint')}
      </Text>
    </Stack>
  );
}

/** A match level (each explained) and the three tolerances. */
export function SettingsEditor({
  value,
  onChange,
  problems,
  idPrefix,
  compactLevel = false,
}: {
  value: SettingsValues;
  onChange(value: SettingsValues): void;
  problems?: ToleranceProblems;
  idPrefix: string;
  /** A select instead of the explained radio list (overrides). */
  compactLevel?: boolean;
}) {
  const { t } = useTranslation(NS);
  return (
    <Stack gap="md">
      {compactLevel ? (
        <Select
          label={t('matching.level')}
          data={MATCH_LEVELS.map((level) => ({ value: level, label: t(`matching.levels.${level}.name`) }))}
          value={value.level}
          onChange={(level) => onChange({ ...value, level: (level as MatchLevel | null) ?? value.level })}
          allowDeselect={false}
          description={t(`matching.levels.${value.level}.body`)}
          comboboxProps={{ withinPortal: true }}
          data-testid={`${idPrefix}-level`}
        />
      ) : (
        <Radio.Group
          label={t('matching.level')}
          value={value.level}
          onChange={(level) => onChange({ ...value, level: level as MatchLevel })}
          data-testid={`${idPrefix}-level`}
        >
          <Stack gap="sm" mt="xs">
            {MATCH_LEVELS.map((level) => (
              <Radio.Card key={level} value={level} radius="md" p="sm" data-testid={`level-${level}`}>
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  <Radio.Indicator mt={2} />
                  <Stack gap={2} miw={0}>
                    <Text fw={600} size="sm">
                      {t(`matching.levels.${level}.name`)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t(`matching.levels.${level}.body`)}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
      {TOLERANCE_FIELDS.map((field) => (
        <ToleranceEditor
          key={field}
          field={field}
          value={value[field]}
          onChange={(tolerance) => onChange({ ...value, [field]: tolerance })}
          problems={problems?.[field]}
          idPrefix={idPrefix}
        />
      ))}
    </Stack>
  );
}
