import { describe, expect, it } from 'vitest';
import { graftRequestMailSubject } from './product';

describe('graft request mail', () => {
  it('tells the tissue bank which lot is wanted and that the request came through GraftMatch', () => {
    expect(graftRequestMailSubject('EL-2021-0042')).toBe('Request for graft with LOT EL-2021-0042 via GraftMatch');
  });
});
