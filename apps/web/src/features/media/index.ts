/** The files of a graft, shown on its details page. */
export { MediaSection } from './MediaSection';
/** A graft's first photo as a thumbnail. */
export { FirstPhoto } from './FirstPhoto';
