import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { AddUserRequest, fullName, maxLengthOf, type User } from '@graftmatch/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../components/notify';
import { addUser, listClinics, listEutes, patchUser } from './api';
import { adminKeys } from './keys';
import {
  effectiveTwoFactorTarget,
  membershipOptions,
  newUserState,
  toAddRequest,
  toPatchRequest,
  userFormErrors,
  userState,
  type UserFormField,
  type UserFormState,
} from './userForm';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Editing: the user to change; adding without. */
  user?: User | undefined;
  /** Called with the saved user, after the lists were reloaded. */
  onSaved: (user: User) => void;
}

/** The form's fields by the names the server gives them, labelled as the form shows them. */
const userFieldLabels = (t: TFunction) => ({
  title: t('admin.users.fields.title'),
  firstName: t('admin.users.fields.firstName'),
  lastName: t('admin.users.fields.lastName'),
  email: t('admin.users.fields.email'),
  phone: t('admin.users.fields.phone'),
  twoFactorTarget: t('admin.users.fields.twoFactorTarget'),
  language: t('admin.users.fields.language'),
  clinics: t('admin.users.fields.clinics'),
  eutes: t('admin.users.fields.eutes'),
  admin: t('admin.users.fields.admin'),
  audit: t('admin.users.fields.audit'),
});

// The membership lists go to the server as `clinics` and `eutes`.
const WIRE_NAMES: Readonly<Record<string, string>> = { clinicIds: 'clinics', euteIds: 'eutes' };

/** Add or edit a user (spec §3's fields plus memberships among the active clinics and tissue banks). */
export function UserFormModal({ opened, onClose, user, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={user ? t('admin.users.editTitle') : t('admin.users.addTitle')}>
      <UserForm user={user} onDone={onClose} onSaved={onSaved} />
    </FormModal>
  );
}

export function UserForm({
  user,
  onDone,
  onSaved,
}: {
  user?: User | undefined;
  onDone: () => void;
  onSaved: (user: User) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<UserFormState>(() => (user ? userState(user) : newUserState()));
  const [touched, setTouched] = useState(false);
  const clinics = useQuery({ queryKey: adminKeys.clinics('active'), queryFn: () => listClinics('active') });
  const eutes = useQuery({ queryKey: adminKeys.eutes('active'), queryFn: () => listEutes('active') });
  const errors = userFormErrors(state);
  const set = (patch: Partial<UserFormState>) => {
    setState((current) => ({ ...current, ...patch }));
    Object.keys(patch).forEach((name) => save.edited(WIRE_NAMES[name] ?? name));
  };

  const labels = userFieldLabels(t);
  const save = useFormMutation({
    labels,
    mutationFn: () => (user ? patchUser(toPatchRequest(user.id, state)) : addUser(toAddRequest(state))),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.user(saved.id), saved);
      // Spec §4: saving reloads the lists (and selects the saved user, which the caller does).
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      const name = fullName(saved);
      notify(
        'success',
        user ? t('admin.users.updated', { name }) : t('admin.users.added', { name, email: saved.email }),
      );
      onSaved(saved);
      onDone();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length === 0) {
      save.mutate();
    }
  };
  const show = (field: UserFormField) => {
    const error = touched ? errors[field] : undefined;
    return error === 'required'
      ? t('admin.required')
      : error === 'email'
        ? t('admin.invalidEmail')
        : save.fieldError(field);
  };
  const inactive = t('admin.inactive').toLowerCase();
  const clinicOptions = membershipOptions(
    (clinics.data ?? []).map((clinic) => ({ id: clinic.id, name: clinic.c_Name })),
    (user?.clinics ?? []).map((clinic) => ({ id: clinic.id, name: clinic.c_Name })),
    inactive,
  );
  const euteOptions = membershipOptions(
    (eutes.data ?? []).map((eute) => ({ id: eute.id, name: eute.name })),
    user?.eutes ?? [],
    inactive,
  );
  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <Stack gap="md">
        <FormRefusal form={save} testId="user-form-error" />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput
            label={labels.title}
            value={state.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
            error={save.fieldError('title')}
            maxLength={maxLengthOf(AddUserRequest, 'title')}
            data-testid="user-title"
          />
          <TextInput
            label={labels.firstName}
            value={state.firstName}
            onChange={(e) => set({ firstName: e.currentTarget.value })}
            error={show('firstName')}
            required
            maxLength={maxLengthOf(AddUserRequest, 'firstName')}
            data-autofocus
            data-testid="user-first-name"
          />
          <TextInput
            label={labels.lastName}
            value={state.lastName}
            onChange={(e) => set({ lastName: e.currentTarget.value })}
            error={show('lastName')}
            required
            maxLength={maxLengthOf(AddUserRequest, 'lastName')}
            data-testid="user-last-name"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={labels.email}
            type="email"
            value={state.email}
            onChange={(e) => set({ email: e.currentTarget.value })}
            error={show('email')}
            required
            autoComplete="off"
            data-testid="user-email"
          />
          <TextInput
            label={labels.phone}
            type="tel"
            value={state.phone}
            onChange={(e) => set({ phone: e.currentTarget.value })}
            error={save.fieldError('phone')}
            maxLength={maxLengthOf(AddUserRequest, 'phone')}
            data-testid="user-phone"
          />
          <TextInput
            label={labels.twoFactorTarget}
            description={t('admin.users.fields.twoFactorHint')}
            type="email"
            value={state.twoFactorTarget ?? effectiveTwoFactorTarget(state)}
            onChange={(e) => set({ twoFactorTarget: e.currentTarget.value })}
            error={show('twoFactorTarget')}
            autoComplete="off"
            data-testid="user-two-factor"
          />
          <Select
            label={labels.language}
            data={[
              { value: 'en', label: t('admin.users.fields.languageEn') },
              { value: 'de', label: t('admin.users.fields.languageDe') },
            ]}
            value={state.language}
            onChange={(next) => next && set({ language: next as UserFormState['language'] })}
            allowDeselect={false}
            data-testid="user-language"
          />
        </SimpleGrid>
        <MultiSelect
          label={labels.clinics}
          placeholder={state.clinicIds.length === 0 ? t('admin.users.fields.clinicsPlaceholder') : undefined}
          data={clinicOptions}
          value={state.clinicIds}
          onChange={(clinicIds) => set({ clinicIds })}
          error={save.fieldError('clinics')}
          searchable
          clearable
          nothingFoundMessage={t('admin.users.none')}
          data-testid="user-clinics"
        />
        <MultiSelect
          label={labels.eutes}
          placeholder={state.euteIds.length === 0 ? t('admin.users.fields.eutesPlaceholder') : undefined}
          data={euteOptions}
          value={state.euteIds}
          onChange={(euteIds) => set({ euteIds })}
          error={save.fieldError('eutes')}
          searchable
          clearable
          nothingFoundMessage={t('admin.users.none')}
          data-testid="user-eutes"
        />
        <Checkbox
          label={labels.admin}
          checked={state.admin}
          onChange={(e) => set({ admin: e.currentTarget.checked })}
          data-testid="user-admin"
        />
        <Checkbox
          label={labels.audit}
          checked={state.audit}
          onChange={(e) => set({ audit: e.currentTarget.checked })}
          data-testid="user-audit"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="user-submit">
            {user ? t('common.save') : t('admin.users.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
