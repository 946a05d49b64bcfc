// The shared vocabulary of server and web: constants, wire schemas with their types, rules, push events.

export * from './constants/product';
export * from './constants/graft-types';
export * from './constants/list-status';
export * from './constants/process-steps';
export * from './constants/file-kinds';
export * from './constants/file-uploads';
export * from './constants/search-bounds';
export * from './constants/paging';
export * from './constants/default-search';
export * from './constants/password-policy';
export * from './constants/import-columns';
export * from './constants/graft-requests';

export * from './schemas/common';
export * from './schemas/paging';
export * from './schemas/enums';
export * from './schemas/graft';
export * from './schemas/graft-search';
export * from './schemas/waiting-list';
export * from './schemas/user';
export * from './schemas/clinic';
export * from './schemas/eute';
export * from './schemas/auth';
export * from './schemas/session';
export * from './schemas/import-log';
export * from './schemas/problem';
export * from './schemas/audit-log';
export * from './schemas/test-alert';
export * from './schemas/graft-request';
export * from './schemas/api-key';
export * from './schemas/user-settings';
export * from './schemas/request-correction';
export * from './schemas/stock';
export * from './schemas/mail';

export * from './rules/text';
export * from './rules/dates';
export * from './rules/full-name';
export * from './rules/patient-code';
export * from './rules/search-validation';
export * from './rules/waiting-list-validation';
export * from './rules/diameter-range';
export * from './rules/graft-list-status';
export * from './rules/graft-matching';
export * from './rules/fit-counts';
export * from './rules/single-european-code';
export * from './rules/graft-import-row';
export * from './rules/import-corrections';
export * from './rules/request-transitions';
export * from './rules/candidate-ranking';
export * from './rules/request-entries';
export * from './rules/clinical-records';
export * from './rules/stock-state';
export * from './rules/reminders';

export * from './push/push-events';
