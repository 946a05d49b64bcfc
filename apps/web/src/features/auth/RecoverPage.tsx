import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFormMutation } from '../../lib/useFormMutation';
import { notify } from '../../components/notify';
import { recoverPassword } from './api';
import { AuthForm } from './AuthForm';
import { useNewPassword } from './useNewPassword';

/** Sets a new password with the token of the mailed link `/recover/{token}`, then goes to root. */
export function RecoverPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const mutation = useFormMutation({
    labels: { password: t('password.new') },
    mutationFn: () => recoverPassword(token, { password }),
    onSuccess: () => {
      notify('success', t('recover.done'));
      void navigate('/', { replace: true });
    },
  });
  const { password, problem, fields } = useNewPassword(
    () => mutation.edited('password'),
    mutation.fieldError('password'),
  );
  return (
    <AuthForm
      title={{ id: 'recover-title', text: t('recover.title') }}
      intro={t('recover.intro')}
      onSubmit={() => mutation.mutate()}
      error={mutation.error}
      formError={mutation.formError}
      submit={{
        label: t('recover.submit'),
        testId: 'recover-submit',
        pending: mutation.isPending,
        disabled: problem !== null,
      }}
    >
      {fields}
    </AuthForm>
  );
}
