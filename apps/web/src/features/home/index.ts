/** The not-found page, which other features show for an unknown address of theirs. */
export { NotFoundPage } from './NotFoundPage';
