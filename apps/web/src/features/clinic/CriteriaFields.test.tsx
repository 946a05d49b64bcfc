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

// Mantine acts on the focused thumb, as a keyboard user's arrow keys do.
function press(name: string, key: 'ArrowLeft' | 'ArrowRight') {
  const element = thumb(name);
  fireEvent.focusIn(element);
  fireEvent.keyDown(element, { key });
  return element;
}

describe('search criteria sliders', () => {
  it('moves the upper diameter handle along when the lower one widens the span past 10', () => {
    renderUi(<Harness initial={{ ...DEFAULT_GRAFT_SEARCH_QUERY, query_d_min: 20, query_d_max: 30 }} />);
    const lower = press('Smallest proximal diameter', 'ArrowLeft');
    expect(lower.getAttribute('aria-valuenow')).toBe('19');
    expect(thumb('Largest proximal diameter').getAttribute('aria-valuenow')).toBe('29');
    expect(screen.getByTestId('diameter-value').textContent).toBe('19–29 mm');
  });

  it('moves the lower handle along when the upper one widens the span past 10', () => {
    renderUi(<Harness initial={{ ...DEFAULT_GRAFT_SEARCH_QUERY, query_d_min: 20, query_d_max: 30 }} />);
    press('Largest proximal diameter', 'ArrowRight');
    expect(screen.getByTestId('diameter-value').textContent).toBe('21–31 mm');
  });

  it('leaves the other handle alone while the span stays within 10', () => {
    renderUi(<Harness initial={DEFAULT_GRAFT_SEARCH_QUERY} />);
    press('Largest proximal diameter', 'ArrowLeft');
    expect(screen.getByTestId('diameter-value').textContent).toBe('5–14 mm');
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
  });
});
