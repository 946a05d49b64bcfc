/** The banks as the admin area lists them, which the import area names and picks from. */
export { listEutes } from './api';
export { adminKeys } from './keys';
