// A new password typed twice (change password, reset password): one pair of fields for every form that sets one.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { PASSWORD_RULE } from '../../../../domain/accounts';
import { Field } from '../../../components/ui/input';
import { PasswordInput } from './password-input';

interface NewPassword extends FieldValues {
  newPassword: string;
  confirmPassword: string;
}

export function NewPasswordFields<T extends NewPassword>({ form }: { form: UseFormReturn<T> }) {
  const { errors } = form.formState;
  const message = (name: 'newPassword' | 'confirmPassword') => {
    const text = errors[name]?.message;
    return typeof text === 'string' ? text : undefined;
  };
  return (
    <>
      <Field label="New password" error={message('newPassword')} hint={PASSWORD_RULE}>
        {(field) => (
          <PasswordInput
            {...field}
            autoComplete="new-password"
            {...form.register('newPassword' as Path<T>)}
          />
        )}
      </Field>
      <Field label="Confirm new password" error={message('confirmPassword')}>
        {(field) => (
          <PasswordInput
            {...field}
            autoComplete="new-password"
            {...form.register('confirmPassword' as Path<T>)}
          />
        )}
      </Field>
    </>
  );
}
