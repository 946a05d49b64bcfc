import { describe, expect, it } from 'vitest';
import { ListStatus } from '../constants/list-status';
import { StepStatus } from '../constants/process-steps';
import { stockState } from './stock-state';

describe('stockState', () => {
  it('tells free from reserved Free grafts by whether a request holds them', () => {
    expect(stockState(ListStatus.Free, StepStatus.Open, false)).toBe('free');
    expect(stockState(ListStatus.Free, StepStatus.Open, true)).toBe('reserved');
  });

  it('tells assigned from delivered Current grafts by the delivery step', () => {
    expect(stockState(ListStatus.Current, StepStatus.Open, true)).toBe('assigned');
    expect(stockState(ListStatus.Current, StepStatus.Done, false)).toBe('delivered');
  });
});
