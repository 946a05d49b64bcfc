/**
 * Everything behind login but the admin and import areas, fetched as one file when the first
 * signed-in page opens: the few dozen small files the pages would otherwise share each cost a
 * round trip on a phone's network (docs/performance.md). A physician also gets the tissue bank's
 * pages this way (about 8 kB of their 180 kB); the round trips saved weigh more.
 */
export { AppLayout } from './AppLayout';
export { HomePage } from '../features/home/HomePage';
export { NotFoundPage } from '../features/home/NotFoundPage';
export { ChangePasswordPage } from '../features/auth/ChangePasswordPage';
export { AccountSettingsPage } from '../features/settings/AccountSettingsPage';
export { SearchPage } from '../features/clinic/SearchPage';
export { WaitingListPage } from '../features/clinic/WaitingListPage';
export { GraftDetailsPage } from '../features/clinic/GraftDetailsPage';
export { AssignedGraftsPage } from '../features/clinic/AssignedGraftsPage';
export { MyRequestsPage } from '../features/requests/MyRequestsPage';
export { InboxPage } from '../features/requests/InboxPage';
export { NotificationsPage } from '../features/notifications/NotificationsPage';
export { DemandPage } from '../features/eute/DemandPage';
export { DonationsPage } from '../features/eute/DonationsPage';
export { StockPage } from '../features/eute/StockPage';
export { DonationDetailsPage } from '../features/eute/DonationDetailsPage';
export { GraftHistoryPage } from '../features/grafts/GraftHistory';
export { VigilanceListPage, VigilanceReportPage } from '../features/vigilance';
export { FollowUpsPage } from '../features/followups';
