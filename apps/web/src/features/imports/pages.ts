/** The import area's pages, loaded together when the area is first opened. */
export { ImportPage } from './ImportPage';
export { ImportLogsPage } from './ImportLogsPage';
export { ImportLogPage } from './ImportLogPage';
