import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLargeScreen, useSmallScreen } from './useScreen';

function Screen({ seen }: { seen: string[] }) {
  seen.push(`${useLargeScreen() ? 'large' : 'not large'}, ${useSmallScreen() ? 'small' : 'not small'}`);
  return null;
}

// The test environment's own window (happy-dom) can change its size.
const testWindow = window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } };
const resize = (width: number) => testWindow.happyDOM.setViewport({ width, height: 800 });

describe('useLargeScreen and useSmallScreen', () => {
  afterEach(() => {
    cleanup();
    resize(1024);
  });

  it('read a phone’s screen on the first render, so a list is never drawn as the large screen’s table first', () => {
    resize(400);
    const seen: string[] = [];
    render(<Screen seen={seen} />);
    expect(new Set(seen)).toEqual(new Set(['not large, small']));
  });

  it('tell a large screen from a medium one', () => {
    const seen: string[] = [];
    resize(1200);
    render(<Screen seen={seen} />);
    resize(800);
    render(<Screen seen={seen} />);
    expect(seen[0]).toBe('large, not small');
    expect(seen.at(-1)).toBe('not large, not small');
  });
});
