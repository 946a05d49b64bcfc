import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { DEFAULT_GRAFT_SEARCH_QUERY, GraftType, type GraftSearchQuery } from '@graftmatch/domain';
import { renderUi } from '../../test/render';
import { CriteriaFields } from './CriteriaFields';

function Harness({ initial }: { initial: GraftSearchQuery }) {
  const [value, setValue] = useState(initial);
  return <CriteriaFields value={value} onChange={setValue} />;
}

const thumb = (name: string) => screen.getByRole('slider', { name });
const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const thumbValue = (name: string) => thumb(name).getAttribute('aria-valuenow');

// Mantine acts on the focused thumb, as a keyboard user's arrow keys do.
function press(name: string, key: 'ArrowLeft' | 'ArrowRight') {
  const element = thumb(name);
  fireEvent.focusIn(element);
  fireEvent.keyDown(element, { key });
  return element;
}

/** Types into a number field as a person does, one character after the other, and leaves it. */
function type(name: string, text: string) {
  const input = field(name);
  fireEvent.focus(input);
  for (let end = 1; end <= text.length; end += 1) {
    fireEvent.change(input, { target: { value: text.slice(0, end) } });
  }
  fireEvent.blur(input);
}

const SMALLEST = 'Smallest proximal diameter';
const LARGEST = 'Largest proximal diameter';

describe('search criteria sliders', () => {
  it('moves the upper diameter handle along when the lower one widens the span past 10', () => {
    renderUi(<Harness initial={{ ...DEFAULT_GRAFT_SEARCH_QUERY, query_d_min: 20, query_d_max: 30 }} />);
    const lower = press(SMALLEST, 'ArrowLeft');
    expect(lower.getAttribute('aria-valuenow')).toBe('19');
    expect(thumbValue(LARGEST)).toBe('29');
  });

  it('moves the lower handle along when the upper one widens the span past 10', () => {
    renderUi(<Harness initial={{ ...DEFAULT_GRAFT_SEARCH_QUERY, query_d_min: 20, query_d_max: 30 }} />);
    press(LARGEST, 'ArrowRight');
    expect([thumbValue(SMALLEST), thumbValue(LARGEST)]).toEqual(['21', '31']);
  });

  it('leaves the other handle alone while the span stays within 10', () => {
    renderUi(<Harness initial={DEFAULT_GRAFT_SEARCH_QUERY} />);
    press(LARGEST, 'ArrowLeft');
    expect([thumbValue(SMALLEST), thumbValue(LARGEST)]).toEqual(['5', '14']);
  });

  it('offers branch lengths only for bifurcated types', () => {
    const { unmount } = renderUi(
      <Harness initial={{ ...DEFAULT_GRAFT_SEARCH_QUERY, query_type: GraftType.AorticValve }} />,
    );
    expect(screen.queryByRole('slider', { name: 'Minimum left branch length' })).toBeNull();
    unmount();
    renderUi(<Harness initial={{ ...DEFAULT_GRAFT_SEARCH_QUERY, query_type: GraftType.PulmonaryValveBifurcation }} />);
    expect(screen.getByRole('slider', { name: 'Minimum left branch length' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Minimum right branch length' })).toBeTruthy();
    expect(field('Minimum left branch length').value).toBe('0 mm');
  });
});

describe('search criteria number fields', () => {
  it('show what the sliders show, and follow a slider that moves', () => {
    renderUi(<Harness initial={{ ...DEFAULT_GRAFT_SEARCH_QUERY, query_d_min: 20, query_d_max: 30 }} />);
    expect([field(SMALLEST).value, field(LARGEST).value]).toEqual(['20 mm', '30 mm']);
    expect(field('Minimum total length').value).toBe('10 mm');
    press(SMALLEST, 'ArrowLeft');
    expect([field(SMALLEST).value, field(LARGEST).value]).toEqual(['19 mm', '29 mm']);
  });

  it('move the sliders as a value is typed, without the digits on the way moving the other end', () => {
    renderUi(<Harness initial={DEFAULT_GRAFT_SEARCH_QUERY} />);
    // 5–15: the upper end typed as 23 pulls the lower one to 13 (span 10); the "2" before it moves nothing.
    type(LARGEST, '23');
    expect([thumbValue(SMALLEST), thumbValue(LARGEST)]).toEqual(['13', '23']);
    type(SMALLEST, '21');
    expect([thumbValue(SMALLEST), thumbValue(LARGEST)]).toEqual(['21', '23']);
    expect([field(SMALLEST).value, field(LARGEST).value]).toEqual(['21 mm', '23 mm']);
    type('Minimum total length', '40');
    expect(thumbValue('Minimum total length')).toBe('40');
  });

  it('let the other end follow a typed end that passes it', () => {
    renderUi(<Harness initial={{ ...DEFAULT_GRAFT_SEARCH_QUERY, query_d_min: 20, query_d_max: 24 }} />);
    type(SMALLEST, '30');
    expect([thumbValue(SMALLEST), thumbValue(LARGEST)]).toEqual(['30', '30']);
  });

  it('keep a value outside the bounds from the sliders, and show the nearest bound once left', () => {
    renderUi(<Harness initial={{ ...DEFAULT_GRAFT_SEARCH_QUERY, query_d_min: 20, query_d_max: 24 }} />);
    const input = field(LARGEST);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '60' } });
    expect(thumbValue(LARGEST)).toBe('24');
    fireEvent.blur(input);
    expect(thumbValue(LARGEST)).toBe('50');
    expect(thumbValue(SMALLEST)).toBe('40');
    expect(field(LARGEST).value).toBe('50 mm');
  });
});
