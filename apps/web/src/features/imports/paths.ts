export const IMPORT_PATH = '/home/imports';
export const IMPORT_LOGS_PATH = '/home/imports/logs';
export const importLogPath = (id: string) => `${IMPORT_LOGS_PATH}/${encodeURIComponent(id)}`;
