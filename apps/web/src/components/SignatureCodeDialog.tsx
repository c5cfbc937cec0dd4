import { Alert, Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';

export interface SignatureCodeLabels {
  title: string;
  /** Shown once a code was mailed. */
  mailed: string;
  /** Shown to a signer with an authenticator app. */
  authenticator: string;
  send: string;
  sign: string;
  cancel: string;
  codeLabel: string;
}

/**
 * Signing a document with a one-time code: the code is asked for (mailed to the signer, or read from their
 * authenticator app), typed here, and the signature sent. Used by the buyer's and the supplier's contract
 * pages; the texts come from the page's own namespace.
 */
export function SignatureCodeDialog({
  opened,
  onClose,
  requestCode,
  sign,
  labels,
}: {
  opened: boolean;
  onClose(): void;
  requestCode(): Promise<{ method: 'email_code' | 'authenticator' }>;
  sign(code: string): Promise<unknown>;
  labels: SignatureCodeLabels;
}) {
  const [method, setMethod] = useState<'email_code' | 'authenticator' | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setMethod(null);
    setCode('');
    setError(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={labels.title} centered data-testid="signature-dialog">
      <Stack gap="md">
        {method === null ? (
          <Button
            loading={busy}
            onClick={() => run(async () => setMethod((await requestCode()).method))}
            data-testid="signature-send-code"
          >
            {labels.send}
          </Button>
        ) : (
          <>
            <Text size="sm">{method === 'authenticator' ? labels.authenticator : labels.mailed}</Text>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="signature-code-label">
                {labels.codeLabel}
              </Text>
              <PinInput
                length={6}
                type="number"
                oneTimeCode
                value={code}
                onChange={setCode}
                aria-labelledby="signature-code-label"
                data-testid="signature-code"
              />
            </Stack>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {labels.cancel}
              </Button>
              <Button
                loading={busy}
                disabled={code.length !== 6}
                onClick={() =>
                  run(async () => {
                    await sign(code);
                    close();
                  })
                }
                data-testid="signature-sign"
              >
                {labels.sign}
              </Button>
            </Group>
          </>
        )}
        {error && (
          <Alert color="red" data-testid="signature-error">
            {error}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
