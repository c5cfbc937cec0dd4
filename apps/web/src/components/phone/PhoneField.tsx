import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useChosenCountry } from '../CompanyContactFields.tsx';
import { isPhoneCountry } from './phone-number.ts';
import { PhoneInput } from './PhoneInput.tsx';

/**
 * The public forms' telephone field: the phone input bound to the form, its country selector starting at the
 * country chosen in the form's country field (while nothing is typed), with the `phone` namespace's hint.
 */
export function PhoneField<T extends FieldValues, V>({
  control,
  name = 'phone_number' as Path<T>,
  countryField = 'country' as Path<T>,
  label,
  error,
  required,
}: {
  control: Control<T, unknown, V>;
  name?: Path<T>;
  countryField?: Path<T>;
  label: ReactNode;
  error?: string;
  required?: boolean;
}) {
  const { t } = useTranslation('phone');
  const chosenCountry = useChosenCountry(control, countryField);
  const defaultCountry = chosenCountry && isPhoneCountry(chosenCountry.iso2) ? chosenCountry.iso2 : undefined;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <PhoneInput
          label={label}
          description={t('hint')}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          defaultCountry={defaultCountry}
          error={error}
          required={required}
          testId="field-phone"
        />
      )}
    />
  );
}
