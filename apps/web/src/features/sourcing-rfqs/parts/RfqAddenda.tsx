import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { rfqAddendumForm } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/PageFrame.tsx';
import { failureText } from '../../../lib/form-errors.ts';
import { NS, rfqsApi, type AddendumPayload, type RfqView } from '../api.ts';
import { formatInstant } from '../components.tsx';

interface LineDraft {
  description: string;
  quantity: string;
  unit: string;
  estimated_unit_price: string;
}

const draftsOf = (rfq: RfqView): LineDraft[] =>
  rfq.lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unit: line.unit,
    estimated_unit_price: line.estimated_unit_price,
  }));

/** A closing typed in East Africa Time (datetime-local) as the instant the API takes. */
const eatInstant = (local: string) =>
  local ? `${local.length === 16 ? `${local}:00` : local}+03:00` : undefined;

/**
 * The addenda issued so far and, while the RFQ is published, the form for a new one: a note, the lines
 * changed (the API then moves the closing at least 72 hours from now) and/or a later closing time.
 */
export function RfqAddenda({
  rfq,
  canIssue,
  onIssued,
}: {
  rfq: RfqView;
  canIssue: boolean;
  onIssued(updated: RfqView): void;
}) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const [note, setNote] = useState('');
  const [closing, setClosing] = useState('');
  const [changeLines, setChangeLines] = useState(false);
  const [lines, setLines] = useState<LineDraft[]>(() => draftsOf(rfq));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);

  const setLine = (index: number, patch: Partial<LineDraft>) =>
    setLines(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));

  const issue = async () => {
    setProblem(null);
    setNoteError(null);
    const payload: AddendumPayload = {
      note,
      closing_at: eatInstant(closing),
      lines: changeLines
        ? lines.map((line, index) => ({
            requisition_line_id: rfq.lines[index]!.requisition_line_id,
            category_id: rfq.lines[index]!.category.id,
            ...line,
          }))
        : undefined,
    };
    const parsed = rfqAddendumForm.safeParse(payload);
    if (!parsed.success) {
      const onNote = parsed.error.issues.some((issue) => issue.path[0] === 'note');
      if (onNote) setNoteError(t('addenda.noteRequired'));
      else setProblem(t('addenda.invalid'));
      return;
    }
    setBusy(true);
    try {
      onIssued(await rfqsApi.addendum(rfq.id, payload));
      setNote('');
      setClosing('');
      setChangeLines(false);
    } catch (failure) {
      setProblem(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!canIssue && rfq.addenda.length === 0) return null;
  return (
    <Section title={t('addenda.title')} testId="rfq-addenda">
      {rfq.addenda.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('addenda.none')}
        </Text>
      )}
      {rfq.addenda.map((addendum) => (
        <Stack key={addendum.id} gap={2} data-testid="rfq-addendum">
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {formatInstant(addendum.created_at, language)}
            </Text>
            {addendum.changes_lines && (
              <Badge size="sm" variant="light" color="orange">
                {t('addenda.linesChanged')}
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {addendum.note}
          </Text>
          {addendum.closing_after !== addendum.closing_before && (
            <Text size="xs" c="dimmed">
              {t('addenda.closingMoved', {
                before: formatInstant(addendum.closing_before, language),
                after: formatInstant(addendum.closing_after, language),
              })}
            </Text>
          )}
        </Stack>
      ))}
      {canIssue && (
        <Stack gap="sm" data-testid="rfq-addendum-form">
          <Text size="sm" fw={600}>
            {t('addenda.new')}
          </Text>
          <Textarea
            label={t('addenda.note')}
            required
            autosize
            minRows={2}
            value={note}
            error={noteError}
            onChange={(event) => setNote(event.currentTarget.value)}
            data-testid="rfq-addendum-note"
          />
          <TextInput
            type="datetime-local"
            label={t('addenda.closing')}
            description={t('addenda.closingHelp')}
            value={closing}
            onChange={(event) => setClosing(event.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
            data-testid="rfq-addendum-closing"
          />
          <Checkbox
            label={t('addenda.changeLines')}
            description={t('addenda.changeLinesHelp')}
            checked={changeLines}
            onChange={(event) => {
              setChangeLines(event.currentTarget.checked);
              setLines(draftsOf(rfq));
            }}
            data-testid="rfq-addendum-change-lines"
          />
          {changeLines && (
            <Table.ScrollContainer minWidth={560}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>{t('form.description')}</Table.Th>
                    <Table.Th>{t('form.quantity')}</Table.Th>
                    <Table.Th>{t('detail.estimateUnit')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((line, index) => (
                    <Table.Tr key={index} data-testid="rfq-addendum-line">
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('form.description')}
                          value={line.description}
                          onChange={(event) => setLine(index, { description: event.currentTarget.value })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('form.quantity')}
                          inputMode="decimal"
                          value={line.quantity}
                          onChange={(event) => setLine(index, { quantity: event.currentTarget.value })}
                          w={110}
                          data-testid="rfq-addendum-quantity"
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('detail.estimateUnit')}
                          inputMode="decimal"
                          value={line.estimated_unit_price}
                          onChange={(event) =>
                            setLine(index, { estimated_unit_price: event.currentTarget.value })
                          }
                          w={130}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {problem && (
            <Alert color="red" data-testid="rfq-addendum-problem">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button loading={busy} onClick={() => void issue()} data-testid="rfq-addendum-submit">
              {t('addenda.issue')}
            </Button>
          </Group>
        </Stack>
      )}
    </Section>
  );
}
