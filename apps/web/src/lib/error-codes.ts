import i18next from 'i18next';

const NS = 'errors';

/**
 * The interface-language text of an API error by its code (a key of the message catalogue in
 * packages/contracts, held in the `errors` namespace) and its placeholders' values; a value that is itself
 * a code (a status, an action) is translated under `values.<placeholder>.<value>`. With `line` (an index
 * from 0), the text is placed on that line. Undefined when the code is no catalogue key (a class such as
 * `validation`) or the namespace is not loaded: the caller then shows the server's `detail`.
 */
export function translateCode(
  code: string,
  params: Readonly<Record<string, string | number>> = {},
  line?: number,
): string | undefined {
  if (!/^[a-z_]+\.[a-z_]+$/.test(code) || !i18next.exists(code, { ns: NS })) return undefined;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const valueKey = `values.${name}.${String(value)}`;
    values[name] = i18next.exists(valueKey, { ns: NS }) ? i18next.t(valueKey, { ns: NS }) : String(value);
  }
  const text = i18next.t(code, { ns: NS, ...values });
  return line === undefined ? text : i18next.t('format.line', { ns: NS, line: line + 1, message: text });
}
