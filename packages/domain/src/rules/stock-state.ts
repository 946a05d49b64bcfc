import { ListStatus } from '../constants/list-status';
import { StepStatus } from '../constants/process-steps';
import type { StockState } from '../schemas/stock';

/**
 * A stock graft's state (docs/decisions.md "The bank's stock"): a Current graft is delivered once
 * its delivery step is done, else assigned; a Free graft is reserved while a request holds it.
 */
export function stockState(
  listStatus: typeof ListStatus.Free | typeof ListStatus.Current,
  deliveryStatus: StepStatus,
  held: boolean,
): StockState {
  if (listStatus === ListStatus.Current) {
    return deliveryStatus === StepStatus.Done ? 'delivered' : 'assigned';
  }
  return held ? 'reserved' : 'free';
}
