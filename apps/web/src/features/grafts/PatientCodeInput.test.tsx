import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { formatPatientCode, type PatientCodeParts } from '@graftmatch/domain';
import { renderUi } from '../../test/render';
import { PatientCodeInput } from './PatientCodeInput';

let latest: PatientCodeParts | null = null;

function Harness() {
  const [value, setValue] = useState<PatientCodeParts>({ initial: null, month: null, year: null });
  latest = value;
  return <PatientCodeInput value={value} onChange={setValue} />;
}

const type = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });

describe('patient code inputs', () => {
  it('builds initial-MM-YYYY from three inputs, upper-casing the initial', () => {
    renderUi(<Harness />);
    expect(screen.getByTestId('patient-code-preview').textContent).toBe('Code: n.d.');
    type('Initial', 'a');
    type('Birth month', '3');
    type('Birth year', '2021');
    expect(screen.getByTestId('patient-code-preview').textContent).toBe('Code: A-03-2021');
    expect(formatPatientCode(latest ?? {})).toBe('A-03-2021');
  });

  it('keeps only letters as the initial and sends missing parts as placeholders', () => {
    renderUi(<Harness />);
    type('Initial', '7');
    type('Birth year', '1980');
    expect((screen.getByLabelText('Initial') as HTMLInputElement).value).toBe('');
    expect(formatPatientCode(latest ?? {})).toBe('NN-00-1980');
    expect(screen.getByTestId('patient-code-preview').textContent).toBe('Code: n.d.');
  });
});
