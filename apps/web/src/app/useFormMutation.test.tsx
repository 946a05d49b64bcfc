import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { notify } from '../components/notify';
import '../test/render';
import { createQueryClient } from './queryClient';
import { useFormMutation } from '../lib/useFormMutation';

vi.mock('../components/notify', () => ({ notify: vi.fn() }));

afterEach(() => vi.mocked(notify).mockClear());

/** Two fields; the server refuses both by name, or the whole form. */
function Form({ refusal }: { refusal: ApiError }) {
  const [name, setName] = useState('');
  const [city, setCity] = useState('');
  const save = useFormMutation({ mutationFn: () => Promise.reject(refusal) });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <input
        aria-label="name"
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          save.edited('name');
        }}
      />
      <span data-testid="name-error">{save.fieldError('name') ?? ''}</span>
      <input
        aria-label="city"
        value={city}
        onChange={(event) => {
          setCity(event.currentTarget.value);
          save.edited('city');
        }}
      />
      <span data-testid="city-error">{save.fieldError('city') ?? ''}</span>
      {save.error && <div role="alert">{save.error.message}</div>}
      <button type="submit">save</button>
    </form>
  );
}

function renderForm(refusal: ApiError) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Form refusal={refusal} />
    </QueryClientProvider>,
  );
}

describe('a form’s save', () => {
  it('shows a refusal inline only, and the message goes at the first edit', async () => {
    renderForm(new ApiError(409, 'Conflict', 'A clinic of this name exists.'));
    fireEvent.click(screen.getByText('save'));
    expect((await screen.findByRole('alert')).textContent).toBe('A clinic of this name exists.');
    expect(notify).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('city'), { target: { value: 'Kiel' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps each field’s error until that field changes', async () => {
    renderForm(
      new ApiError(400, 'Bad Request', 'Two fields are wrong.', [
        { field: 'name', message: 'Too long.' },
        { field: 'city', message: 'Not a city.' },
      ]),
    );
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(screen.getByTestId('name-error').textContent).toBe('Too long.'));
    expect(screen.getByTestId('city-error').textContent).toBe('Not a city.');

    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'Nord' } });
    expect(screen.getByTestId('name-error').textContent).toBe('');
    expect(screen.getByTestId('city-error').textContent).toBe('Not a city.');
    expect(screen.getByRole('alert')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('city'), { target: { value: 'Kiel' } });
    expect(screen.getByTestId('city-error').textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(notify).not.toHaveBeenCalled();
  });

  it('a mutation that is not a form’s still raises the toast, amber for a refusal', async () => {
    const client = createQueryClient();
    await expect(
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(new ApiError(415, 'Unsupported', 'A PDF is no photo.')) })
        .execute(undefined),
    ).rejects.toThrow();
    expect(notify).toHaveBeenCalledWith('warning', 'A PDF is no photo.', 'Not accepted');
  });
});
