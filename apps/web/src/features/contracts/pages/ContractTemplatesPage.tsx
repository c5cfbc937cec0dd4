import { Badge, Button, Group, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTRACT_LANGUAGES } from '@zabuni/contracts';
import { MERGE_FIELDS } from '@zabuni/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink, PageFrame, PageHeader, Section } from '../../../components/PageFrame.tsx';
import { messageText } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { clausesQuery, contractsApi, key, NS, settingsQuery, templatesQuery } from '../api.ts';
import { useRoles } from '../roles.ts';

const ContractTextEditor = lazy(() => import('../components/ContractTextEditor.tsx'));

interface TemplateDraft {
  /** The template being changed; null: a new one. */
  id: number | null;
  name: string;
  language: string;
  body: string;
  active: boolean;
}
const NEW_TEMPLATE: TemplateDraft = { id: null, name: '', language: 'en', body: '', active: true };
interface ClauseDraft {
  id: number | null;
  title: string;
  language: string;
  body: string;
  alternativeOf: string;
  approved: boolean;
}
const NEW_CLAUSE: ClauseDraft = {
  id: null,
  title: '',
  language: 'en',
  body: '',
  alternativeOf: '',
  approved: true,
};

/** Scrolls the add/change form of a section into view (after choosing a row to change). */
const showForm = (testId: string) =>
  requestAnimationFrame(() =>
    document
      .querySelector(`[data-testid="${testId}"]`)
      ?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
  );

/**
 * `/app/contracts/templates`: the organisation's templates (merge fields such as `{{supplier_name}}`), its
 * clause library (standard clauses and approved alternatives, per language) and the default alert days.
 */
export function Component() {
  const { t } = useTranslation(NS);
  const { organisationId, manager } = useRoles();
  const queryClient = useQueryClient();
  const templates = useQuery(templatesQuery(organisationId));
  const clauses = useQuery(clausesQuery(organisationId));
  const settings = useQuery(settingsQuery(organisationId));
  const [template, setTemplate] = useState<TemplateDraft>(NEW_TEMPLATE);
  const [clause, setClause] = useState<ClauseDraft>(NEW_CLAUSE);
  // The text editor takes its content when it mounts: a new key loads another template's or clause's text.
  const [formKeys, setFormKeys] = useState({ template: 0, clause: 0 });
  const openTemplate = (draft: TemplateDraft) => {
    setTemplate(draft);
    setFormKeys((keys) => ({ ...keys, template: keys.template + 1 }));
  };
  const openClause = (draft: ClauseDraft) => {
    setClause(draft);
    setFormKeys((keys) => ({ ...keys, clause: keys.clause + 1 }));
  };
  const [days, setDays] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: key(organisationId) });
      toast.success(done);
      return true;
    } catch (failure) {
      toast.error(messageText(failure instanceof Error ? failure : String(failure)) ?? '');
      return false;
    } finally {
      setBusy(false);
    }
  };
  const languages = CONTRACT_LANGUAGES.map((code) => ({ value: code, label: code }));
  const shownDays = days ?? (settings.data?.alert_days ?? []).map(String);

  return (
    <PageFrame testId="contract-templates-page">
      <BackLink to="/app/contracts/dashboard" label={t('dashboard.title')} />
      <PageHeader module="contracts" title={t('library.title')} lead={t('library.lead')} />

      <Section title={t('library.alerts')} testId="contract-alert-settings">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TagsInput
            label={t('library.alertDays')}
            description={t('library.alertDaysHelp')}
            value={shownDays}
            onChange={(values) => setDays(values.filter((v) => /^\d{1,4}$/.test(v)))}
            disabled={!manager}
            style={{ flex: '1 1 260px' }}
          />
          {manager && (
            <Button
              variant="default"
              loading={busy}
              disabled={shownDays.length === 0}
              onClick={() => save(() => contractsApi.saveSettings(shownDays.map(Number)), t('library.saved'))}
            >
              {t('library.save')}
            </Button>
          )}
        </Group>
      </Section>

      <Section title={t('library.templates')} testId="contract-templates">
        <Stack gap="xs">
          {(templates.data ?? []).map((tpl) => (
            <Group key={tpl.id} gap="xs" wrap="wrap" data-testid={`template-${tpl.id}`}>
              <Text size="sm" fw={600} c={tpl.active ? undefined : 'dimmed'}>
                {tpl.name}
              </Text>
              <Badge variant="light" color="gray">
                {tpl.language}
              </Badge>
              {!tpl.active && (
                <Badge variant="light" color="orange">
                  {t('library.inactive')}
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                {tpl.fields.map((f) => `{{${f}}}`).join(' ')}
              </Text>
              {manager && (
                <Group gap={4} ml="auto">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => {
                      openTemplate({
                        id: tpl.id,
                        name: tpl.name,
                        language: tpl.language,
                        body: tpl.body_html,
                        active: tpl.active,
                      });
                      showForm('template-form');
                    }}
                  >
                    {t('library.change')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color={tpl.active ? 'red' : 'teal'}
                    loading={busy}
                    onClick={() =>
                      void save(
                        () =>
                          contractsApi.updateTemplate(tpl.id, {
                            name: tpl.name,
                            language: tpl.language as 'en',
                            body_html: tpl.body_html,
                            active: !tpl.active,
                          }),
                        tpl.active ? t('library.deactivated') : t('library.reactivated'),
                      )
                    }
                  >
                    {tpl.active ? t('library.deactivate') : t('library.reactivate')}
                  </Button>
                </Group>
              )}
            </Group>
          ))}
          {manager && (
            <Stack gap="xs" mt="sm" data-testid="template-form">
              {template.id !== null && (
                <Text size="sm" fw={600}>
                  {t('library.changing', { name: template.name })}
                </Text>
              )}
              <Group gap="sm" wrap="wrap">
                <TextInput
                  label={t('library.name')}
                  value={template.name}
                  onChange={(e) => setTemplate({ ...template, name: e.currentTarget.value })}
                  style={{ flex: '1 1 240px' }}
                />
                <Select
                  label={t('library.language')}
                  data={languages}
                  value={template.language}
                  onChange={(v) => setTemplate({ ...template, language: v ?? 'en' })}
                  allowDeselect={false}
                  w={110}
                />
              </Group>
              <Text size="xs" c="dimmed">
                {t('library.fieldsHelp')} {MERGE_FIELDS.map((field) => `{{${field}}}`).join(' ')}
              </Text>
              <Suspense fallback={null}>
                <ContractTextEditor
                  key={formKeys.template}
                  label={t('library.body')}
                  value={template.body}
                  onChange={(body) => setTemplate((current) => ({ ...current, body }))}
                />
              </Suspense>
              <Button
                w="fit-content"
                loading={busy}
                disabled={!template.name.trim() || !template.body}
                onClick={async () => {
                  const form = {
                    name: template.name,
                    language: template.language as 'en',
                    body_html: template.body,
                    active: template.active,
                  };
                  if (
                    await save(
                      () =>
                        template.id === null
                          ? contractsApi.saveTemplate(form)
                          : contractsApi.updateTemplate(template.id, form),
                      t('library.saved'),
                    )
                  )
                    openTemplate(NEW_TEMPLATE);
                }}
              >
                {template.id === null ? t('library.addTemplate') : t('library.saveChanges')}
              </Button>
              {template.id !== null && (
                <Button w="fit-content" variant="default" onClick={() => openTemplate(NEW_TEMPLATE)}>
                  {t('library.cancelChange')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Section>

      <Section title={t('library.clauses')} testId="contract-clause-library">
        <Stack gap="xs">
          {(clauses.data ?? []).map((c) => (
            <Stack key={c.id} gap={2}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {c.title}
                </Text>
                <Badge variant="light" color="gray">
                  {c.language}
                </Badge>
                {c.alternative_of && <Badge variant="light">{t('fields.alternative')}</Badge>}
                {!c.approved && (
                  <Badge variant="light" color="orange">
                    {t('library.notApproved')}
                  </Badge>
                )}
                {manager && (
                  <Group gap={4} ml="auto">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => {
                        openClause({
                          id: c.id,
                          title: c.title,
                          language: c.language,
                          body: c.body_html,
                          alternativeOf: c.alternative_of ? String(c.alternative_of) : '',
                          approved: c.approved,
                        });
                        showForm('clause-form');
                      }}
                    >
                      {t('library.change')}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color={c.approved ? 'red' : 'teal'}
                      loading={busy}
                      onClick={() =>
                        void save(
                          () =>
                            contractsApi.updateClause(c.id, {
                              title: c.title,
                              language: c.language as 'en',
                              body_html: c.body_html,
                              alternative_of: c.alternative_of,
                              approved: !c.approved,
                            }),
                          c.approved ? t('library.deactivated') : t('library.reactivated'),
                        )
                      }
                    >
                      {c.approved ? t('library.withdraw') : t('library.reactivate')}
                    </Button>
                  </Group>
                )}
              </Group>
              <div
                style={{ fontSize: 14, overflowWrap: 'anywhere' }}
                dangerouslySetInnerHTML={{ __html: c.body_html }}
              />
            </Stack>
          ))}
          {manager && (
            <Stack gap="xs" mt="sm" data-testid="clause-form">
              {clause.id !== null && (
                <Text size="sm" fw={600}>
                  {t('library.changing', { name: clause.title })}
                </Text>
              )}
              <Group gap="sm" wrap="wrap">
                <TextInput
                  label={t('library.clauseTitle')}
                  value={clause.title}
                  onChange={(e) => setClause({ ...clause, title: e.currentTarget.value })}
                  style={{ flex: '1 1 240px' }}
                />
                <Select
                  label={t('library.language')}
                  data={languages}
                  value={clause.language}
                  onChange={(v) => setClause({ ...clause, language: v ?? 'en' })}
                  allowDeselect={false}
                  w={110}
                />
                <Select
                  label={t('library.alternativeOf')}
                  clearable
                  data={(clauses.data ?? [])
                    .filter((c) => !c.alternative_of && c.id !== clause.id)
                    .map((c) => ({ value: String(c.id), label: c.title }))}
                  value={clause.alternativeOf || null}
                  onChange={(v) => setClause({ ...clause, alternativeOf: v ?? '' })}
                  w={240}
                />
              </Group>
              <Suspense fallback={null}>
                <ContractTextEditor
                  key={formKeys.clause}
                  label={t('library.body')}
                  value={clause.body}
                  onChange={(body) => setClause((current) => ({ ...current, body }))}
                />
              </Suspense>
              <Switch
                label={t('library.approved')}
                checked={clause.approved}
                onChange={(e) => setClause({ ...clause, approved: e.currentTarget.checked })}
              />
              <Button
                w="fit-content"
                loading={busy}
                disabled={!clause.title.trim() || !clause.body}
                onClick={async () => {
                  const form = {
                    title: clause.title,
                    language: clause.language as 'en',
                    body_html: clause.body,
                    alternative_of: clause.alternativeOf ? Number(clause.alternativeOf) : null,
                    approved: clause.approved,
                  };
                  if (
                    await save(
                      () =>
                        clause.id === null
                          ? contractsApi.saveClause(form)
                          : contractsApi.updateClause(clause.id, form),
                      t('library.saved'),
                    )
                  )
                    openClause(NEW_CLAUSE);
                }}
              >
                {clause.id === null ? t('library.addClause') : t('library.saveChanges')}
              </Button>
              {clause.id !== null && (
                <Button w="fit-content" variant="default" onClick={() => openClause(NEW_CLAUSE)}>
                  {t('library.cancelChange')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Section>
    </PageFrame>
  );
}
