import { Alert, Button, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../phone/PhoneInput.tsx';
import { phoneProblem, readPhone, withoutPlus, type CountryCode } from '../phone/phone-number.ts';
import { formatMoney } from '../../lib/format.ts';
import type { CheckoutOrder } from './checkout-order.ts';

/** M-Pesa's STK push reaches Kenyan numbers only. */
const MPESA_COUNTRIES: readonly CountryCode[] = ['KE'];

/** Labels with the amount can be long in some languages: they wrap on a phone rather than overflow. */
const WRAPPING = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 8 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 },
} as const;

export type PaymentMethod = 'mpesa' | 'card';

interface Props {
  order: CheckoutOrder;
  /** A number to start from (the order's own contact number, where the page may show it). */
  defaultPhone?: string | undefined;
  submitting: PaymentMethod | null;
  /** Starts the payment; resolves with the server's message for the phone field when it refused it. */
  onPay(method: PaymentMethod, phone?: string): Promise<string | null>;
}

/**
 * SPEC §4 Pending: the payment-method tabs. M-Pesa only when the order is in KES (the API says so with
 * `mpesa_available`); the hosted gateway (card or mobile money on DPO Pay's page) always.
 */
export function PaymentMethods({ order, defaultPhone, submitting, onPay }: Props) {
  const { t, i18n } = useTranslation('checkout');
  const language = i18n.resolvedLanguage ?? 'en';
  const total = formatMoney(order.amount + order.tax, order.currency, language);
  const [method, setMethod] = useState<PaymentMethod>(order.mpesa_available ? 'mpesa' : 'card');
  const usable = (stored: string | undefined) => {
    const value = stored ? readPhone(stored, 'KE').value : '';
    return value && phoneProblem(value, MPESA_COUNTRIES) === null ? value : '';
  };
  const [phone, setPhone] = useState(() => usable(defaultPhone));
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const busy = submitting !== null;

  const payMpesa = async () => {
    if (busy) return;
    const problem = phone ? phoneProblem(phone, MPESA_COUNTRIES) : 'required';
    if (problem) {
      setPhoneError(t(`problems.${problem}`, { ns: 'phone' }));
      return;
    }
    setPhoneError(null);
    const refused = await onPay('mpesa', withoutPlus(phone));
    if (refused) setPhoneError(refused);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="payment-methods">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('methods.title')}
        </Title>
        <Tabs
          value={method}
          onChange={(value) => setMethod(value === 'card' ? 'card' : 'mpesa')}
          variant="outline"
          keepMounted={false}
        >
          <Tabs.List grow>
            {order.mpesa_available && (
              <Tabs.Tab value="mpesa" data-testid="payment-tab-mpesa" disabled={busy}>
                {t('methods.mpesa')}
              </Tabs.Tab>
            )}
            <Tabs.Tab value="card" data-testid="payment-tab-card" disabled={busy}>
              {t('methods.card')}
            </Tabs.Tab>
          </Tabs.List>

          {order.mpesa_available && (
            <Tabs.Panel value="mpesa" pt="md">
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void payMpesa();
                }}
              >
                <Stack gap="md">
                  <Text size="sm">{t('methods.mpesaLead')}</Text>
                  <PhoneInput
                    label={t('methods.phone')}
                    description={t('hint', { ns: 'phone' })}
                    placeholder="2547XXXXXXXX"
                    value={phone}
                    onChange={(value) => {
                      setPhone(value);
                      if (phoneError) setPhoneError(null);
                    }}
                    error={phoneError}
                    required
                    disabled={busy}
                    allowedCountries={MPESA_COUNTRIES}
                    testId="phone-input"
                  />
                  <Button
                    type="submit"
                    size="md"
                    loading={submitting === 'mpesa'}
                    styles={WRAPPING}
                    data-testid="pay-mpesa"
                  >
                    {t('methods.payMpesa', { amount: total })}
                  </Button>
                </Stack>
              </form>
            </Tabs.Panel>
          )}

          <Tabs.Panel value="card" pt="md">
            <Stack gap="md">
              {!order.mpesa_available && (
                <Alert color="gray" variant="light" data-testid="mpesa-unavailable">
                  {t('methods.mpesaKesOnly')}
                </Alert>
              )}
              <Text size="sm">{t('methods.cardLead')}</Text>
              <Button
                size="md"
                loading={submitting === 'card'}
                disabled={busy && submitting !== 'card'}
                styles={WRAPPING}
                onClick={() => {
                  if (!busy) void onPay('card');
                }}
                data-testid="pay-card"
              >
                {t('methods.payCard', { amount: total })}
              </Button>
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}
