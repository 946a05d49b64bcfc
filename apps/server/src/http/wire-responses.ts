import { Type } from '@sinclair/typebox';
import { Graft, WaitingListEntry } from '@graftmatch/domain';
import { wire } from './wire';

// Answer schemas that routes of several modules give, typed once (see wire.ts for why).

export const GraftResponse = wire<Graft>(Graft);
export const GraftListResponse = wire<Graft[]>(Type.Array(Graft));
export const WaitingListEntryResponse = wire<WaitingListEntry>(WaitingListEntry);
export const WaitingListResponse = wire<WaitingListEntry[]>(Type.Array(WaitingListEntry));
