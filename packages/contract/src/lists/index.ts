/** Every list's definition (zod-free; see `../list-definition.ts`). */
export * from './applications';
export * from './bank-accounts';
export * from './certificates';
export * from './change-requests';
export * from './countries';
export * from './emails';
export * from './invoices';
export * from './members';
export * from './operators';
export * from './payments';
export * from './users';
