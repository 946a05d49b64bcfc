import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { AddEuteRequest, maxLengthOf, type Eute } from '@graftmatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { addEute } from './api';
import { adminKeys } from './keys';

/** A new bank by name and EUTE number (imports name their bank by it); saving selects the bank. */
export function EuteAddModal(props: { opened: boolean; onClose: () => void; onSaved: (eute: Eute) => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('admin.eutes.addTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {props.opened && <EuteAddForm onDone={props.onClose} onSaved={props.onSaved} />}
    </Modal>
  );
}

function EuteAddForm({ onDone, onSaved }: { onDone: () => void; onSaved: (eute: Eute) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState({ name: '', euteNumber: '', email: '' });
  const [touched, setTouched] = useState(false);
  const labels = {
    name: t('admin.eutes.fields.name'),
    euteNumber: t('admin.eutes.fields.euteNumber'),
    email: t('admin.eutes.fields.email'),
  };
  const save = useFormMutation({
    labels,
    mutationFn: () =>
      addEute({
        name: fields.name.trim(),
        euteNumber: fields.euteNumber.trim(),
        ...(fields.email.trim() !== '' && { email: fields.email.trim() }),
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.eute(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      notify('success', t('admin.eutes.added', { name: saved.name }));
      onSaved(saved);
      onDone();
    },
  });
  const missing = (name: 'name' | 'euteNumber') => touched && fields[name].trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (fields.name.trim() !== '' && fields.euteNumber.trim() !== '') {
      save.mutate();
    }
  };
  const input = (name: keyof typeof fields) => ({
    value: fields[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setFields((current) => ({ ...current, [name]: value }));
      save.edited(name);
    },
    'data-testid': `eute-add-${name}`,
  });
  return (
    <form onSubmit={submit} noValidate data-testid="eute-add-form">
      <Stack>
        <FormRefusal form={save} testId="eute-add-error" />
        <TextInput
          label={labels.name}
          required
          maxLength={maxLengthOf(AddEuteRequest, 'name')}
          data-autofocus
          error={missing('name') ? t('admin.required') : save.fieldError('name')}
          {...input('name')}
        />
        <TextInput
          label={labels.euteNumber}
          description={t('admin.eutes.numberHint')}
          required
          maxLength={maxLengthOf(AddEuteRequest, 'euteNumber')}
          error={missing('euteNumber') ? t('admin.required') : save.fieldError('euteNumber')}
          {...input('euteNumber')}
        />
        <TextInput
          label={labels.email}
          type="email"
          maxLength={maxLengthOf(AddEuteRequest, 'email')}
          error={save.fieldError('email')}
          {...input('email')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="eute-add-submit">
            {t('admin.eutes.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
