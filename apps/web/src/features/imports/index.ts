/** The bank's export, offered on the bank's graft lists. */
export { ExportDownloads } from './FileDownloads';
