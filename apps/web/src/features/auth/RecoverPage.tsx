import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../components/notify';
import { recoverPassword } from './api';
import { AuthForm } from './AuthForm';
import { useNewPassword } from './useNewPassword';

/** Sets a new password with the token of the mailed link `/recover/{token}`, then goes to root. */
export function RecoverPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const { password, problem, fields } = useNewPassword();
  const mutation = useMutation({
    mutationFn: () => recoverPassword(token, { password }),
    meta: { silent: true },
    onSuccess: () => {
      notify('success', t('recover.done'));
      void navigate('/', { replace: true });
    },
  });
  return (
    <AuthForm
      title={{ id: 'recover-title', text: t('recover.title') }}
      intro={t('recover.intro')}
      onSubmit={() => mutation.mutate()}
      error={mutation.error}
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
