import {
  Badge,
  Button,
  FileButton,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OBLIGATION_KINDS } from '@zabuni/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  BackLink,
  Fact,
  LoadProblem,
  PageFrame,
  PageHeader,
  PageSkeleton,
  Section,
} from '../../../components/PageFrame.tsx';
import { ContractText } from '../../../components/ContractText.tsx';
import { SignatureCodeDialog } from '../../../components/SignatureCodeDialog.tsx';
import { formatDate, formatDay, formatFileSize, formatMoney } from '../../../lib/format.ts';
import { messageText } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import {
  compareQuery,
  contractsApi,
  detailQuery,
  documentsQuery,
  key,
  membersQuery,
  NS,
  obligationsQuery,
  versionsQuery,
  type Contract,
} from '../api.ts';
import { AlertsAndOrdersDialog } from '../components/AlertsAndOrdersDialog.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { TermsDialog } from '../components/TermsDialog.tsx';
import { useRoles } from '../roles.ts';

/** Where each kind of award a contract comes from is shown (its module's page). */
const SOURCE_PATHS: Record<string, string> = {
  rfq_award: '/app/sourcing/rfqs',
  tender_award: '/app/sourcing/tenders',
};

const ContractTextEditor = lazy(() => import('../components/ContractTextEditor.tsx'));

/** `/app/contracts/:id`: terms, text, approval, signatures, versions compared, obligations. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const { organisationId, manager } = useRoles();
  const queryClient = useQueryClient();
  const detail = useQuery(detailQuery(organisationId, id));
  const members = useQuery(membersQuery(organisationId));
  const [editingAlerts, setEditingAlerts] = useState(false);
  const [editingTerms, setEditingTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const [signing, setSigning] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const navigate = useNavigate();
  const [changing, setChanging] = useState<'amendment' | 'termination' | null>(null);
  const [change, setChange] = useState({ title: '', text: '', end: '', value: '' });

  if (detail.error)
    return (
      <LoadProblem
        error={detail.error}
        onRetry={() => void detail.refetch()}
        back={{ to: '/app/contracts/archive', label: t('archive.title') }}
        notFound={{ title: t('detail.notFound.title'), body: t('detail.notFound.body') }}
      />
    );
  if (!detail.data) return <PageSkeleton />;
  const c = detail.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: key(organisationId) });
  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      await refresh();
      toast.success(done);
      return true;
    } catch (failure) {
      toast.error(messageText(failure instanceof Error ? failure : String(failure)) ?? '');
      return false;
    } finally {
      setBusy(false);
    }
  };
  const has = (action: Contract['actions'][number]) => c.actions.includes(action);
  const money = (minor: number) => formatMoney(minor / 100, c.currency, language);

  return (
    <PageFrame testId="contract-page">
      <BackLink to="/app/contracts/archive" label={t('archive.title')} />
      <PageHeader
        module="contracts"
        title={c.title}
        badge={<StatusBadge status={c.status} />}
        lead={`${c.number}${c.kind !== 'contract' ? ` · ${t(`kind.${c.kind}`)}` : ''} · ${c.supplier.name}`}
        actions={
          <Group gap="xs">
            {has('edit') && (
              <Button
                variant="default"
                onClick={() => setEditingTerms(true)}
                data-testid="contract-edit-terms"
              >
                {t('terms.edit')}
              </Button>
            )}
            {has('edit') && editing === null && (
              <Button variant="default" onClick={() => setEditing(c.body_html)} data-testid="contract-edit">
                {t('detail.edit')}
              </Button>
            )}
            {has('edit') && (
              <Button
                variant="default"
                onClick={() => setEditingAlerts(true)}
                data-testid="contract-edit-alerts"
              >
                {t('detail.editAlerts')}
              </Button>
            )}
            {has('submit') && (
              <Button
                loading={busy}
                onClick={() => act(() => contractsApi.act(id, 'submit'), t('detail.submitted'))}
                data-testid="contract-submit"
              >
                {t('detail.submit')}
              </Button>
            )}
            {has('approve') && (
              <Button
                loading={busy}
                color="teal"
                onClick={() => act(() => contractsApi.decide(id, 'approve', ''), t('detail.approved'))}
                data-testid="contract-approve"
              >
                {t('detail.approve')}
              </Button>
            )}
            {has('reject') && (
              <Button
                variant="default"
                color="red"
                onClick={() => setRejecting(true)}
                data-testid="contract-reject"
              >
                {t('detail.reject')}
              </Button>
            )}
            {has('send_for_signature') && (
              <Button
                loading={busy}
                onClick={() => act(() => contractsApi.act(id, 'send-for-signature'), t('detail.sent'))}
                data-testid="contract-send"
              >
                {t('detail.send')}
              </Button>
            )}
            {has('sign') && (
              <Button onClick={() => setSigning(true)} data-testid="contract-sign">
                {t('detail.sign')}
              </Button>
            )}
            {has('give_notice') && (
              <Button
                variant="default"
                loading={busy}
                onClick={() => act(() => contractsApi.act(id, 'notice'), t('detail.noticeGiven'))}
              >
                {t('detail.notice')}
              </Button>
            )}
            {c.pdf_sha256 && (
              <Button
                component="a"
                href={`/api/v1/contracts/${id}/pdf/`}
                variant="default"
                data-testid="contract-pdf"
              >
                {t('detail.pdf')}
              </Button>
            )}
          </Group>
        }
      />

      <Section title={t('detail.terms')} testId="contract-terms">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Fact label={t('fields.supplier')}>{c.supplier.name}</Fact>
          {c.source && (
            <Fact label={t('source.label')} testId="contract-source">
              {SOURCE_PATHS[c.source.type] ? (
                <Text
                  component={Link}
                  to={`${SOURCE_PATHS[c.source.type]}/${c.source.id}`}
                  size="sm"
                  c="teal.8"
                >
                  {t(`source.${c.source.type}`, { defaultValue: c.source.type })}
                </Text>
              ) : (
                t(`source.${c.source.type}`, { defaultValue: c.source.type })
              )}
            </Fact>
          )}
          <Fact label={t('fields.value')} testId="contract-value">
            {money(c.value_minor)}
          </Fact>
          <Fact label={t('fields.start')}>{formatDay(c.start_date, language)}</Fact>
          <Fact label={t('fields.end')}>{formatDay(c.end_date, language)}</Fact>
          <Fact label={t('fields.renewal')}>
            {t(`renewal.${c.renewal}`)}
            {c.renewal_term_months ? ` · ${t('detail.months', { months: c.renewal_term_months })}` : ''}
          </Fact>
          {c.notice_deadline && (
            <Fact label={t('detail.noticeDeadline')}>{formatDay(c.notice_deadline, language)}</Fact>
          )}
          <Fact label={t('fields.owner')}>{c.owner.name}</Fact>
          <Fact label={t('fields.department')}>{c.department?.name ?? '—'}</Fact>
          <Fact label={t('fields.paymentTerms')}>{c.payment_terms || '—'}</Fact>
          <Fact label={t('detail.alerts')} testId="contract-alerts">
            {c.effective_alert_days.map((d) => t('detail.daysBefore', { days: d })).join(', ')}
            {c.alert_days === null ? ` (${t('detail.alertsDefault')})` : ''}
          </Fact>
          <Fact label={t('fields.alertPeople')} testId="contract-alert-people">
            {c.alert_user_ids.length === 0
              ? '—'
              : c.alert_user_ids
                  .map((userId) => members.data?.find((m) => m.id === userId)?.name ?? `#${userId}`)
                  .join(', ')}
          </Fact>
          <Fact label={t('fields.orders')} testId="contract-orders">
            {c.purchase_orders.length === 0 ? (
              '—'
            ) : (
              <Group gap={6} wrap="wrap">
                {c.purchase_orders.map((o) => (
                  <Text
                    key={o.id}
                    component={Link}
                    to={`/app/p2p/purchase-orders/${o.id}`}
                    size="sm"
                    c="teal.8"
                  >
                    {o.number}
                  </Text>
                ))}
              </Group>
            )}
          </Fact>
          <Fact label={t('detail.spend')}>
            {money(c.spend.ordered_minor)} / {money(c.spend.invoiced_minor)}
          </Fact>
          {c.standstill_until && (
            <Fact label={t('detail.standstill')}>{formatDate(c.standstill_until, language, true)}</Fact>
          )}
        </SimpleGrid>
      </Section>

      {c.approval && (
        <Section title={t('detail.approval')} testId="contract-approval">
          <Stack gap={4}>
            {c.approval.route.map((step) => (
              <Text key={step} size="sm">
                {step}
              </Text>
            ))}
            {c.approval.decisions.map((d) => (
              <Text key={`${d.round}-${d.step}-${d.user.id}`} size="sm" c="dimmed">
                {t(`decision.${d.decision}`, {
                  name: d.user.name,
                  date: formatDate(d.decided_at, language, true),
                })}
                {d.comment ? ` — ${d.comment}` : ''}
              </Text>
            ))}
          </Stack>
        </Section>
      )}

      {(c.signatures.length > 0 || c.content_sha256) && (
        <Section title={t('detail.signatures')} testId="contract-signatures">
          <Stack gap="xs">
            {c.signatures.map((s) => (
              <Group key={s.side} gap="xs" wrap="wrap">
                <Badge variant="light">{t(`side.${s.side}`)}</Badge>
                <Text size="sm" fw={600}>
                  {s.signer}
                </Text>
                <Text size="sm" c="dimmed">
                  {s.party} · {formatDate(s.signed_at, language, true)} · {t(`method.${s.method}`)}
                  {s.ip ? ` · ${s.ip}` : ''}
                </Text>
              </Group>
            ))}
            {c.pdf_sha256 && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="contract-hash">
                SHA-256 (PDF): {c.pdf_sha256}
              </Text>
            )}
          </Stack>
        </Section>
      )}

      <Section title={t('detail.text')} testId="contract-text">
        {editing === null ? (
          <ContractText html={c.body_html} />
        ) : (
          <Stack gap="sm">
            <Suspense fallback={<Textarea value={editing} readOnly autosize />}>
              <ContractTextEditor label={t('detail.text')} value={editing} onChange={setEditing} />
            </Suspense>
            <TextInput
              label={t('detail.versionNote')}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                {t('detail.cancel')}
              </Button>
              <Button
                loading={busy}
                data-testid="contract-save-text"
                onClick={async () => {
                  if (
                    await act(
                      () => contractsApi.update(id, { body_html: editing, version_note: note }),
                      t('detail.saved'),
                    )
                  ) {
                    setEditing(null);
                    setNote('');
                  }
                }}
              >
                {t('detail.save')}
              </Button>
            </Group>
          </Stack>
        )}
      </Section>

      {(c.changes.length > 0 || c.parent_id) && (
        <Section title={t('change.title')} testId="contract-changes">
          <Stack gap={4}>
            {c.parent_id && (
              <Text component={Link} to={`/app/contracts/${c.parent_id}`} size="sm" c="teal.8">
                {t('change.parent')}
              </Text>
            )}
            {c.changes.map((ch) => (
              <Group key={ch.id} gap="xs">
                <Text component={Link} to={`/app/contracts/${ch.id}`} size="sm" c="teal.8">
                  {ch.number} · {t(`kind.${ch.kind}`)}
                </Text>
                <StatusBadge status={ch.status} />
              </Group>
            ))}
          </Stack>
        </Section>
      )}

      <Versions id={id} organisationId={organisationId} current={c.version_no} />
      <Documents id={id} organisationId={organisationId} manager={manager} />
      {c.kind === 'contract' && <Obligations id={id} organisationId={organisationId} manager={manager} />}

      {has('edit') && (
        <TermsDialog
          contract={c}
          organisationId={organisationId}
          opened={editingTerms}
          onClose={() => setEditingTerms(false)}
          busy={busy}
          onSave={(update) => act(() => contractsApi.update(id, update), t('terms.saved'))}
        />
      )}
      {has('edit') && (
        <AlertsAndOrdersDialog
          contract={c}
          organisationId={organisationId}
          opened={editingAlerts}
          onClose={() => setEditingAlerts(false)}
          busy={busy}
          onSave={(update) => act(() => contractsApi.update(id, update), t('detail.alertsSaved'))}
        />
      )}
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={t('detail.reject')} centered>
        <Stack>
          <Textarea
            label={t('detail.reason')}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button
              color="red"
              loading={busy}
              disabled={!comment.trim()}
              onClick={async () => {
                if (await act(() => contractsApi.decide(id, 'reject', comment), t('detail.rejected')))
                  setRejecting(false);
              }}
            >
              {t('detail.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={changing !== null}
        onClose={() => setChanging(null)}
        title={changing === 'termination' ? t('change.terminate') : t('change.amend')}
        centered
      >
        <Stack>
          <TextInput
            label={t('fields.title')}
            value={change.title}
            onChange={(event) => setChange({ ...change, title: event.currentTarget.value })}
            data-testid="change-title"
          />
          <Textarea
            label={t('change.text')}
            autosize
            minRows={4}
            value={change.text}
            onChange={(event) => setChange({ ...change, text: event.currentTarget.value })}
            data-testid="change-text"
          />
          {changing === 'amendment' && (
            <SimpleGrid cols={2}>
              <TextInput
                type="date"
                label={t('change.newEnd')}
                value={change.end}
                onChange={(event) => setChange({ ...change, end: event.currentTarget.value })}
              />
              <TextInput
                label={t('change.newValue')}
                inputMode="decimal"
                value={change.value}
                onChange={(event) => setChange({ ...change, value: event.currentTarget.value })}
              />
            </SimpleGrid>
          )}
          <Group justify="flex-end">
            <Button
              loading={busy}
              disabled={!change.title.trim() || !change.text.trim() || changing === null}
              data-testid="change-create"
              onClick={async () => {
                if (!changing) return;
                const escape = (text: string) =>
                  text.replace(/[&<>]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[ch]!);
                const body_html = change.text
                  .split(/\n{2,}/)
                  .map((paragraph) => `<p>${escape(paragraph.trim())}</p>`)
                  .join('');
                let created = 0;
                const done = await act(async () => {
                  created = (
                    await contractsApi.change(id, {
                      kind: changing,
                      title: change.title,
                      body_html,
                      end_date: changing === 'amendment' && change.end ? change.end : null,
                      value_minor:
                        changing === 'amendment' && change.value
                          ? Math.round(Number(change.value) * 100)
                          : null,
                    })
                  ).id;
                }, t('change.created'));
                if (done) {
                  setChanging(null);
                  setChange({ title: '', text: '', end: '', value: '' });
                  void navigate(`/app/contracts/${created}`);
                }
              }}
            >
              {t('change.create')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <SignatureCodeDialog
        opened={signing}
        onClose={() => setSigning(false)}
        requestCode={() => contractsApi.requestCode(id)}
        sign={async (code) => {
          await contractsApi.sign(id, code);
          await refresh();
          toast.success(t('detail.signed'));
        }}
        labels={{
          title: t('sign.title'),
          mailed: t('sign.mailed'),
          authenticator: t('sign.authenticator'),
          send: t('sign.send'),
          sign: t('sign.sign'),
          cancel: t('detail.cancel'),
          codeLabel: t('sign.code'),
        }}
      />
    </PageFrame>
  );
}

function Versions({ id, organisationId, current }: { id: number; organisationId: number; current: number }) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const versions = useQuery(versionsQuery(organisationId, id));
  const [from, setFrom] = useState(Math.max(1, current - 1));
  const [to, setTo] = useState(current);
  const comparison = useQuery(compareQuery(organisationId, id, from, to));
  const options = (versions.data ?? []).map((v) => ({
    value: String(v.version_no),
    label: `${t('versions.version', { number: v.version_no })} · ${formatDate(v.created_at, language, true)}${v.note ? ` · ${v.note}` : ''}`,
  }));
  if (current < 2) return null;
  const colour = {
    same: undefined,
    added: 'var(--mantine-color-teal-1)',
    removed: 'var(--mantine-color-red-1)',
  } as const;
  return (
    <Section title={t('versions.title')} testId="contract-versions">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Select
            label={t('versions.from')}
            data={options}
            value={String(from)}
            onChange={(v) => v && setFrom(Number(v))}
            allowDeselect={false}
            w={260}
          />
          <Select
            label={t('versions.to')}
            data={options}
            value={String(to)}
            onChange={(v) => v && setTo(Number(v))}
            allowDeselect={false}
            w={260}
          />
        </Group>
        {comparison.data && (
          <Paper withBorder p="sm" data-testid="contract-comparison">
            <Stack gap={6}>
              {comparison.data.paragraphs
                .filter((p) => p.op !== 'same')
                .map((p, index) => (
                  <Text key={index} size="sm">
                    <Badge size="xs" variant="light" mr={6}>
                      {t(`versions.${p.op}`)}
                    </Badge>
                    {p.parts.map((part, k) => (
                      <Text
                        key={k}
                        span
                        style={{
                          background: colour[part.op],
                          textDecoration: part.op === 'removed' ? 'line-through' : undefined,
                        }}
                        data-op={part.op}
                      >
                        {part.text}{' '}
                      </Text>
                    ))}
                  </Text>
                ))}
              {comparison.data.paragraphs.every((p) => p.op === 'same') && (
                <Text size="sm">{t('versions.same')}</Text>
              )}
            </Stack>
          </Paper>
        )}
      </Stack>
    </Section>
  );
}

function Documents({
  id,
  organisationId,
  manager,
}: {
  id: number;
  organisationId: number;
  manager: boolean;
}) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const documents = useQuery(documentsQuery(organisationId, id));
  const [busy, setBusy] = useState(false);
  return (
    <Section title={t('documents.title')} testId="contract-documents">
      <Stack gap="xs">
        {(documents.data ?? []).map((d) => (
          <Group key={d.id} gap="xs">
            <Text component="a" href={`/api/v1/contracts/${id}/documents/${d.id}/`} size="sm" c="teal.8">
              {d.name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatFileSize(d.size, language)} · {formatDate(d.created_at, language, true)}
            </Text>
          </Group>
        ))}
        {documents.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('documents.none')}
          </Text>
        )}
        {manager && (
          <FileButton
            onChange={async (file) => {
              if (!file) return;
              setBusy(true);
              try {
                await contractsApi.addDocument(id, file);
                await queryClient.invalidateQueries({ queryKey: key(organisationId, id, 'documents') });
              } catch (failure) {
                toast.error(messageText(failure instanceof Error ? failure : String(failure)) ?? '');
              } finally {
                setBusy(false);
              }
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={busy}
                w="fit-content"
                data-testid="contract-add-document"
              >
                {t('documents.add')}
              </Button>
            )}
          </FileButton>
        )}
      </Stack>
    </Section>
  );
}

function Obligations({
  id,
  organisationId,
  manager,
}: {
  id: number;
  organisationId: number;
  manager: boolean;
}) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const obligations = useQuery(obligationsQuery(organisationId, id));
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const [kind, setKind] = useState<(typeof OBLIGATION_KINDS)[number]>('delivery');
  const save = async (work: () => Promise<unknown>) => {
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: key(organisationId, id, 'obligations') });
    } catch (failure) {
      toast.error(messageText(failure instanceof Error ? failure : String(failure)) ?? '');
    }
  };
  return (
    <Section title={t('obligations.title')} testId="contract-obligations">
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Tbody>
              {(obligations.data ?? []).map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>{t(`obligationKind.${o.kind}`)}</Table.Td>
                  <Table.Td>{o.title}</Table.Td>
                  <Table.Td>{formatDay(o.due_date, language)}</Table.Td>
                  <Table.Td>{o.owner.name}</Table.Td>
                  <Table.Td>
                    {o.done_at ? (
                      <Badge color="teal" variant="light">
                        {t('obligations.done')}
                      </Badge>
                    ) : (
                      manager && (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => save(() => contractsApi.completeObligation(id, o.id))}
                        >
                          {t('obligations.markDone')}
                        </Button>
                      )
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {manager && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t('obligations.kind')}
              data={OBLIGATION_KINDS.map((k) => ({ value: k, label: t(`obligationKind.${k}`) }))}
              value={kind}
              onChange={(v) => v && setKind(v as typeof kind)}
              allowDeselect={false}
              w={160}
            />
            <TextInput
              label={t('obligations.what')}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              style={{ flex: '1 1 200px' }}
            />
            <TextInput
              type="date"
              label={t('obligations.due')}
              value={due}
              onChange={(e) => setDue(e.currentTarget.value)}
            />
            <Button
              variant="default"
              disabled={!title.trim() || !due}
              onClick={() =>
                save(async () => {
                  await contractsApi.addObligation(id, { kind, title, due_date: due, remind_days: 7 });
                  setTitle('');
                  setDue('');
                })
              }
            >
              {t('obligations.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Section>
  );
}
