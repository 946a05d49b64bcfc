/** What other features use of notifications: the settings page's alert and device sections. */
export { alertEventsOf } from './alertEvents';
export { AlertSettings } from './AlertSettings';
export { PushDevices } from './PushDevices';
