import { Combobox, Group, Input, InputBase, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../lib/format.ts';
import {
  callingCode,
  countryOf,
  nationalText,
  PHONE_RULES,
  phoneCountries,
  readPhone,
  sanitisePhoneText,
  type CountryCode,
} from './phone-number.ts';

/** Flags are the API's (flag-icons); two islands with their own calling code fly Saint Helena's. */
const FLAG_OF: Partial<Record<CountryCode, string>> = { AC: 'sh', TA: 'sh' };
const flagUrl = (country: CountryCode) => `/flags/${FLAG_OF[country] ?? country.toLowerCase()}.svg`;

function Flag({ country, lazy }: { country: CountryCode; lazy?: boolean }) {
  return (
    <img
      src={flagUrl(country)}
      alt=""
      width={20}
      height={15}
      loading={lazy ? 'lazy' : undefined}
      style={{ borderRadius: 2, objectFit: 'cover', boxShadow: '0 0 0 1px rgba(0,0,0,0.1)', flexShrink: 0 }}
    />
  );
}

export interface PhoneInputProps {
  label: ReactNode;
  /** The stored number: E.164 once it can be read (see `readPhone`), '' when empty. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  description?: ReactNode;
  error?: ReactNode;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  /** Countries a number may come from (M-Pesa: Kenya only); all of them when left out. */
  allowedCountries?: readonly CountryCode[];
  /** The selector's country while nothing is typed (SPEC §9: Kenya). */
  defaultCountry?: CountryCode;
  testId?: string;
}

interface State {
  text: string;
  country: CountryCode;
  /** The last value this input reported, to tell the form's own changes (a reset) from the echo of ours. */
  reported: string;
}

/**
 * SPEC §3 telephone input: a country selector (default Kenya) beside a text field named `telephone` of
 * at most 25 characters that takes digits, spaces, parentheses, plus and hyphen. It reports the number
 * in E.164; the form checks it with `phoneProblem`.
 */
export function PhoneInput({
  label,
  value,
  onChange,
  onBlur,
  description,
  error,
  placeholder,
  required,
  disabled,
  allowedCountries,
  defaultCountry = PHONE_RULES.defaultCountry,
  testId = 'phone-input',
}: PhoneInputProps) {
  const { t, i18n } = useTranslation('phone');
  const language = i18n.resolvedLanguage ?? 'en';
  const id = useId();
  const allowed = (country: CountryCode | undefined): country is CountryCode =>
    Boolean(country) && (!allowedCountries || allowedCountries.includes(country as CountryCode));
  const fromValue = (stored: string, fallback: CountryCode): State => {
    const country = countryOf(stored);
    return {
      text: stored ? nationalText(stored) : '',
      country: allowed(country) ? country : fallback,
      reported: stored,
    };
  };
  const [state, setState] = useState<State>(() => fromValue(value, defaultCountry));
  // The form changed the value itself (a reset, saved details): show that number.
  if (value !== state.reported) setState(fromValue(value, state.country));
  // A new default (the form's country was chosen) applies while nothing is typed.
  const [lastDefault, setLastDefault] = useState(defaultCountry);
  if (defaultCountry !== lastDefault) {
    setLastDefault(defaultCountry);
    if (!state.text.trim() && allowed(defaultCountry)) setState({ ...state, country: defaultCountry });
  }

  const countries = useMemo(() => {
    const collator = new Intl.Collator(language);
    return (allowedCountries ? [...allowedCountries] : phoneCountries())
      .map((code) => ({ code, name: countryName(code, code, language), dial: callingCode(code) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [allowedCountries, language]);
  const single = countries.length === 1;

  const report = (text: string, country: CountryCode) => {
    const reading = readPhone(text, country);
    const next = allowed(reading.country) ? reading.country : country;
    setState({ text, country: next, reported: reading.value });
    onChange(reading.value);
  };

  const chooseCountry = (country: CountryCode) => {
    // An international number typed before keeps its national part under the new calling code.
    const reading = readPhone(state.text, state.country);
    const national =
      state.text.trim().startsWith('+') && reading.value.startsWith('+')
        ? reading.value.slice(1 + callingCode(reading.country ?? state.country).length)
        : state.text;
    const reading2 = readPhone(national, country);
    setState({ text: national, country, reported: reading2.value });
    onChange(reading2.value);
  };

  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const needle = search.trim().toLowerCase().replace(/^\+/, '');
  // Names that start with the search come first ("uga": Uganda before Portugal).
  const startsWith = (c: (typeof countries)[number]) =>
    c.name.toLowerCase().startsWith(needle) || c.code.toLowerCase() === needle || c.dial.startsWith(needle);
  const shown = needle
    ? [
        ...countries.filter(startsWith),
        ...countries.filter((c) => !startsWith(c) && c.name.toLowerCase().includes(needle)),
      ]
    : countries;
  const current = countries.find((c) => c.code === state.country);
  // The visible '+254' is part of the name (WCAG 2.5.3: speech users say what they see).
  const countryLabel = `${t('country', { country: current?.name ?? state.country })} +${callingCode(state.country)}`;

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      required={required}
      // The hint under the field keeps the field level with its neighbours in a two-column form.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      data-testid={testId}
    >
      {/* One offset for the pair: the selector has a wrapper of its own and would not get it. */}
      <Group gap={0} wrap="nowrap" align="stretch" mb={description || error ? 5 : 0}>
        {single ? (
          // One possible country (M-Pesa: Kenya): its code is shown, there is nothing to choose.
          <InputBase
            component="div"
            leftSection={<Flag country={state.country} />}
            aria-label={countryLabel}
            error={Boolean(error)}
            w={96}
            styles={{
              input: {
                borderStartEndRadius: 0,
                borderEndEndRadius: 0,
                display: 'flex',
                alignItems: 'center',
              },
            }}
            data-testid={`${testId}-country`}
            data-country={state.country}
          >
            +{callingCode(state.country)}
          </InputBase>
        ) : (
          <Combobox
            store={combobox}
            onOptionSubmit={(code) => {
              chooseCountry(code as CountryCode);
              combobox.closeDropdown();
            }}
            width={300}
            position="bottom-start"
            shadow="md"
            // SPEC §9: the list opens above the field when there is too little room below it.
            middlewares={{ flip: true, shift: true }}
          >
            <Combobox.Target>
              <InputBase
                component="button"
                type="button"
                pointer
                disabled={disabled}
                leftSection={<Flag country={state.country} />}
                rightSection={<Combobox.Chevron />}
                rightSectionPointerEvents="none"
                onClick={() => combobox.toggleDropdown()}
                aria-label={countryLabel}
                error={Boolean(error)}
                w={116}
                styles={{ input: { borderStartEndRadius: 0, borderEndEndRadius: 0 } }}
                data-testid={`${testId}-country`}
                data-country={state.country}
              >
                +{callingCode(state.country)}
              </InputBase>
            </Combobox.Target>
            <Combobox.Dropdown>
              <Combobox.Search
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                placeholder={t('searchCountry')}
                aria-label={t('searchCountry')}
              />
              <Combobox.Options>
                <ScrollArea.Autosize mah={240} type="scroll">
                  {shown.length === 0 ? (
                    <Combobox.Empty>{t('noCountry')}</Combobox.Empty>
                  ) : (
                    shown.map((c) => (
                      <Combobox.Option
                        value={c.code}
                        key={c.code}
                        active={c.code === state.country}
                        aria-selected={c.code === state.country}
                      >
                        <Group gap="xs" wrap="nowrap">
                          {/* The list stays mounted (hidden) while closed: its ~240 flags are fetched only
                              once it opens, and then only those scrolled near. */}
                          {combobox.dropdownOpened ? (
                            <Flag country={c.code} lazy />
                          ) : (
                            <span style={{ width: 20, height: 15, flexShrink: 0 }} />
                          )}
                          <Text size="sm" style={{ flex: 1 }}>
                            {c.name}
                          </Text>
                          <Text size="sm" c="dimmed">
                            +{c.dial}
                          </Text>
                        </Group>
                      </Combobox.Option>
                    ))
                  )}
                </ScrollArea.Autosize>
              </Combobox.Options>
            </Combobox.Dropdown>
          </Combobox>
        )}
        <Input
          id={id}
          name="telephone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={PHONE_RULES.maxLength}
          placeholder={placeholder ?? t('placeholder')}
          value={state.text}
          onChange={(event) => report(sanitisePhoneText(event.currentTarget.value), state.country)}
          onBlur={onBlur}
          disabled={disabled}
          error={Boolean(error)}
          required={required}
          aria-invalid={Boolean(error)}
          style={{ flex: 1, minWidth: 0 }}
          styles={{
            wrapper: { marginTop: 0, marginBottom: 0 },
            input: { borderStartStartRadius: 0, borderEndStartRadius: 0, marginInlineStart: -1 },
          }}
          data-testid={`${testId}-number`}
        />
      </Group>
    </Input.Wrapper>
  );
}
