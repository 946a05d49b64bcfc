import type { RequestsDeps } from '../requests/requests.service';

/** What vigilance needs is what requests need: it declines requests and files documents. */
export type VigilanceDeps = RequestsDeps;
