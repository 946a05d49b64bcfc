/** The files of a graft, shown on its details page. */
export { MediaSection } from './MediaSection';
