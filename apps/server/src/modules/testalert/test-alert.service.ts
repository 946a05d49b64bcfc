import type { Principal } from '../auth/principal';
import { requireAdmin } from '../auth/auth.policy';
import { testAlert } from '../../realtime/push-audience';
import type { PushPublisher } from '../../realtime/push-bus';

export interface TestAlertDeps {
  push: PushPublisher;
}

/** `POST /admin/testR`: an admin's test alert (`testR`) to every connected user; admins only, as it reaches everyone. */
export function sendTestAlert(deps: TestAlertDeps, principal: Principal | null, message: string): void {
  requireAdmin(principal, { write: true });
  deps.push.publish(testAlert(message));
}
